/**
 * A seller uploads one verification document (docs/product.md#verified-sellers): an identity document,
 * the company's registration or a proof of address, as a PDF, JPEG or PNG of at most 10 MB, checked
 * by its content. One current document per kind: a new one replaces the old, whose file is deleted
 * once the change is committed. A verified seller's upload sends them back to review (the badge goes
 * until an admin checks again; the admins are told). `missing`: the required documents still not there
 * after this one (an admin verifies only once there are none).
 *
 * Nothing is half-written: a refused file writes neither a row nor a file; the file is written before
 * the transaction and removed again when the transaction fails.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { sellerDocuments, sellers } from "#db/schema.ts";
import { SELLER_DOCUMENT_KIND_LABELS, type SellerDocumentKind } from "#db/vocabulary.ts";
import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { DOCUMENT_TYPES, documentFileName, documentTypeOf } from "./document-file.server.ts";
import { lockSeller, SELLER_NOT_FOUND, subjectOf } from "./seller-verification-row.server.ts";
import { documentList, MAX_DOCUMENT_BYTES, VERIFICATION_MESSAGES } from "./verification-schemas.ts";
import { missingDocuments, nextVerification } from "./verification-state.ts";

export type UploadedFile = { name: string; bytes: Buffer };

export type UploadSellerDocumentOptions = {
  runtime: Pick<Runtime, "db" | "storage">;
  viewer: Pick<Viewer, "userId">;
  kind: SellerDocumentKind;
  file: UploadedFile | undefined;
};

/** Where a seller's documents live: private, never under /media. */
export const verificationFolder = (userId: string) => `private/verification/${userId}`;

export async function uploadSellerDocument(options: UploadSellerDocumentOptions) {
  const { runtime, viewer, kind, file } = options;
  if (!file || file.bytes.length === 0) throw new AppError("BAD_REQUEST", "No file", VERIFICATION_MESSAGES.noFile);
  if (file.bytes.length > MAX_DOCUMENT_BYTES) {
    throw new AppError("BAD_REQUEST", "File too large", VERIFICATION_MESSAGES.tooLarge);
  }
  const type = await documentTypeOf(file.bytes);
  if (!type) throw new AppError("BAD_REQUEST", "Invalid file", VERIFICATION_MESSAGES.wrongType);
  // Storage keys allow letters, digits, dots, dashes and underscores: a user id outside them is no seller of ours.
  if (!/^[A-Za-z0-9_-]+$/.test(viewer.userId)) throw SELLER_NOT_FOUND;

  const { contentType, extension } = DOCUMENT_TYPES[type];
  const storageKey = `${verificationFolder(viewer.userId)}/${randomUUID()}.${extension}`;
  const fileName = documentFileName(file.name, kind, type);
  await runtime.storage.put(storageKey, file.bytes, contentType);

  let result;
  try {
    result = await runtime.db.transaction(async (tx) => {
      const seller = await lockSeller(tx, viewer.userId);
      if (!seller) throw SELLER_NOT_FOUND;
      const outcome = nextVerification(subjectOf(seller), "upload", "seller");
      if (!outcome.ok) throw new AppError("CONFLICT", "Document not uploaded", "This document cannot be changed now.");
      const replaced = seller.documents.find((d) => d.kind === kind);
      if (replaced)
        await tx
          .delete(sellerDocuments)
          .where(and(eq(sellerDocuments.id, replaced.id), eq(sellerDocuments.userId, viewer.userId)));
      const [document] = await tx
        .insert(sellerDocuments)
        .values({ userId: viewer.userId, kind, storageKey, fileName, contentType, sizeBytes: file.bytes.length })
        .returning({ id: sellerDocuments.id, uploadedAt: sellerDocuments.uploadedAt });

      const backToReview = outcome.to !== seller.status;
      // What an admin still cannot see: they verify only once every required document is there.
      const missing = missingDocuments(seller.sellerType, [...seller.documents.map((d) => d.kind), kind]);
      if (backToReview) {
        await tx
          .update(sellers)
          .set({ verificationStatus: outcome.to, verificationSubmittedAt: new Date(), verificationReason: null })
          .where(eq(sellers.id, seller.sellerId));
        await notifyAdmins({
          db: tx,
          type: "verification",
          title: `Seller verification to check again: ${seller.name}`,
          message: `${seller.name} (${seller.email}), a verified seller, uploaded a new document (${SELLER_DOCUMENT_KIND_LABELS[kind]}). Their Verified seller badge is off until you check it.${missing.length ? ` Still missing: ${documentList(missing)}.` : ""}`,
          link: "/admin/verifications",
        });
      }
      await recordAudit({
        db: tx,
        actorUserId: viewer.userId,
        action: replaced ? "seller.document-replace" : "seller.document-upload",
        entity: "seller",
        entityId: viewer.userId,
        before: { kind, fileName: replaced?.fileName ?? null, status: seller.status },
        after: { kind, fileName, contentType, sizeBytes: file.bytes.length, status: outcome.to },
      });
      return {
        id: document!.id,
        kind,
        fileName,
        status: outcome.to,
        backToReview,
        missing,
        replacedKey: replaced?.storageKey,
      };
    });
  } catch (error) {
    await runtime.storage.delete(storageKey);
    throw error;
  }

  // The old file goes once its row is gone for good; a file that cannot be removed now is logged, not fatal.
  if (result.replacedKey) {
    await runtime.storage
      .delete(result.replacedKey)
      .catch((error: unknown) =>
        logger.warn({ err: error, key: result.replacedKey }, "replaced document file not removed"),
      );
  }
  const { replacedKey, ...uploaded } = result;
  return { ...uploaded, replaced: Boolean(replacedKey) };
}
