/** The form intents the action of /admin/messages handles; the permission matrix has a row for each. */
export const intents = ["mark-handled"] as const;
export type Intent = (typeof intents)[number];
