/**
 * Invitations (docs/product.md#roles-and-accounts, #forms, #messages): the admin's invite form, shared by the
 * browser and the server, and the spec's texts word for word.
 */
import { z } from "zod";

export const INVITATION_MESSAGES = {
  emailRequired: "Email address is required.",
  invalidEmail: "Please enter a valid email address.",
  sentTitle: "Invitation Sent",
  failed: "Failed to send invitation. Please try again.",
  alreadyRegisteredTitle: "Account Already Exists",
  alreadyRegistered: "This email is already registered. The user can sign in, or you can send a password reset instead.",
  invalidTitle: "Invalid Invitation",
  invalid: "This invitation is invalid, expired, or has already been used.",
  loadFailed: "Failed to load invitation details.",
  mismatchTitle: "Email Mismatch",
  mismatch: "The email address doesn't match the invitation.",
  pageTitle: "Complete Your Invitation",
  verifying: "Verifying invitation…",
  verified: "Invitation Verified!",
  verifyFailedTitle: "Invitation Verification Failed",
  verifyFailed: "Failed to verify invitation. Please contact support or request a new invitation.",
} as const;

/** An invitation link is valid for 7 days and works once. */
export const INVITATION_TTL_DAYS = 7;
/** Invite redirect delay 2 s (from the verification screen to /complete-signup; docs/product.md#interface). */
export const INVITE_REDIRECT_DELAY_MS = 2_000;

export const INVITE_ROLES = ["buyer", "seller"] as const;
export type InviteRole = (typeof INVITE_ROLES)[number];

export const INVITE_LIMITS = { email: 254, fullName: 120, customMessage: 2000 } as const;

/** The spec's "simple address pattern": something@something.something, no spaces. */
export const SIMPLE_EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const optionalText = (max: number) =>
  z.preprocess(
    (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
    z.string().max(max, `Must be at most ${max} characters.`).optional(),
  );

export const InviteSchema = z.object({
  // Conform turns an empty field into `undefined` before the string check, hence the type message.
  email: z.preprocess(
    (v) => (typeof v === "string" ? v.trim() : v),
    z
      .string({ message: INVITATION_MESSAGES.emailRequired })
      .min(1, INVITATION_MESSAGES.emailRequired)
      .pipe(
        z
          .string()
          .max(INVITE_LIMITS.email, INVITATION_MESSAGES.invalidEmail)
          .regex(SIMPLE_EMAIL_PATTERN, INVITATION_MESSAGES.invalidEmail),
      ),
  ),
  fullName: optionalText(INVITE_LIMITS.fullName),
  customMessage: optionalText(INVITE_LIMITS.customMessage),
  role: z.preprocess((v) => (v === undefined || v === "" ? "buyer" : v), z.enum(INVITE_ROLES)),
});

export type InviteInput = z.infer<typeof InviteSchema>;

/** What an invitation link looks like before any lookup: 32 random bytes in base64url (43 characters). */
export function isWellFormedInvitationToken(token: string | null | undefined): token is string {
  return typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);
}
