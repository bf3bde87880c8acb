/**
 * One verification document's file, for its owner (a seller) and active admins only. Anyone else gets
 * exactly what a missing document gets (null → 404), so nobody learns that it exists.
 */
import { eq } from "drizzle-orm";
import { sellerDocuments } from "#db/schema.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { attachmentFileName } from "./document-file.server.ts";

export async function getSellerDocument(options: {
  runtime: Pick<Runtime, "db" | "storage">;
  viewer: Pick<Viewer, "userId" | "role" | "isAdmin">;
  documentId: string;
}) {
  const { runtime, viewer, documentId } = options;
  if (!isUuid(documentId)) return null;
  const [row] = await runtime.db
    .select({
      userId: sellerDocuments.userId,
      storageKey: sellerDocuments.storageKey,
      fileName: sellerDocuments.fileName,
      contentType: sellerDocuments.contentType,
    })
    .from(sellerDocuments)
    .where(eq(sellerDocuments.id, documentId))
    .limit(1);
  if (!row) return null;
  const owner = row.userId === viewer.userId && viewer.role === "seller";
  if (!owner && !viewer.isAdmin) return null;
  const bytes = await runtime.storage.get(row.storageKey);
  if (!bytes) return null;
  return { bytes, contentType: row.contentType, fileName: attachmentFileName(row.fileName) };
}
