/**
 * Invitations (docs/product.md#roles-and-accounts, #forms, #messages): the admin's invite form, shared by the
 * browser and the server, and the spec's texts word for word.
 */
import { z } from "zod";
import { INVITATION_MESSAGES } from "./invitation-messages.ts";

export { INVITATION_MESSAGES, INVITE_REDIRECT_DELAY_MS } from "./invitation-messages.ts";

/** An invitation link is valid for 7 days and works once. */
export const INVITATION_TTL_DAYS = 7;

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
