/** The form intents the action of /admin handles; the permission matrix has a row for each. */
export const intents = ["approve", "reject", "mark-sold", "delete"] as const;
export type Intent = (typeof intents)[number];
