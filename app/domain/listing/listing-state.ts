/**
 * The listing lifecycle as data (spec §4). Moderation changes go through
 * `nextListingState`; anything not in the map is refused.
 *
 * admin_status: pending → approved | rejected   (approve/reject only while pending)
 * status:       pending → approved (on approval) → sold; sold at any time unless sold
 */
export type ListingState = { status: "draft" | "pending" | "approved" | "sold"; adminStatus: "pending" | "approved" | "rejected" };
export type ModerationAction = "approve" | "reject" | "mark-sold";

const TRANSITIONS: Record<ModerationAction, (s: ListingState) => ListingState | null> = {
  approve: (s) => (s.adminStatus === "pending" && s.status !== "sold" ? { status: "approved", adminStatus: "approved" } : null),
  reject: (s) => (s.adminStatus === "pending" && s.status !== "sold" ? { status: s.status, adminStatus: "rejected" } : null),
  "mark-sold": (s) => (s.status !== "sold" ? { status: "sold", adminStatus: s.adminStatus } : null),
};

export function nextListingState(current: ListingState, action: ModerationAction): ListingState | null {
  return TRANSITIONS[action](current);
}

export function allowedActions(current: ListingState): ModerationAction[] {
  return (Object.keys(TRANSITIONS) as ModerationAction[]).filter((a) => TRANSITIONS[a](current) !== null);
}

/** Dashboard badge: Sold, Expired, Rejected, Active, Pending or Draft. */
export function listingBadge(l: ListingState & { expiresOn: Date | string; archived?: boolean }) {
  if (l.status === "sold") return "Sold";
  if (l.adminStatus === "rejected") return "Rejected";
  if (new Date(l.expiresOn).getTime() < Date.now()) return "Expired";
  if (l.status === "approved" && l.adminStatus === "approved") return l.archived ? "Draft" : "Active";
  if (l.status === "pending" || l.adminStatus === "pending") return "Pending";
  return "Draft";
}

export const MANDATE_DAYS = 90;
