/** A seller's words: company or private, agent or direct, the identity check and its documents. Part of db/vocabulary.ts. */

export const SELLER_TYPES = ["company", "private"] as const;
export const SELLER_ROLES = ["agent", "direct"] as const;

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
