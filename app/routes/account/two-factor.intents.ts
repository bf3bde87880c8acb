/** The form intents the action of /account/two-factor handles; the permission matrix has a row for each. */
export const intents = ["start", "cancel", "confirm", "backup-codes", "disable"] as const;
export type Intent = (typeof intents)[number];
