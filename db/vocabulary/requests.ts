/** A request's and a deal's words: statuses, moves, types, quote types and how a mandate is signed. Part of db/vocabulary.ts. */

/**
 * A request's (and a deal's) status: the admin's `contacted` and `closed`, the
 * seller's and buyer's negotiation (`countered` by the seller, `reoffered` by the
 * buyer), its outcome (`accepted`: a deal for an offer or a purchase request;
 * `declined`, `withdrawn`) and `sold` once the admin closes a deal as sold.
 */
export const REQUEST_STATUSES = [
  "new",
  "contacted",
  "countered",
  "reoffered",
  "accepted",
  "declined",
  "withdrawn",
  "sold",
  "closed",
] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** A request in one of these is over: a buyer may ask again (one open purchase request per listing). */
export const FINISHED_REQUEST_STATUSES = ["declined", "withdrawn", "sold", "closed"] as const satisfies readonly RequestStatus[];

export const REQUEST_STATUS_LABELS: Record<RequestStatus, string> = {
  new: "New",
  contacted: "Contacted",
  countered: "Countered",
  reoffered: "New offer",
  accepted: "Accepted",
  declined: "Declined",
  withdrawn: "Withdrawn",
  sold: "Sold",
  closed: "Closed",
};

/** Who made a move in a request's history. */
export const REQUEST_ACTORS = ["buyer", "seller", "admin"] as const;
export type RequestActor = (typeof REQUEST_ACTORS)[number];

/** The moves a request's history records (request-state.ts says who may make each, and from where). */
export const REQUEST_MOVES = [
  "contact",
  "counter",
  "reoffer",
  "accept",
  "decline",
  "withdraw",
  "sell",
  "close",
] as const;
export type RequestMove = (typeof REQUEST_MOVES)[number];

export const REQUEST_TYPES = ["offer", "viewing", "quote"] as const;
export type RequestType = (typeof REQUEST_TYPES)[number];

export const QUOTE_TYPES = [
  "equipment-purchase",
  "equipment-rental",
  "maintenance-service",
  "parts-supply",
  "consultation",
  "other",
] as const;
export type QuoteType = (typeof QUOTE_TYPES)[number];

export const QUOTE_TYPE_LABELS: Record<QuoteType, string> = {
  "equipment-purchase": "Equipment Purchase",
  "equipment-rental": "Equipment Rental",
  "maintenance-service": "Maintenance Service",
  "parts-supply": "Parts Supply",
  consultation: "Consultation",
  other: "Other",
};

export const SIGNATURE_METHODS = ["checkbox", "uploaded_pdf"] as const;
export const MANDATE_STATUSES = ["pdf_requested", "signed"] as const;
