/**
 * The account forms' words, the product's wording word for word
 * (docs/product.md#messages), and `TITLES`, each message's toast title.
 * No Zod here: pages show these without loading the schemas
 * (`auth-schemas.ts`, which re-exports all of it).
 */
import { INVALID_PHONE } from "#app/lib/phone.ts";

export { PASSWORD_MAX, PASSWORD_MIN } from "#app/lib/account-policy.ts";

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
