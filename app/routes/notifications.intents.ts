/** The form intents the action of /notifications handles; the permission matrix has a row for each. */
export const intents = ["read-all"] as const;
export type Intent = (typeof intents)[number];
