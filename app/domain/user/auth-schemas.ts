/**
 * One Zod schema per account form, shared by the browser and the server (the
 * browser loads them when the visitor first reaches for a form:
 * `use-deferred-validation.ts`). Their words are in `auth-messages.ts`, which
 * pages import without Zod; everything there is re-exported here.
 */
import { z } from "zod";
import { tooLong } from "#app/lib/text-limits.ts";
import { PHONE_MAX_LENGTH, PHONE_PATTERN } from "#app/lib/phone.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/account-policy.ts";
import { MESSAGES } from "./auth-messages.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

export {
  CONFIRMATION_MESSAGES,
  firstError,
  formatWait,
  MESSAGES,
  PASSWORD_MAX,
  PASSWORD_MIN,
  SIGN_UP_SECRET_FIELDS,
  signUpErrorToast,
  signUpInvalid,
  TITLES,
} from "./auth-messages.ts";

/** What is wrong with a new password, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if ([...password].length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  return undefined;
}

/** A checkbox: ticked is "on" (a browser's form), "true" or true. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

const trimmed = z.preprocess((v) => (typeof v === "string" ? v.trim() : v), z.string().optional());
/** The optional company name of sign-up, /complete-profile and the buyer profile. */
export const optionalCompanyName = z.preprocess(
  (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
  z.string().max(200, tooLong("Company name", 200)).optional(),
);

export const SignInSchema = z.object({
  email: trimmed.pipe(z.string({ message: MESSAGES.missingSignIn }).min(1, MESSAGES.missingSignIn)),
  password: z.string({ message: MESSAGES.missingSignIn }).min(1, MESSAGES.missingSignIn),
  redirectTo: z.string().optional(),
});

export const ForgotPasswordSchema = z.object({
  email: trimmed.pipe(
    z.string({ message: MESSAGES.emailRequired }).min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.invalidEmail)),
  ),
});

export const SignUpSchema = z
  .object({
    email: trimmed.pipe(
      z
        .string({ message: MESSAGES.signUpRequired })
        .min(1, MESSAGES.signUpRequired)
        .pipe(z.email(MESSAGES.invalidEmail)),
    ),
    password: z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired),
    confirmPassword: z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired),
    role: z.enum(["buyer", "seller"], { message: MESSAGES.signUpRequired }),
    fullName: trimmed.pipe(
      z
        .string({ message: MESSAGES.signUpRequired })
        .min(1, MESSAGES.signUpRequired)
        .max(120, tooLong("Full name", 120)),
    ),
    phone: trimmed.pipe(
      z
        .string({ message: MESSAGES.signUpRequired })
        .min(1, MESSAGES.signUpRequired)
        .max(PHONE_MAX_LENGTH, MESSAGES.invalidPhone)
        .regex(PHONE_PATTERN, MESSAGES.invalidPhone),
    ),
    companyName: optionalCompanyName,
    sellerType: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["company", "private"]).optional()),
    sellerRole: z.preprocess((v) => (v === "" ? undefined : v), z.enum(["agent", "direct"]).optional()),
    /** A buyer accepts the 2.5% buyer commission on the sign-up form itself; ignored for sellers. */
    commissionAccepted: checkbox,
    invitation: z.string().optional(),
  })
  .superRefine((data, ctx) => {
    if (data.role === "buyer" && !data.commissionAccepted) {
      ctx.addIssue({ code: "custom", path: ["commissionAccepted"], message: MESSAGES.commissionRequired });
    }
    const problem = passwordProblem(data.password);
    if (data.password !== data.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.passwordsDontMatch });
    } else if (problem) {
      ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    }
  });

/** better-auth's reset tokens are URL-safe; anything else cannot be one (and must not reach the database). */
export const RESET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;

export const ResetPasswordSchema = z
  .object({
    token: z.string().regex(RESET_TOKEN),
    password: z.string({ message: MESSAGES.resetRequired }).min(1, MESSAGES.resetRequired),
    confirmPassword: z.string({ message: MESSAGES.resetRequired }).min(1, MESSAGES.resetRequired),
  })
  .superRefine((data, ctx) => {
    const problem = passwordProblem(data.password);
    if (problem) {
      ctx.addIssue({ code: "custom", path: ["password"], message: problem });
    } else if (data.password !== data.confirmPassword) {
      ctx.addIssue({ code: "custom", path: ["confirmPassword"], message: MESSAGES.resetMismatch });
    }
  });

export const CompleteProfileSchema = z
  .object({
    role: z.enum(["buyer", "seller"], { message: MESSAGES.roleRequired }),
    fullName: trimmed.pipe(
      z
        .string({ message: MESSAGES.fullNameRequired })
        .min(1, MESSAGES.fullNameRequired)
        .max(120, tooLong("Full name", 120)),
    ),
    companyName: optionalCompanyName,
    website: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
      z
        .url({ message: MESSAGES.invalidWebsite, protocol: /^https?$/ })
        .max(300, tooLong("Website", 300))
        .optional(),
    ),
    commissionAccepted: checkbox,
  })
  .superRefine((data, ctx) => {
    if (data.role === "buyer" && !data.commissionAccepted) {
      ctx.addIssue({ code: "custom", path: ["commissionAccepted"], message: MESSAGES.commissionRequired });
    }
  });

export const SelectRoleSchema = z.object({
  role: z.enum(["buyer", "seller"], { message: MESSAGES.roleRequired }),
});

/** "Resend confirmation e-mail" (after sign-up, and on sign-in before confirming). */
export const ResendConfirmationSchema = z.object({
  email: trimmed.pipe(
    z.string({ message: MESSAGES.emailRequired }).min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.invalidEmail)),
  ),
});
