/** The form intents the action of /admin/requests handles; the permission matrix has a row for each. */
export const intents = ["set-status"] as const;
export type Intent = (typeof intents)[number];
