/**
 * A seller's verification as the domain functions read and lock it: the seller row (locked FOR UPDATE
 * inside the caller's transaction, so an upload, a submission and an admin's decision on one seller run
 * one after another) and their current documents.
 */
import { asc, eq, sql } from "drizzle-orm";
import { profiles, sellerDocuments, sellers, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { notAcceptedDocuments, type VerificationSubject } from "./verification-state.ts";

export const SELLER_NOT_FOUND = new AppError("NOT_FOUND", "Seller not found", "Seller not found.");

/** The seller's own columns, the account's name and e-mail, and the company name from the profile. */
export const SELLER_VERIFICATION_COLUMNS = {
  sellerId: sellers.id,
  userId: sellers.userId,
  status: sellers.verificationStatus,
  sellerType: sellers.sellerType,
  reason: sellers.verificationReason,
  submittedAt: sellers.verificationSubmittedAt,
  decidedAt: sellers.verificationDecidedAt,
  name: sql<string>`coalesce(${sellers.fullName}, ${user.name})`,
  email: user.email,
  companyName: profiles.companyName,
};

/** The columns of a document the pages show (never its storage key). */
export const DOCUMENT_COLUMNS = {
  id: sellerDocuments.id,
  userId: sellerDocuments.userId,
  kind: sellerDocuments.kind,
  fileName: sellerDocuments.fileName,
  contentType: sellerDocuments.contentType,
  sizeBytes: sellerDocuments.sizeBytes,
  uploadedAt: sellerDocuments.uploadedAt,
};

export async function lockSeller(tx: DbOrTx, userId: string) {
  const [row] = await tx
    .select(SELLER_VERIFICATION_COLUMNS)
    .from(sellers)
    .innerJoin(user, eq(user.id, sellers.userId))
    .leftJoin(profiles, eq(profiles.userId, sellers.userId))
    .where(eq(sellers.userId, userId))
    .for("update", { of: sellers });
  if (!row) return undefined;
  const documents = await tx
    .select({ ...DOCUMENT_COLUMNS, storageKey: sellerDocuments.storageKey })
    .from(sellerDocuments)
    .where(eq(sellerDocuments.userId, userId))
    .orderBy(asc(sellerDocuments.uploadedAt));
  return { ...row, documents };
}

export type LockedSeller = NonNullable<Awaited<ReturnType<typeof lockSeller>>>;

export function subjectOf(
  seller: Pick<LockedSeller, "status" | "sellerType" | "decidedAt" | "documents">,
): VerificationSubject {
  return {
    status: seller.status,
    sellerType: seller.sellerType,
    documents: seller.documents.map((d) => d.kind),
    notAccepted: notAcceptedDocuments(seller),
  };
}

/**
 * What the admin looked at: when the seller submitted, and their newest document. A decision carries it
 * back; when the seller has submitted again or changed a document since, it no longer matches.
 */
export function submissionVersion(seller: {
  submittedAt: Date | null;
  documents: readonly { uploadedAt: Date | string }[];
}) {
  const newest = Math.max(0, ...seller.documents.map((d) => new Date(d.uploadedAt).getTime()));
  return `${seller.submittedAt?.getTime() ?? 0}-${newest}`;
}
