/**
 * One Zod schema per account form, shared by the browser and the server.
 * Messages are the product's wording, word for word (docs/product.md#messages); `TITLES` gives each its toast title.
 */
import { z } from "zod";
import { tooLong } from "#app/lib/text-limits.ts";
import { INVALID_PHONE, PHONE_MAX_LENGTH, PHONE_PATTERN } from "#app/lib/phone.ts";
import { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/account-policy.ts";
import { COMMON_PASSWORDS } from "./common-passwords.ts";

export { PASSWORD_MAX, PASSWORD_MIN };

/** What is wrong with a new password, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if ([...password].length < PASSWORD_MIN) return MESSAGES.passwordTooShort;
  if ([...password].length > PASSWORD_MAX) return MESSAGES.passwordTooLong;
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return MESSAGES.passwordTooCommon;
  return undefined;
}

/** A checkbox: ticked is "on" (a browser's form), "true" or true. */
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

export const MESSAGES = {
  missingSignIn: "Please enter both email and password.",
  emailRequired: "Please enter your email address.",
  invalidEmail: "Please enter a valid email address.",
  signUpRequired: "Please fill in all required fields including phone number.",
  invalidPhone: INVALID_PHONE,
  passwordsDontMatch: "Please ensure both password fields match.",
  passwordTooShort: "Password must be at least 8 characters long.",
  passwordTooLong: "Password must be at most 128 characters long.",
  passwordTooCommon: "This password is too common and easy to guess. Please choose another.",
  resetRequired: "Please fill in all fields.",
  resetMismatch: "Please make sure both password fields match.",
  fullNameRequired: "Full name is required.",
  commissionRequired: "You must accept the 2.5% buyer commission to proceed.",
  roleRequired: "Please select your account type.",
  invalidWebsite: "Please enter a full website address, such as https://example.co.za",
  emailMismatch: "The email address doesn't match the invitation.",
} as const;

export const TITLES: Record<string, string> = {
  [MESSAGES.missingSignIn]: "Missing Information",
  [MESSAGES.emailRequired]: "Email Required",
  [MESSAGES.signUpRequired]: "Missing Information",
  [MESSAGES.invalidPhone]: "Invalid Phone Number",
  [MESSAGES.passwordsDontMatch]: "Passwords Don't Match",
  [MESSAGES.passwordTooShort]: "Password Too Short",
  [MESSAGES.passwordTooLong]: "Password Too Long",
  [MESSAGES.passwordTooCommon]: "Password Too Common",
  [MESSAGES.commissionRequired]: "Commission Agreement Required",
  [MESSAGES.roleRequired]: "Role Required",
  [MESSAGES.emailMismatch]: "Email Mismatch",
};

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
      z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired).pipe(z.email(MESSAGES.invalidEmail)),
    ),
    password: z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired),
    confirmPassword: z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired),
    role: z.enum(["buyer", "seller"], { message: MESSAGES.signUpRequired }),
    fullName: trimmed.pipe(z.string({ message: MESSAGES.signUpRequired }).min(1, MESSAGES.signUpRequired).max(120, tooLong("Full name", 120))),
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
    fullName: trimmed.pipe(z.string({ message: MESSAGES.fullNameRequired }).min(1, MESSAGES.fullNameRequired).max(120, tooLong("Full name", 120))),
    companyName: optionalCompanyName,
    website: z.preprocess(
      (v) => (typeof v === "string" && v.trim() !== "" ? v.trim() : undefined),
      z.url({ message: MESSAGES.invalidWebsite, protocol: /^https?$/ }).max(300, tooLong("Website", 300)).optional(),
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

/** The sign-up forms' toast for a failed check: the spec's "fill in all required fields" whenever a field is empty, else the first field's message. */
export function signUpErrorToast(errors: Record<string, string[] | null | undefined> | null | undefined) {
  const missing = Object.values(errors ?? {}).some((list) => list?.includes(MESSAGES.signUpRequired));
  const message = missing ? MESSAGES.signUpRequired : (firstError(errors) ?? MESSAGES.signUpRequired);
  return { type: "error" as const, title: TITLES[message] ?? "Sign Up Failed", description: message };
}

/** The sign-up fields never sent back to the browser. */
export const SIGN_UP_SECRET_FIELDS = ["password", "confirmPassword"];

/** How a sign-up form that did not validate is answered: its toast's words, without the passwords. */
export function signUpInvalid(errors: Record<string, string[] | null | undefined> | null | undefined) {
  const { title, description } = signUpErrorToast(errors);
  return { title, message: description, hideFields: SIGN_UP_SECRET_FIELDS };
}

/** "Resend confirmation e-mail" (after sign-up, and on sign-in before confirming). */
export const ResendConfirmationSchema = z.object({
  email: trimmed.pipe(
    z.string({ message: MESSAGES.emailRequired }).min(1, MESSAGES.emailRequired).pipe(z.email(MESSAGES.invalidEmail)),
  ),
});

/** "42 seconds", "1 minute", "37 minutes". */
export function formatWait(seconds: number) {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} second${s === 1 ? "" : "s"}`;
  const m = Math.ceil(s / 60);
  return `${m} minute${m === 1 ? "" : "s"}`;
}

export const CONFIRMATION_MESSAGES = {
  sentTo: (email: string) => `We sent a confirmation link to ${email}.`,
  notConfirmed: (email: string) => `The address ${email} is not confirmed yet.`,
  resentTitle: "Confirmation E-mail Sent",
  resent: (email: string) => `We sent a new confirmation link to ${email}.`,
  waitTitle: "Please Wait",
  wait: (seconds: number) => `You can ask for another confirmation e-mail in ${formatWait(seconds)}.`,
  button: "Resend confirmation e-mail",
} as const;

/** First error message for a field map, for the form-level toast. */
export function firstError(errors: Record<string, string[] | null | undefined> | null | undefined) {
  if (!errors) return undefined;
  for (const list of Object.values(errors)) if (list?.[0]) return list[0];
  return undefined;
}
