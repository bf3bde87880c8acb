/**
 * The /account forms, shared by the browser and the server (docs/product.md#your-account). Every field keeps
 * the rule and the words it has where the product first asks for it: the name, company and website of
 * /complete-profile, the phone of sign-up, the e-mail of "Forgot password", the new password of the reset
 * form. Only what has no earlier form (the current password, the sessions) has words of its own here.
 */
import { z } from "zod";
import {
  CompleteProfileSchema,
  ForgotPasswordSchema,
  MESSAGES,
  optionalCompanyName,
  passwordProblem,
  SignUpSchema,
  TITLES,
} from "./auth-schemas.ts";

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: "Please enter your current password.",
  wrongPassword: "The current password you entered is incorrect.",
  samePassword: "Your new password must be different from your current one.",
  googleOnly: "You sign in with Google, so your account has no password to change.",
  sameEmail: "That is already your e-mail address.",
  passwordChanged: "Your password is changed. Every other device was signed out.",
  passwordFailed: "Your password could not be changed. Please try again.",
  emailFailed: "Your e-mail address could not be changed. Please try again.",
  emailSent: (newEmail: string, oldEmail: string) =>
    `We sent a link to ${newEmail}. Your e-mail stays ${oldEmail} until you confirm.`,
  emailChanged: (email: string) => `Your e-mail address is now ${email}.`,
  emailPending: (email: string, sentAt: string, validUntil: string) =>
    `We sent a link to ${email} on ${sentAt}. Your e-mail stays as it is until you follow it (valid until ${validUntil}). Not received? Check the spam folder, or send a new link below.`,
  emailLinkFailed:
    "This link is invalid, has expired or was already used. Your e-mail address is the one shown below; to change it, ask for a new link.",
  sessionGone: "That session has already ended.",
  thisDevice: "This is the device you are using. Use Logout to sign out here.",
  /** Shown by the profile form while a verified seller's name or company differs from the saved one. */
  renameResetsVerification:
    "Changing your name or company sends your verification back to review; the Verified seller badge comes off until our team checks again.",
  /** The toast after a verified seller's name or company changed. */
  renamedToReview:
    "Your Verified seller badge came off: your new name or company waits for our team's review. We tell you when they have checked.",
} as const;

/** Toast titles, by message (the sign-up and reset forms' own titles included). */
export const ACCOUNT_TITLES: Record<string, string> = {
  ...TITLES,
  [MESSAGES.fullNameRequired]: "Full Name Required",
  [MESSAGES.invalidWebsite]: "Invalid Website",
  [MESSAGES.signUpRequired]: "Phone Number Required",
  [ACCOUNT_MESSAGES.currentPasswordRequired]: "Current Password Required",
  [ACCOUNT_MESSAGES.wrongPassword]: "Incorrect Password",
  [ACCOUNT_MESSAGES.samePassword]: "Same Password",
};

/** Name, phone, company, website: every copy of them (user, profile, seller, buyer) follows. */
export const AccountProfileSchema = z.object({
  fullName: CompleteProfileSchema.shape.fullName,
  phone: SignUpSchema.shape.phone,
  companyName: optionalCompanyName,
  website: CompleteProfileSchema.shape.website,
});
export type AccountProfileInput = z.infer<typeof AccountProfileSchema>;

type NameAndCompany = { fullName?: string | null; companyName?: string | null };
const plain = (value: string | null | undefined) => (value ?? "").trim();

/**
 * Whether a profile change touches what the Verified seller badge vouches for: the name or the company
 * (compared as the form saves them: trimmed, an empty company is none). The form warns with it; the
 * server sends a verified seller back to review by the same test.
 */
export function changesNameOrCompany(saved: NameAndCompany, next: NameAndCompany) {
  return plain(saved.fullName) !== plain(next.fullName) || plain(saved.companyName) !== plain(next.companyName);
}

const currentPassword = z
  .string({ message: ACCOUNT_MESSAGES.currentPasswordRequired })
  .min(1, ACCOUNT_MESSAGES.currentPasswordRequired);

/**
 * The current password, and a new one under the sign-up policy that differs from it, typed twice (the reset
 * form's words).
 */
export const ChangePasswordSchema = z
  .object({
    currentPassword,
    newPassword: z.string({ message: MESSAGES.resetRequired }).min(1, MESSAGES.resetRequired),
    confirmPassword: z.string({ message: MESSAGES.resetRequired }).min(1, MESSAGES.resetRequired),
  })
  .superRefine((data, ctx) => {
    const problem = passwordProblem(data.newPassword);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: problem });
    } else if (data.currentPassword && data.newPassword === data.currentPassword) {
      ctx.addIssue({ code: "custom", path: ["newPassword"], message: ACCOUNT_MESSAGES.samePassword });
    } else if (data.newPassword !== data.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.resetMismatch });
    }
  });

/** A new address, with the current password for an account that has one. */
export const ChangeEmailSchema = z.object({ newEmail: ForgotPasswordSchema.shape.email, currentPassword });
/** A new address for an account that signs in with Google only (no password to ask for). */
export const ChangeEmailWithoutPasswordSchema = z.object({ newEmail: ForgotPasswordSchema.shape.email });

/** Sign out one other session: which one (its id, never its token). */
export const SessionIdSchema = z.object({
  sessionId: z
    .string({ message: ACCOUNT_MESSAGES.sessionGone })
    .min(1, ACCOUNT_MESSAGES.sessionGone)
    .max(200, ACCOUNT_MESSAGES.sessionGone),
});

/** A button with no fields (sign out everywhere else, withdraw an alert consent). */
export const NoFieldsSchema = z.object({});

/** The password fields are never sent back to the browser. */
export const PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];
