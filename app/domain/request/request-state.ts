/**
 * The buyer-request and deal lifecycle as data (offers, viewings, quotes in
 * `user_requests`; purchase requests in `transactions`; docs/product.md#requests).
 * Each transition names its move, who may make it, the kinds of request it
 * applies to, where it starts and where it leads; anything not listed is
 * refused. Read it as a table:
 *
 *   admin:   new → contacted; any open or finished request → closed;
 *            a deal (an accepted offer or purchase request) → sold
 *   seller:  new | contacted | reoffered → accepted | declined (offer, viewing, purchase)
 *            new | contacted | reoffered → countered (offer: an amount; viewing: another slot)
 *   buyer:   countered → accepted (offer, viewing); countered → reoffered (offer: a new amount)
 *            new | contacted | countered | reoffered → withdrawn
 *
 * Closed and sold are final: a purchase request may only be open once per buyer
 * and listing, so reopening could collide.
 */
import type { NOTIFICATION_TYPES, REQUEST_STATUSES, RequestActor, RequestMove } from "#db/vocabulary.ts";
import { REQUEST_STATUS_LABELS } from "./request-schemas.ts";
import { PRODUCT_NAME } from "#app/lib/brand.ts";

type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
export type { RequestActor, RequestMove };
/** Where a request lives: `purchase` is a `transactions` row, the others `user_requests`. */
export type BuyerRequestKind = "offer" | "viewing" | "quote" | "purchase";

export const BUYER_REQUEST_KINDS = ["offer", "viewing", "quote", "purchase"] as const satisfies readonly BuyerRequestKind[];

export type RequestTransition = {
  move: RequestMove;
  by: RequestActor;
  kinds: readonly BuyerRequestKind[];
  from: readonly RequestStatus[];
  to: RequestStatus;
};

const ALL_KINDS = BUYER_REQUEST_KINDS;
/** Kinds whose acceptance is a deal the admin brokers and closes as sold. */
const DEAL_KINDS = ["offer", "purchase"] as const satisfies readonly BuyerRequestKind[];
/** Waiting for the seller's answer. */
const AWAITING_SELLER = ["new", "contacted", "reoffered"] as const satisfies readonly RequestStatus[];

export const REQUEST_TRANSITIONS: readonly RequestTransition[] = [
  // The admin's moves (the Buyer Requests tab).
  { move: "contact", by: "admin", kinds: ALL_KINDS, from: ["new"], to: "contacted" },
  { move: "sell", by: "admin", kinds: DEAL_KINDS, from: ["accepted"], to: "sold" },
  {
    move: "close",
    by: "admin",
    kinds: ALL_KINDS,
    from: ["new", "contacted", "countered", "reoffered", "accepted", "declined", "withdrawn"],
    to: "closed",
  },
  // The seller answers a request about one of their machines.
  { move: "accept", by: "seller", kinds: ["offer", "viewing", "purchase"], from: AWAITING_SELLER, to: "accepted" },
  { move: "decline", by: "seller", kinds: ["offer", "viewing", "purchase"], from: AWAITING_SELLER, to: "declined" },
  { move: "counter", by: "seller", kinds: ["offer", "viewing"], from: AWAITING_SELLER, to: "countered" },
  // The buyer answers the seller's counter, or withdraws.
  { move: "accept", by: "buyer", kinds: ["offer", "viewing"], from: ["countered"], to: "accepted" },
  { move: "reoffer", by: "buyer", kinds: ["offer"], from: ["countered"], to: "reoffered" },
  { move: "withdraw", by: "buyer", kinds: ALL_KINDS, from: ["new", "contacted", "countered", "reoffered"], to: "withdrawn" },
];

/** Where `move` by `by` takes a `kind` request in `status`, or null when the map does not allow it. */
export function requestMoveTarget(options: {
  kind: BuyerRequestKind;
  status: RequestStatus;
  move: string;
  by: RequestActor;
}): RequestStatus | null {
  const { kind, status, move, by } = options;
  const t = REQUEST_TRANSITIONS.find(
    (t) => t.move === move && t.by === by && t.kinds.includes(kind) && t.from.includes(status),
  );
  return t ? t.to : null;
}

/** The moves `by` may make on a `kind` request in `status` (the buttons each side sees). */
export function allowedRequestMoves(options: { kind: BuyerRequestKind; status: RequestStatus; by: RequestActor }): RequestMove[] {
  const { kind, status, by } = options;
  return REQUEST_TRANSITIONS.filter((t) => t.by === by && t.kinds.includes(kind) && t.from.includes(status)).map((t) => t.move);
}

function adminTransitions(current: RequestStatus, kind?: BuyerRequestKind) {
  return REQUEST_TRANSITIONS.filter(
    (t) => t.by === "admin" && t.from.includes(current) && (kind ? t.kinds.includes(kind) : t.kinds === ALL_KINDS),
  );
}

/** The admin's move of `current` to the status `to`, or null when the map does not allow it. */
export function nextRequestStatus(current: RequestStatus, to: string, kind?: BuyerRequestKind): RequestStatus | null {
  return adminTransitions(current, kind).find((t) => t.to === to)?.to ?? null;
}

/** The statuses the admin may move a request to (the buttons). */
export function allowedRequestStatuses(current: RequestStatus, kind?: BuyerRequestKind): readonly RequestStatus[] {
  return adminTransitions(current, kind).map((t) => t.to);
}

/** An accepted offer or purchase request: a deal for the admin to broker (and close as sold). */
export function isDeal(kind: BuyerRequestKind, status: RequestStatus) {
  return (DEAL_KINDS as readonly string[]).includes(kind) && (status === "accepted" || status === "sold");
}

/** Whose answer the request waits for (null: nobody's, it is settled or with the admin). */
export function awaitingParty(status: RequestStatus): "seller" | "buyer" | null {
  if ((AWAITING_SELLER as readonly string[]).includes(status)) return "seller";
  return status === "countered" ? "buyer" : null;
}

/** "New", "Contacted", "Closed"…: the words every list uses. */
export const REQUEST_STATUS_LABEL = REQUEST_STATUS_LABELS;

/** A status in a request's own words: a viewing is "Confirmed" or has "Another time proposed". */
export function requestStatusLabel(kind: BuyerRequestKind, status: RequestStatus) {
  if (kind === "viewing" && status === "accepted") return "Confirmed";
  if (kind === "viewing" && status === "countered") return "Another time proposed";
  return REQUEST_STATUS_LABEL[status];
}

/** The admin's button for moving a request to each status. */
export const REQUEST_STATUS_ACTION: Record<RequestStatus, string> = {
  new: "Reopen",
  contacted: "Mark Contacted",
  countered: "Counter",
  reoffered: "New offer",
  accepted: "Accept",
  declined: "Decline",
  withdrawn: "Withdraw",
  sold: "Close as Sold",
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
        : status === "sold"
          ? `Our team has closed your deal${on} as sold. Thank you for using ${PRODUCT_NAME}.`
          : `Your ${what}${on} is now ${REQUEST_STATUS_LABEL[status]}.`;
  return {
    type: BUYER_REQUEST_NOTIFICATION_TYPE[kind],
    title: status === "sold" ? "Your deal is closed as sold" : `Your ${what} is now ${REQUEST_STATUS_LABEL[status]}`,
    message,
  };
}
