/** The form intents the action of /account/data handles; the permission matrix has a row for each. */
export const intents = ["prepare"] as const;
export type Intent = (typeof intents)[number];
