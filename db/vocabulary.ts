/**
 * Lives in db/ because these are the values the database stores (schema.ts's check constraints and column types); it imports nothing, so db/ and app/ (server and browser) both import it.
 *
 * Every enumeration of stored values and the words the pages show for them.
 */

export const ROLES = ["buyer", "seller", "admin"] as const;
export const SIGNUP_ROLES = ["buyer", "seller"] as const;
export const SELLER_TYPES = ["company", "private"] as const;
export const SELLER_ROLES = ["agent", "direct"] as const;

export const CATEGORIES = [
  "excavators",
  "cranes",
  "bulldozers",
  "loaders",
  "dump_trucks",
  "generators",
  "compressors",
  "welding_equipment",
  "other",
] as const;
export type Category = (typeof CATEGORIES)[number];

export const CATEGORY_LABELS: Record<Category, string> = {
  excavators: "Excavators",
  cranes: "Cranes",
  bulldozers: "Bulldozers",
  loaders: "Loaders",
  dump_trucks: "Dump Trucks",
  generators: "Generators",
  compressors: "Compressors",
  welding_equipment: "Welding Equipment",
  other: "Other",
};

/** How a listing's price stands to VAT: no VAT (the seller is not VAT-registered), VAT included, or VAT to be added. */
export const VAT_MODES = ["none", "inclusive", "exclusive"] as const;
export type VatMode = (typeof VAT_MODES)[number];

export const CONDITIONS = ["new", "used", "refurbished"] as const;
export type Condition = (typeof CONDITIONS)[number];

/** Short names (a phone's narrow select shows them whole) and what each means. */
export const CONDITION_LABELS: Record<Condition, { label: string; meaning: string }> = {
  new: { label: "New", meaning: "brand new, never used" },
  used: { label: "Used", meaning: "previously used, good condition" },
  refurbished: { label: "Refurbished", meaning: "restored to like-new condition" },
};

export const LISTING_STATUSES = ["draft", "pending", "approved", "sold"] as const;
export type ListingStatus = (typeof LISTING_STATUSES)[number];

export const ADMIN_STATUSES = ["pending", "approved", "rejected"] as const;
export type AdminStatus = (typeof ADMIN_STATUSES)[number];

/** The admin's words for admin_status. */
export const ADMIN_STATUS_LABELS: Record<AdminStatus, string> = {
  pending: "Pending Review",
  approved: "Approved",
  rejected: "Rejected",
};

/**
 * A seller's edit of an approved listing's reviewed content waits as a revision: pending until the
 * admin approves or rejects it; withdrawn when the seller takes the changes back.
 */
export const REVISION_STATUSES = ["pending", "approved", "rejected", "withdrawn"] as const;
export type RevisionStatus = (typeof REVISION_STATUSES)[number];

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

export const NOTIFICATION_TYPES = [
  "listing_status",
  "purchase_request",
  "payment_status",
  "admin_review",
  "agreement_signed",
  "contact_message",
  "offer_request",
  "viewing_request",
  "quote_request",
  "feedback",
  "saved_search",
  "price_drop",
  "verification",
  "generic",
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const SIGNATURE_METHODS = ["checkbox", "uploaded_pdf"] as const;
export const MANDATE_STATUSES = ["pdf_requested", "signed"] as const;
export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;

/** How often a saved search or the watchlist's price drops are told: at once, in a daily or weekly digest, or not at all. */
export const ALERT_FREQUENCIES = ["instant", "daily", "weekly", "off"] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];
export const ALERT_FREQUENCY_LABELS: Record<AlertFrequency, string> = {
  instant: "Instant",
  daily: "Daily digest",
  weekly: "Weekly digest",
  off: "Off",
};

/** What a user agreed to (or withdrew): the consents table's purposes. */
export const CONSENT_PURPOSES = ["search_alerts", "watchlist_alerts", "terms"] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];
export const CONSENT_PURPOSE_LABELS: Record<ConsentPurpose, string> = {
  search_alerts: "Saved-search alerts",
  watchlist_alerts: "Watchlist price-drop alerts",
  terms: "Terms of use and privacy policy",
};

/** A seller's identity check (docs/product.md#verified-sellers): the state map is app/domain/verification/verification-state.ts. */
export const VERIFICATION_STATUSES = ["unverified", "pending", "verified", "rejected"] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
export const VERIFICATION_STATUS_LABELS: Record<VerificationStatus, string> = {
  unverified: "Not verified",
  pending: "Waiting for review",
  verified: "Verified seller",
  rejected: "Not accepted",
};

/** The documents a seller sends for verification. */
export const SELLER_DOCUMENT_KINDS = ["identity", "company_registration", "proof_of_address"] as const;
export type SellerDocumentKind = (typeof SELLER_DOCUMENT_KINDS)[number];
export const SELLER_DOCUMENT_KIND_LABELS: Record<SellerDocumentKind, string> = {
  identity: "Identity document",
  company_registration: "Company registration (CIPC)",
  proof_of_address: "Proof of address",
};

/** "Download my data": prepared by a job, offered for a day. */
export const DATA_EXPORT_STATUSES = ["pending", "ready", "failed"] as const;
export type DataExportStatus = (typeof DATA_EXPORT_STATUSES)[number];
