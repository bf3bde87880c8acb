import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { CONTACT_MESSAGES, ContactSchema } from "./contact-schema.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

const valid = {
  name: "Thabo Nkosi",
  email: "thabo@example.co.za",
  subject: "Crane hire",
  message: "Do you list mobile cranes in Gauteng?",
};

describe("contact form", () => {
  it("uses the spec's words", () => {
    expect(CONTACT_MESSAGES.required).toBe("Please fill in all required fields");
    expect(CONTACT_MESSAGES.invalidEmail).toBe("Please enter a valid email address");
    expect(CONTACT_MESSAGES.sent).toBe("Thank you for your message! We'll get back to you soon.");
    expect(CONTACT_MESSAGES.failed).toBe("Failed to send message. Please try again.");
  });

  it("needs name, e-mail, subject and message", () => {
    expect(messages(ContactSchema.safeParse({}))).toEqual(Array(4).fill("Please fill in all required fields"));
    for (const field of ["name", "email", "subject", "message"] as const) {
      expect(messages(ContactSchema.safeParse({ ...valid, [field]: "   " }))).toEqual([
        "Please fill in all required fields",
      ]);
    }
  });

  it("checks the e-mail pattern", () => {
    for (const email of ["thabo", "thabo@", "thabo@example", "a b@example.co.za"]) {
      expect(messages(ContactSchema.safeParse({ ...valid, email }))).toEqual(["Please enter a valid email address"]);
    }
  });

  it("accepts a complete message, trims it, phone optional, honeypot empty", () => {
    expect(ContactSchema.parse({ ...valid, name: "  Thabo Nkosi ", phone: "" })).toEqual({
      ...valid,
      phone: undefined,
      website: undefined,
    });
    expect(ContactSchema.parse({ ...valid, phone: "+27 82 555 1234" }).phone).toBe("+27 82 555 1234");
    expect(messages(ContactSchema.safeParse({ ...valid, phone: "call me" }))).toEqual([
      "Please enter a valid phone number",
    ]);
  });

  it("keeps what a bot typed into the honeypot so the server can drop it", () => {
    expect(ContactSchema.parse({ ...valid, website: "http://spam.example" }).website).toBe("http://spam.example");
  });

  it("reads the posted form the way the route does (Conform turns blanks into missing values)", () => {
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return parseWithZod(form, { schema: ContactSchema });
    };
    const errorsOf = (submission: ReturnType<typeof post>) =>
      submission.status === "success" ? undefined : submission.error;
    const empty = post({ name: "", email: "", phone: "", subject: "", message: "", website: "" });
    expect(empty.status).toBe("error");
    expect(errorsOf(empty)).toEqual({
      name: ["Please fill in all required fields"],
      email: ["Please fill in all required fields"],
      subject: ["Please fill in all required fields"],
      message: ["Please fill in all required fields"],
    });
    const badEmail = post({ ...valid, email: "thabo@" });
    expect(errorsOf(badEmail)).toEqual({ email: ["Please enter a valid email address"] });
    const ok = post({ ...valid, phone: "", website: "" });
    expect(ok.status).toBe("success");
    expect(ok.status === "success" && ok.value).toEqual({ ...valid, phone: undefined, website: undefined });
    const bot = post({ ...valid, website: "http://spam.example" });
    expect(bot.status === "success" && bot.value.website).toBe("http://spam.example");
  });
});
