/**
 * A seller's verification as data (docs/product.md#verified-sellers). Each transition names its move,
 * who makes it, where it starts and where it leads, and what it needs; anything not listed is refused.
 * Read it as a table:
 *
 *   seller: unverified → pending              (submit: every required document is uploaded)
 *           rejected → pending                (submit: every required document is uploaded, and at
 *                                              least one is new since the rejection: the ones sent
 *                                              before were not accepted)
 *           verified → pending                (upload: a new or replaced document; the badge goes
 *                                              until an admin checks again, and the admin can verify
 *                                              only once every required document is there)
 *   admin:  pending → verified                (verify: every required document is uploaded)
 *           pending → rejected                (reject: a reason for the seller is required)
 *
 * Uploading while unverified, pending or rejected changes no status: the documents simply wait for the
 * next submission (or, while pending, are what the admin sees).
 *
 * Required documents: an identity document for everyone; a company seller (`sellers.seller_type =
 * 'company'`) also the company's registration (CIPC) and a proof of address. A seller without a type
 * counts as a private seller.
 */
import type { SellerDocumentKind, VerificationStatus } from "#db/vocabulary.ts";

export type VerificationMove = "submit" | "upload" | "verify" | "reject";
export type VerificationActor = "seller" | "admin";

export type VerificationTransition = {
  move: VerificationMove;
  by: VerificationActor;
  from: readonly VerificationStatus[];
  to: VerificationStatus;
  /**
   * What the move needs besides the state: the required documents; the required documents with at least
   * one uploaded since the rejection ("new-documents"); or a reason.
   */
  needs?: "documents" | "new-documents" | "reason";
};

export const VERIFICATION_TRANSITIONS: readonly VerificationTransition[] = [
  { move: "submit", by: "seller", from: ["unverified"], to: "pending", needs: "documents" },
  { move: "submit", by: "seller", from: ["rejected"], to: "pending", needs: "new-documents" },
  { move: "upload", by: "seller", from: ["verified"], to: "pending" },
  { move: "verify", by: "admin", from: ["pending"], to: "verified", needs: "documents" },
  { move: "reject", by: "admin", from: ["pending"], to: "rejected", needs: "reason" },
];

/** The longest reason an admin may give a seller whose documents were not accepted. */
export const VERIFICATION_REASON_MAX = 500;

export type SellerKind = "company" | "private" | null;

/** The documents a seller must upload before sending them for verification. */
export function requiredDocuments(sellerType: SellerKind): SellerDocumentKind[] {
  return sellerType === "company" ? ["identity", "company_registration", "proof_of_address"] : ["identity"];
}

/** The required documents not uploaded yet, in the order of `requiredDocuments`. */
export function missingDocuments(
  sellerType: SellerKind,
  uploaded: readonly SellerDocumentKind[],
): SellerDocumentKind[] {
  return requiredDocuments(sellerType).filter((kind) => !uploaded.includes(kind));
}

/**
 * The kinds whose current document was there when an admin did not accept the seller: uploaded before the
 * decision. Empty unless the seller is rejected (a new submission makes every document current again).
 */
export function notAcceptedDocuments(seller: {
  status: VerificationStatus;
  decidedAt: Date | string | null;
  documents: readonly { kind: SellerDocumentKind; uploadedAt: Date | string }[];
}): SellerDocumentKind[] {
  if (seller.status !== "rejected" || !seller.decidedAt) return [];
  const decided = new Date(seller.decidedAt).getTime();
  return seller.documents.filter((d) => new Date(d.uploadedAt).getTime() <= decided).map((d) => d.kind);
}

export type VerificationSubject = {
  status: VerificationStatus;
  sellerType: SellerKind;
  /** The kinds of document uploaded (one current document per kind). */
  documents: readonly SellerDocumentKind[];
  /** Of those, the ones an admin did not accept (`notAcceptedDocuments`); none unless rejected. */
  notAccepted?: readonly SellerDocumentKind[];
};

export type VerificationOutcome =
  | { ok: true; to: VerificationStatus }
  | { ok: false; refusal: "not-allowed" }
  | { ok: false; refusal: "missing-documents"; missing: SellerDocumentKind[] }
  | { ok: false; refusal: "nothing-new"; notAccepted: SellerDocumentKind[] }
  | { ok: false; refusal: "reason-required" };

/**
 * Where `move` by `by` takes the seller. `upload` from a state the map does not list keeps the state
 * (`{ ok: true, to: status }`): only a verified seller's upload changes it.
 */
export function nextVerification(
  subject: VerificationSubject,
  move: VerificationMove,
  by: VerificationActor,
  options: { reason?: string | null } = {},
): VerificationOutcome {
  const t = VERIFICATION_TRANSITIONS.find((t) => t.move === move && t.by === by && t.from.includes(subject.status));
  if (!t) {
    if (move === "upload" && by === "seller") return { ok: true, to: subject.status };
    return { ok: false, refusal: "not-allowed" };
  }
  if (t.needs === "documents" || t.needs === "new-documents") {
    const missing = missingDocuments(subject.sellerType, subject.documents);
    if (missing.length) return { ok: false, refusal: "missing-documents", missing };
  }
  if (t.needs === "new-documents") {
    const notAccepted = subject.notAccepted ?? [];
    if (subject.documents.every((kind) => notAccepted.includes(kind))) {
      return { ok: false, refusal: "nothing-new", notAccepted: [...notAccepted] };
    }
  }
  if (t.needs === "reason" && !options.reason?.trim()) return { ok: false, refusal: "reason-required" };
  return { ok: true, to: t.to };
}

/** Whether the seller's page offers "Send for verification". */
export function maySubmit(subject: VerificationSubject) {
  return nextVerification(subject, "submit", "seller").ok;
}

/** Whether an upload now takes the badge away (the seller is told before they upload). */
export function uploadResetsVerification(status: VerificationStatus) {
  const outcome = nextVerification({ status, sellerType: null, documents: [] }, "upload", "seller");
  return outcome.ok && outcome.to !== status;
}

/** The link a seller's dashboard shows: what to do next, or the badge they have. */
export function verificationLinkLabel(status: VerificationStatus) {
  return {
    unverified: "Get verified",
    pending: "Verification pending",
    verified: "Verified seller",
    rejected: "Verification not accepted",
  }[status];
}
