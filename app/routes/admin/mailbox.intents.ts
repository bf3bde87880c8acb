/** The form intents the action of /admin/mailbox handles; the permission matrix has a row for each. */
export const intents = ["retry"] as const;
export type Intent = (typeof intents)[number];
