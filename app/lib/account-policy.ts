/**
 * The account rules better-auth is configured with (auth.server.ts) and the
 * domain's own forms and sign-in apply too: one definition for both.
 */

/** The password policy for every new password (sign-up, invitation, reset): at least 8 characters (docs/product.md#forms). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** What a banned user is told when signing in (the password was right). */
export const ACCOUNT_SUSPENDED = "Your account has been suspended. Please use the contact page if you think this is a mistake.";
