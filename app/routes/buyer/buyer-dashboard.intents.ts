/** The form intents the action of /buyer-dashboard handles; the permission matrix has a row for each. */
import { BUYER_REQUEST_INTENTS } from "#app/domain/request/request-move-schemas.ts";

export const intents = ["create-buyer-profile", "contact-admin", "offer", "viewing", "quote", ...BUYER_REQUEST_INTENTS] as const;
export type Intent = (typeof intents)[number];
