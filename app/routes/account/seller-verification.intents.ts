/** The form intents the action of /account/verification handles; the permission matrix has a row for each. */
export const intents = ["upload", "submit"] as const;
export type Intent = (typeof intents)[number];
