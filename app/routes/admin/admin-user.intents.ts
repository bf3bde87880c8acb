/** The form intents the action of /admin/users/:userId handles; the permission matrix has a row for each. */
export const intents = ["get-email", "reset-password", "ban", "unban", "grant-admin", "revoke-admin", "delete"] as const;
export type Intent = (typeof intents)[number];
