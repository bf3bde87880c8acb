/** The form intents the action of /signin handles; the permission matrix has a row for each. */
export const intents = ["signin", "forgot", "resend-confirmation", "google"] as const;
export type Intent = (typeof intents)[number];
