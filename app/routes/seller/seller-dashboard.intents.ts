/** The form intents the action of /seller-dashboard handles; the permission matrix has a row for each. */
import { SELLER_REQUEST_INTENTS } from "#app/domain/request/request-move-schemas.ts";

export const intents = [
  "delete",
  "contact-admin",
  "change-price",
  "withdraw",
  "relist",
  "mark-sold",
  ...SELLER_REQUEST_INTENTS,
] as const;
export type Intent = (typeof intents)[number];
