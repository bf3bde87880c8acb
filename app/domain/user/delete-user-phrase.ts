/**
 * The phrase an admin types to delete a user (docs/product.md#roles-and-accounts, #forms): exactly
 * "DELETE", one space, and the user's e-mail. Shared by the browser (the
 * confirm button stays disabled until it matches) and the server (which
 * checks it again).
 */
export const INVALID_DELETE_CONFIRMATION = "Invalid confirmation: Please type the exact confirmation text.";

export function deleteConfirmationPhrase(email: string) {
  return `DELETE ${email}`;
}

/** True only for the exact phrase: case, spaces and the whole address must match. */
export function isDeleteConfirmation(typed: string | null | undefined, email: string | null | undefined) {
  if (typeof typed !== "string" || !email) return false;
  return typed === deleteConfirmationPhrase(email);
}
