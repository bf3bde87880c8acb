/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): the forms of /signin/two-factor and
 * /account/two-factor, shared by the browser and the server, and the product's words for them.
 */
import { z } from "zod";
import { PASSWORD_MAX } from "#app/lib/account-policy.ts";

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  backupCodeRequired: "Enter one of your backup codes, like ABCDE-12345.",
  eitherCodeRequired: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  passwordRequired: "Enter your password.",
  codeWrong: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  backupCodeWrong: "That backup code is not right, or it was already used.",
  passwordWrong: "The password you entered is incorrect.",
  signInExpired: "Your sign-in has expired. Please sign in again.",
  tooManyForSignIn: "Too many wrong codes. Please sign in again.",
  locked: "Too many wrong codes for this account. Please wait 15 minutes and try again.",
  alreadyOn: "Two-factor sign-in is already on for this account.",
  notOn: "Two-factor sign-in is not on for this account.",
  noSetup: "There is no setup to confirm. Start again with your password.",
  noPassword:
    "Two-factor sign-in needs a password on your account. Set one with “Forgot your password?” on the sign-in page (we e-mail you a link), then come back here.",
  requiredForAdmins:
    "Admins on this site must use two-factor sign-in, so it cannot be turned off while this account has admin access.",
} as const;

const text = (message: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/\s+/g, "") : v), z.string({ message }).min(1, message));

/** A 6-digit code from an authenticator app (spaces allowed: "123 456"). */
const totpCode = text(TWO_FACTOR_MESSAGES.codeRequired).pipe(
  z.string().regex(/^\d{6}$/, TWO_FACTOR_MESSAGES.codeRequired),
);

export const BACKUP_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** A backup code as shown: ten letters and digits, "ABCDE-12345" (the dash may be left out; the case matters). */
const backupCode = text(TWO_FACTOR_MESSAGES.backupCodeRequired)
  .transform((v) => (/^[A-Za-z0-9]{10}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : v))
  .pipe(z.string().regex(BACKUP_CODE_PATTERN, TWO_FACTOR_MESSAGES.backupCodeRequired));

/** Either kind, for turning it off (a lost phone still has its backup codes). */
const anyCode = text(TWO_FACTOR_MESSAGES.eitherCodeRequired)
  .transform((v) => (/^[A-Za-z0-9]{10}$/.test(v) ? `${v.slice(0, 5)}-${v.slice(5)}` : v))
  .pipe(
    z.string().refine((v) => /^\d{6}$/.test(v) || BACKUP_CODE_PATTERN.test(v), TWO_FACTOR_MESSAGES.eitherCodeRequired),
  );

const password = z
  .string({ message: TWO_FACTOR_MESSAGES.passwordRequired })
  .min(1, TWO_FACTOR_MESSAGES.passwordRequired)
  .max(PASSWORD_MAX, TWO_FACTOR_MESSAGES.passwordWrong);

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** /signin/two-factor: the code from the app. */
export const SignInCodeSchema = z.object({
  code: totpCode,
  trustDevice: checkbox,
  redirectTo: z.string().max(2000).optional(),
});

/** /signin/two-factor?backup=1: a backup code instead. */
export const SignInBackupCodeSchema = z.object({
  code: backupCode,
  trustDevice: checkbox,
  redirectTo: z.string().max(2000).optional(),
});

/** /account/two-factor: the password, to start a setup or to get new backup codes. */
export const PasswordSchema = z.object({ password });

/** /account/two-factor: the code that confirms a setup. */
export const ConfirmCodeSchema = z.object({ code: totpCode });

/** /account/two-factor: turning it off takes the password and a code (from the app, or a backup code). */
export const DisableSchema = z.object({ password, code: anyCode });

/** "ABCD EFGH …": a secret in groups of four, easier to type into an app by hand. */
export function groupSecret(secret: string) {
  return secret.replace(/(.{4})(?=.)/g, "$1 ");
}
