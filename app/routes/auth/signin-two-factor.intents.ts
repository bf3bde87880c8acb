/** The form intents the action of /signin/two-factor handles; the permission matrix has a row for each. */
export const intents = ["totp", "backup"] as const;
export type Intent = (typeof intents)[number];
