/**
 * The listing lifecycle as data (docs/product.md#listing-lifecycle). Moderation changes go through
 * `nextListingState`; anything not in the map is refused.
 *
 * admin_status: pending → approved | rejected   (approve/reject only while pending;
 *               approve only once the seller has signed the listing's mandate)
 * status:       pending → approved (on approval) → sold; sold at any time unless sold
 */
import type { AdminStatus, ListingStatus, RevisionStatus } from "#db/vocabulary.ts";

export type ListingState = { status: ListingStatus; adminStatus: AdminStatus };
export type ModerationAction = "approve" | "reject" | "mark-sold";
/** What moderation needs to know: the state, and whether the exclusive sales mandate is signed. */
export type ModerationSubject = ListingState & { mandateSigned: boolean };

const TRANSITIONS: Record<ModerationAction, (s: ModerationSubject) => ListingState | null> = {
  approve: (s) =>
    s.adminStatus === "pending" && s.status !== "sold" && s.mandateSigned
      ? { status: "approved", adminStatus: "approved" }
      : null,
  reject: (s) =>
    s.adminStatus === "pending" && s.status !== "sold" ? { status: s.status, adminStatus: "rejected" } : null,
  "mark-sold": (s) => (s.status !== "sold" ? { status: "sold", adminStatus: s.adminStatus } : null),
};

/**
 * The seller's own changes that apply at once, without a new review: the price (recorded in the price
 * history) — on any listing not yet sold.
 */
export function maySellerChangePrice(s: ListingState) {
  return s.status !== "sold";
}

/**
 * What a seller may do with an own listing besides its price: withdraw it from the market (archived, kept
 * on record), relist a withdrawn one (back to review when it was away more than RELIST_REVIEW_DAYS),
 * and mark it sold. `null`: refused.
 */
export type SellerAction = "withdraw" | "relist" | "mark-sold";
export type SellerSubject = ListingState & { archived: boolean; withdrawnAt: Date | null };
export type SellerChange = Partial<ListingState> & { archived?: boolean; withdrawnAt?: Date | null };
export const RELIST_REVIEW_DAYS = 30;

const SELLER_TRANSITIONS: Record<SellerAction, (s: SellerSubject, now: Date) => SellerChange | null> = {
  withdraw: (s, now) => (!s.archived && s.status !== "sold" ? { archived: true, withdrawnAt: now } : null),
  relist: (s, now) => {
    if (!s.archived || s.status === "sold") return null;
    const away = s.withdrawnAt ? now.getTime() - s.withdrawnAt.getTime() : Infinity;
    const review = away > RELIST_REVIEW_DAYS * 86_400_000 && s.adminStatus !== "rejected";
    return review
      ? { archived: false, withdrawnAt: null, status: "pending", adminStatus: "pending" }
      : { archived: false, withdrawnAt: null };
  },
  "mark-sold": (s) => (s.status !== "sold" ? { status: "sold" } : null),
};

export function nextSellerChange(current: SellerSubject, action: SellerAction, now = new Date()): SellerChange | null {
  return SELLER_TRANSITIONS[action](current, now);
}

/**
 * A seller's edit of their own listing. The price, the Urgent/Bargain flags and the location apply at
 * once on any listing not sold. The reviewed content (title, description, category, condition, the
 * machine's details, photos) of an approved listing waits as a revision while the public keeps the
 * approved version; a pending listing is simply updated; a rejected one is updated and goes back to
 * review. A sold listing is not edited. `null`: refused.
 */
export type EditOutcome =
  | { kind: "revision" }
  | { kind: "update" }
  | { kind: "resubmit"; next: ListingState };

export function sellerEditOutcome(s: ListingState): EditOutcome | null {
  if (s.status === "sold") return null;
  if (s.adminStatus === "approved") return { kind: "revision" };
  if (s.adminStatus === "rejected") return { kind: "resubmit", next: { status: "pending", adminStatus: "pending" } };
  return { kind: "update" };
}

/** The fields an edit applies at once, whatever the listing's state. */
export const IMMEDIATE_EDIT_FIELDS = ["price", "isUrgent", "isBargain", "location"] as const;

/** A revision's life: pending until the admin approves or rejects it, or its seller takes it back. */
const REVISION_TRANSITIONS: Record<RevisionStatus, readonly RevisionStatus[]> = {
  pending: ["approved", "rejected", "withdrawn"],
  approved: [],
  rejected: [],
  withdrawn: [],
};

export function nextRevisionStatus(current: RevisionStatus, to: RevisionStatus): RevisionStatus | null {
  return REVISION_TRANSITIONS[current].includes(to) ? to : null;
}

/**
 * Renewing the exclusive sales mandate for a further term (MANDATE_DAYS), which keeps the listing on the
 * market without a gap: the new term starts when the current one ends, or now if it has already ended.
 * Which listings may renew, and from when:
 *
 *   sold                       → refused (409)
 *   rejected                   → refused: the seller lists again
 *   withdrawn (archived)       → refused: relist it first
 *   mandate never signed       → refused: sign the first mandate
 *   more than RENEW_FROM_DAYS before its end → refused: too early
 *   otherwise (live, expired, or pending review) → renewed; the review state stays as it is, so an
 *   approved listing stays (or becomes again) public and a never-approved one still waits for review.
 *
 * The seller is reminded REMIND_BEFORE_DAYS before the end, once per term.
 */
export const RENEW_FROM_DAYS = 30;
export const REMIND_BEFORE_DAYS = 7;
export type RenewalSubject = ListingState & { archived: boolean; expiresOn: Date; mandateSigned: boolean };
export type RenewalRefusal = "sold" | "rejected" | "withdrawn" | "unsigned" | "too-early";
export type Renewal =
  | { ok: true; termStarts: Date; termEnds: Date }
  | { ok: false; refusal: RenewalRefusal; renewableFrom?: Date };

const DAY_MS = 86_400_000;

export function nextRenewal(s: RenewalSubject, now = new Date()): Renewal {
  if (s.status === "sold") return { ok: false, refusal: "sold" };
  if (s.adminStatus === "rejected") return { ok: false, refusal: "rejected" };
  if (s.archived) return { ok: false, refusal: "withdrawn" };
  if (!s.mandateSigned) return { ok: false, refusal: "unsigned" };
  const renewableFrom = new Date(s.expiresOn.getTime() - RENEW_FROM_DAYS * DAY_MS);
  if (now < renewableFrom) return { ok: false, refusal: "too-early", renewableFrom };
  const termStarts = new Date(Math.max(s.expiresOn.getTime(), now.getTime()));
  return { ok: true, termStarts, termEnds: new Date(termStarts.getTime() + MANDATE_DAYS * DAY_MS) };
}

/** Whole days until the term ends (rounded up: 1 on its last day), negative once it has ended. */
export function daysUntilExpiry(expiresOn: Date | string, now = new Date()) {
  return Math.ceil((new Date(expiresOn).getTime() - now.getTime()) / DAY_MS);
}

/** How long a price drop shows as "Reduced from" on the listing page. */
export const PRICE_DROP_SHOWN_DAYS = 30;

/** The longest reason an admin may give the seller for a rejection (optional). */
export const REJECTION_REASON_MAX = 500;

export function nextListingState(current: ModerationSubject, action: ModerationAction): ListingState | null {
  return TRANSITIONS[action](current);
}

export function allowedActions(current: ModerationSubject): ModerationAction[] {
  return (Object.keys(TRANSITIONS) as ModerationAction[]).filter((a) => TRANSITIONS[a](current) !== null);
}

/** Dashboard badge: Sold, Rejected, Expired, Withdrawn, Active, Pending or Draft. */
export function listingBadge(l: ListingState & { expiresOn: Date | string; archived?: boolean }) {
  if (l.status === "sold") return "Sold";
  if (l.adminStatus === "rejected") return "Rejected";
  if (new Date(l.expiresOn).getTime() < Date.now()) return "Expired";
  if (l.archived) return "Withdrawn";
  if (l.status === "approved" && l.adminStatus === "approved") return "Active";
  if (l.status === "pending" || l.adminStatus === "pending") return "Pending";
  return "Draft";
}

export const MANDATE_DAYS = 90;
