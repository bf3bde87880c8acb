/** The form intents the action of /admin/verifications handles; the permission matrix has a row for each. */
export const intents = ["verify", "reject"] as const;
export type Intent = (typeof intents)[number];
