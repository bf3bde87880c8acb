import { describe, expect, it } from "vitest";
import { TEST_EMAIL_MESSAGES, TEST_EMAIL_TITLES, TestEmailSchema } from "./test-email-schema.ts";

const first = (r: { success: boolean; error?: { issues: { message: string }[] } }) => (r.success ? null : r.error!.issues[0]!.message);

describe("e-mail test form", () => {
  it("needs an e-mail (Email Required)", () => {
    for (const email of ["", "   ", undefined]) {
      const message = first(TestEmailSchema.safeParse({ intent: "send-agreement-pdf", email }));
      expect(message).toBe("Please enter your email address.");
      expect(TEST_EMAIL_TITLES[message!]).toBe("Email Required");
    }
  });

  it("refuses an address that is not one", () => {
    for (const email of ["thandi", "thandi@", "a b@example.co.za"]) {
      const message = first(TestEmailSchema.safeParse({ intent: "send-agreement-pdf", email }));
      expect(message).toBe(TEST_EMAIL_MESSAGES.invalid);
      expect(TEST_EMAIL_TITLES[message!]).toBe("Invalid Email");
    }
  });

  it("knows the three server functions and nothing else", () => {
    for (const intent of ["send-agreement-confirmation", "send-agreement-pdf", "send-listing-notification"]) {
      expect(TestEmailSchema.parse({ intent, email: " thandi@example.co.za " })).toEqual({ intent, email: "thandi@example.co.za" });
    }
    expect(first(TestEmailSchema.safeParse({ intent: "send-invitation", email: "thandi@example.co.za" }))).toBe(
      TEST_EMAIL_MESSAGES.unknownFunction,
    );
  });
});
