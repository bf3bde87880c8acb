/**
 * The buyer-request lifecycle as data (offers, viewings, quotes in
 * `user_requests`; purchase requests in `transactions`): both use
 * `new → contacted → closed`. The admin may also close a new request without
 * contacting (a duplicate, spam); closed is final: a purchase request may only
 * be open once per buyer and listing, so reopening could collide. Status
 * changes go through `nextRequestStatus`; anything not in the map is refused.
 */
import type { NOTIFICATION_TYPES, REQUEST_STATUSES } from "#db/vocabulary.ts";
import { REQUEST_STATUS_LABELS } from "./request-schemas.ts";
import { PRODUCT_NAME } from "#app/lib/brand.ts";

type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** Where a request lives: `purchase` is a `transactions` row, the others `user_requests`. */
export type BuyerRequestKind = "offer" | "viewing" | "quote" | "purchase";

export const BUYER_REQUEST_KINDS = ["offer", "viewing", "quote", "purchase"] as const satisfies readonly BuyerRequestKind[];

const TRANSITIONS: Record<RequestStatus, readonly RequestStatus[]> = {
  new: ["contacted", "closed"],
  contacted: ["closed"],
  closed: [],
};

/** The status after moving `current` to `to`, or null when the map does not allow it. */
export function nextRequestStatus(current: RequestStatus, to: string): RequestStatus | null {
  return (TRANSITIONS[current] as readonly string[]).includes(to) ? (to as RequestStatus) : null;
}

/** The statuses the admin may move a request to (the buttons). */
export function allowedRequestStatuses(current: RequestStatus): readonly RequestStatus[] {
  return TRANSITIONS[current];
}

/** "New", "Contacted", "Closed": the buyer dashboard's words. */
export const REQUEST_STATUS_LABEL = REQUEST_STATUS_LABELS;

/** The admin's button for moving a request to each status. */
export const REQUEST_STATUS_ACTION: Record<RequestStatus, string> = {
  new: "Reopen",
  contacted: "Mark Contacted",
  closed: "Close",
};

export const BUYER_REQUEST_KIND_LABEL: Record<BuyerRequestKind, string> = {
  offer: "Offer",
  viewing: "Viewing",
  quote: "Quote",
  purchase: "Purchase",
};

/** The buyer's notification type for each kind of request. */
export const BUYER_REQUEST_NOTIFICATION_TYPE: Record<BuyerRequestKind, NotificationType> = {
  offer: "offer_request",
  viewing: "viewing_request",
  quote: "quote_request",
  purchase: "purchase_request",
};

/** What the buyer reads when the admin moves their request, e.g. "Your offer request is now Contacted". */
export function requestStatusNotification(kind: BuyerRequestKind, status: RequestStatus, listingTitle: string | null) {
  const what = `${kind} request`;
  const on = listingTitle ? ` for "${listingTitle}"` : "";
  const message =
    status === "contacted"
      ? `Our team has picked up your ${what}${on}. A representative will contact you soon.`
      : status === "closed"
        ? `Our team has closed your ${what}${on}. Thank you for using ${PRODUCT_NAME}.`
        : `Your ${what}${on} is open again.`;
  return {
    type: BUYER_REQUEST_NOTIFICATION_TYPE[kind],
    title: `Your ${what} is now ${REQUEST_STATUS_LABEL[status]}`,
    message,
  };
}
