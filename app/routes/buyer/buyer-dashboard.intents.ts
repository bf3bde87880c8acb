/** The form intents the action of /buyer-dashboard handles; the permission matrix has a row for each. */
export const intents = ["create-buyer-profile", "contact-admin", "offer", "viewing", "quote"] as const;
export type Intent = (typeof intents)[number];
