/** The form intents the action of /seller/listings/:id handles (the seller's answers to its requests); the permission matrix has a row for each. */
import { SELLER_REQUEST_INTENTS } from "#app/domain/request/request-move-schemas.ts";

export const intents = SELLER_REQUEST_INTENTS;
export type Intent = (typeof intents)[number];
