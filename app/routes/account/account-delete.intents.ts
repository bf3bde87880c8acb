/** The form intents the action of /account/delete handles; the permission matrix has a row for each. */
export const intents = ["delete"] as const;
export type Intent = (typeof intents)[number];
