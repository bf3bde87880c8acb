/**
 * The invitation texts word for word (docs/product.md#messages), without Zod:
 * the sign-up page shows them before any schema has loaded. Re-exported by
 * `invitation-schema.ts`.
 */
export const INVITATION_MESSAGES = {
  emailRequired: "Email address is required.",
  invalidEmail: "Please enter a valid email address.",
  sentTitle: "Invitation Sent",
  failed: "Failed to send invitation. Please try again.",
  alreadyRegisteredTitle: "Account Already Exists",
  alreadyRegistered:
    "This email is already registered. The user can sign in, or you can send a password reset instead.",
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

/** Invite redirect delay 2 s (from the verification screen to /complete-signup; docs/product.md#interface). */
export const INVITE_REDIRECT_DELAY_MS = 2_000;
