/** The form intents the action of /seller/renew/:listingId handles; the permission matrix has a row for each. */
export const intents = ["sign", "request-pdf", "upload"] as const;
export type Intent = (typeof intents)[number];
