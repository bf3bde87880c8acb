/** The form intents the action of /signup handles; the permission matrix has a row for each. */
export const intents = ["resend-confirmation"] as const;
export type Intent = (typeof intents)[number];
