/** The form intents the action of /seller-dashboard handles; the permission matrix has a row for each. */
export const intents = ["delete", "contact-admin", "change-price", "withdraw", "relist", "mark-sold"] as const;
export type Intent = (typeof intents)[number];
