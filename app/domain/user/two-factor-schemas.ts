/**
 * Two-factor sign-in (docs/product.md#two-factor-sign-in): the forms of /signin/two-factor and
 * /account/two-factor, shared by the browser and the server, and the product's words for them.
 */
import { z } from "zod";
import { PASSWORD_MAX } from "#app/lib/account-policy.ts";

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Enter the 6-digit code from your authenticator app.",
  backupCodeRequired: "Enter one of your backup codes, like KX7PM-2QRT9.",
  eitherCodeRequired: "Enter the 6-digit code from your authenticator app, or one of your backup codes.",
  passwordRequired: "Enter your password.",
  codeWrong: "That code is not right. Enter the 6-digit code your authenticator app shows now.",
  codeReused: "That code was already used. Wait for the next one.",
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

/** Dashes as people type or paste them: the hyphen and its look-alikes (non-breaking, en and em dash, minus). */
const DASHES = /[-\u2010-\u2015\u2212_]/g;

/** A 6-digit code from an authenticator app as typed ("123 456", "123-456"), or null if it is not one. */
export function normaliseTotpCode(input: string): string | null {
  const code = input.replace(/\s+/g, "").replace(DASHES, "");
  return /^\d{6}$/.test(code) ? code : null;
}

/**
 * A backup code as typed, in the form it is stored ("KX7PM-2QRT9"), or null if it is not one: any
 * case, with or without spaces and the dash. Codes made before they were capitals only are matched
 * the same way (app/domain/user/two-factor.server.ts compares both sides normalised).
 */
export function normaliseBackupCode(input: string): string | null {
  const code = input.replace(/\s+/g, "").replace(DASHES, "").toUpperCase();
  return /^[A-Z0-9]{10}$/.test(code) ? `${code.slice(0, 5)}-${code.slice(5)}` : null;
}

/** Either kind, as typed: which one it is and its normal form, or null. */
export function classifyTwoFactorCode(
  input: string,
): { kind: "totp"; code: string } | { kind: "backup"; code: string } | null {
  const totp = normaliseTotpCode(input);
  if (totp) return { kind: "totp", code: totp };
  const backup = normaliseBackupCode(input);
  return backup ? { kind: "backup", code: backup } : null;
}

/** A form field that must hold a code: empty or unreadable says `message`; otherwise its normal form. */
const codeField = (message: string, normalise: (input: string) => string | null) =>
  z
    .string({ message })
    .min(1, message)
    .max(100, message)
    .transform((value, ctx) => {
      const code = normalise(value);
      if (code === null) {
        ctx.addIssue({ code: "custom", message });
        return z.NEVER;
      }
      return code;
    });

/** A 6-digit code from an authenticator app (spaces allowed: "123 456"). */
const totpCode = codeField(TWO_FACTOR_MESSAGES.codeRequired, normaliseTotpCode);

/** A backup code as shown, "KX7PM-2QRT9": any case, the dash and spaces optional. */
const backupCode = codeField(TWO_FACTOR_MESSAGES.backupCodeRequired, normaliseBackupCode);

/** Either kind, for turning it off (a lost phone still has its backup codes). */
const anyCode = codeField(TWO_FACTOR_MESSAGES.eitherCodeRequired, (v) => classifyTwoFactorCode(v)?.code ?? null);

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
