/** The form intents the action of /admin/revisions/:id handles; the permission matrix has a row for each. */
export const intents = ["approve-revision", "reject-revision"] as const;
export type Intent = (typeof intents)[number];
