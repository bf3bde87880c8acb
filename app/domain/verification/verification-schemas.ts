/**
 * The verification forms (the seller's upload, the admin's decisions) and the document rules, shared by
 * the browser and the server. The file itself is checked on the server by its content
 * (upload-seller-document.server.ts); the browser only checks its size first.
 */
import { z } from "zod";
import { SELLER_DOCUMENT_KIND_LABELS, SELLER_DOCUMENT_KINDS, type SellerDocumentKind } from "#db/vocabulary.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { VERIFICATION_REASON_MAX } from "./verification-state.ts";

/** The largest document a seller may upload (each one). */
export const MAX_DOCUMENT_BYTES = 10 * 1024 * 1024;
/** What the file picker offers; the server decides by the bytes. */
export const DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export const VERIFICATION_MESSAGES = {
  kind: "Please choose which document this is.",
  noFile: "Please choose a file to upload.",
  tooLarge: "Each document must be 10 MB or smaller.",
  wrongType:
    "This file is not a PDF, JPEG or PNG. Please upload a scan or photo of the document in one of these formats.",
  seller: "Seller not found.",
  reason: "Please tell the seller why their documents were not accepted.",
  nothingNew:
    "Our team did not accept the documents you sent. Please upload a new copy of the one the reason concerns, then send them again.",
} as const;

/** "Identity document, Company registration (CIPC) and Proof of address". */
export function documentList(kinds: readonly SellerDocumentKind[]) {
  // Inside a sentence: "your identity document and proof of address" (CIPC keeps its capitals).
  const names = kinds.map((k) => SELLER_DOCUMENT_KIND_LABELS[k].replace(/^./, (c) => c.toLowerCase()));
  return names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : (names[0] ?? "");
}

/** One document upload: which kind it is (the file travels beside it, as `document`). */
export const UploadDocumentSchema = z.object({
  kind: z.enum(SELLER_DOCUMENT_KINDS, { error: VERIFICATION_MESSAGES.kind }),
});

/**
 * Which seller, and the version of their submission the admin looked at (when they submitted and
 * their newest document): a decision on anything newer is refused as stale.
 */
const decisionTarget = {
  sellerUserId: z.string({ error: VERIFICATION_MESSAGES.seller }).trim().min(1, VERIFICATION_MESSAGES.seller).max(100),
  version: z.string({ error: VERIFICATION_MESSAGES.seller }).max(100),
};

export const VerifySellerSchema = z.object(decisionTarget);

export const RejectSellerSchema = z.object({
  ...decisionTarget,
  reason: z
    .string({ error: VERIFICATION_MESSAGES.reason })
    .trim()
    .min(1, VERIFICATION_MESSAGES.reason)
    .max(VERIFICATION_REASON_MAX, `${tooLong("Reason", VERIFICATION_REASON_MAX)}.`),
});
