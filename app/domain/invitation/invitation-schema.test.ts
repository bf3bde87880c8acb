import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import {
  INVITATION_MESSAGES,
  INVITATION_TTL_DAYS,
  INVITE_REDIRECT_DELAY_MS,
  InviteSchema,
  isWellFormedInvitationToken,
} from "./invitation-schema.ts";

const messages = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => i.message);

describe("invite form", () => {
  it("uses the spec's words", () => {
    expect(INVITATION_MESSAGES.emailRequired).toBe("Email address is required.");
    expect(INVITATION_MESSAGES.invalidEmail).toBe("Please enter a valid email address.");
    expect(INVITATION_MESSAGES.sentTitle).toBe("Invitation Sent");
    expect(INVITATION_MESSAGES.failed).toBe("Failed to send invitation. Please try again.");
    expect(INVITATION_MESSAGES.invalidTitle).toBe("Invalid Invitation");
    expect(INVITATION_MESSAGES.invalid).toBe("This invitation is invalid, expired, or has already been used.");
    expect(INVITATION_MESSAGES.loadFailed).toBe("Failed to load invitation details.");
    expect(INVITATION_MESSAGES.mismatchTitle).toBe("Email Mismatch");
    expect(INVITATION_MESSAGES.mismatch).toBe("The email address doesn't match the invitation.");
    expect(INVITATION_MESSAGES.pageTitle).toBe("Complete Your Invitation");
    expect(INVITATION_MESSAGES.verified).toBe("Invitation Verified!");
    expect(INVITATION_MESSAGES.verifyFailedTitle).toBe("Invitation Verification Failed");
    expect(INVITATION_MESSAGES.verifyFailed).toBe(
      "Failed to verify invitation. Please contact support or request a new invitation.",
    );
  });

  it("invitations last 7 days; the verification screen moves on after 2 s", () => {
    expect(INVITATION_TTL_DAYS).toBe(7);
    expect(INVITE_REDIRECT_DELAY_MS).toBe(2000);
  });

  it("needs an e-mail", () => {
    expect(messages(InviteSchema.safeParse({}))).toEqual(["Email address is required."]);
    expect(messages(InviteSchema.safeParse({ email: "   " }))).toEqual(["Email address is required."]);
  });

  it("checks a simple address pattern", () => {
    for (const email of ["thabo", "thabo@", "thabo@example", "@example.co.za", "a b@example.co.za", "thabo@@example.co.za"]) {
      expect(messages(InviteSchema.safeParse({ email })), email).toEqual(["Please enter a valid email address."]);
    }
    expect(InviteSchema.safeParse({ email: "thabo@example.co.za" }).success).toBe(true);
  });

  it("defaults the role to buyer; only buyer or seller", () => {
    expect(InviteSchema.parse({ email: "a@b.co" }).role).toBe("buyer");
    expect(InviteSchema.parse({ email: "a@b.co", role: "" }).role).toBe("buyer");
    expect(InviteSchema.parse({ email: "a@b.co", role: "seller" }).role).toBe("seller");
    expect(InviteSchema.safeParse({ email: "a@b.co", role: "admin" }).success).toBe(false);
  });

  it("full name and custom message are optional and trimmed", () => {
    expect(InviteSchema.parse({ email: " a@b.co ", fullName: "  ", customMessage: "" })).toEqual({
      email: "a@b.co",
      fullName: undefined,
      customMessage: undefined,
      role: "buyer",
    });
    expect(
      InviteSchema.parse({ email: "a@b.co", fullName: " Lerato Dlamini ", customMessage: " Welcome aboard " }),
    ).toMatchObject({ fullName: "Lerato Dlamini", customMessage: "Welcome aboard" });
  });

  it("reads the posted form the way the route does (Conform turns blanks into missing values)", () => {
    const post = (fields: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries(fields)) form.set(k, v);
      return parseWithZod(form, { schema: InviteSchema });
    };
    const empty = post({ email: "", fullName: "", customMessage: "", role: "buyer" });
    expect(empty.status).toBe("error");
    expect(empty.status === "error" && empty.error).toEqual({ email: ["Email address is required."] });
    const bad = post({ email: "nope", role: "seller" });
    expect(bad.status === "error" && bad.error).toEqual({ email: ["Please enter a valid email address."] });
    const ok = post({ email: "sipho@example.co.za", fullName: "", customMessage: "", role: "seller" });
    expect(ok.status === "success" && ok.value).toEqual({
      email: "sipho@example.co.za",
      fullName: undefined,
      customMessage: undefined,
      role: "seller",
    });
  });
});

describe("invitation token shape", () => {
  it("accepts 32 random bytes in base64url, nothing else", () => {
    expect(isWellFormedInvitationToken("a".repeat(43))).toBe(true);
    expect(isWellFormedInvitationToken("Ab-_09".padEnd(43, "x"))).toBe(true);
    expect(isWellFormedInvitationToken("a".repeat(42))).toBe(false);
    expect(isWellFormedInvitationToken("a".repeat(44))).toBe(false);
    expect(isWellFormedInvitationToken("a+/=".padEnd(43, "a"))).toBe(false);
    expect(isWellFormedInvitationToken("")).toBe(false);
    expect(isWellFormedInvitationToken(null)).toBe(false);
  });
});
