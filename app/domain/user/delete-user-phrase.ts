/**
 * The phrase typed to delete an account (docs/product.md#roles-and-accounts, #forms, docs/privacy.md):
 * exactly "DELETE", one space, and the account's e-mail — an admin deleting a user, and a user deleting
 * their own account (/account/delete), type the same. It names the account that goes, so whoever is
 * signed in to another account than they think notices. Shared by the browser (the confirm button
 * stays disabled until it matches) and the server (which checks it again).
 */
import { z } from "zod";
import { PASSWORD_MAX } from "#app/lib/account-policy.ts";

export const INVALID_DELETE_CONFIRMATION = "Invalid confirmation: Please type the exact confirmation text.";

export function deleteConfirmationPhrase(email: string) {
  return `DELETE ${email}`;
}

/** "Delete my account", under the field before anything is typed: what to type, with an example. */
export const DELETE_OWN_PHRASE_HINT =
  'Type DELETE in capital letters, one space, then your e-mail address, e.g. "DELETE you@example.com".';

/** "Delete my account", when the phrase does not match: what is expected, for this account. */
export function deleteOwnPhraseMismatch(email: string) {
  return `That does not match. Type DELETE in capital letters, one space, then your e-mail address: "${deleteConfirmationPhrase(email)}".`;
}

/** True only for the exact phrase: case, spaces and the whole address must match. */
export function isDeleteConfirmation(typed: string | null | undefined, email: string | null | undefined) {
  if (typeof typed !== "string" || !email) return false;
  return typed === deleteConfirmationPhrase(email);
}

/**
 * "Delete my account": the password (an account without one, Google only, leaves it out), the
 * phrase, and with two-factor sign-in on a code from the app or a backup code — each checked against
 * the account on the server. The phrase is not trimmed: it must be exact.
 */
export const DeleteOwnAccountSchema = z.object({
  password: z.string().max(PASSWORD_MAX, "Please enter your password.").optional(),
  confirmation: z.string({ message: DELETE_OWN_PHRASE_HINT }).min(1, DELETE_OWN_PHRASE_HINT),
  code: z.string().max(100).optional(),
});
