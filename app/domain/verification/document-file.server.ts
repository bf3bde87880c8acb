/**
 * What a verification document really is, decided by its bytes (never the file name or the browser's
 * type): a PDF that has at least one readable page (read bounded, off the main thread, as the signed
 * mandate is), or a JPEG or PNG whose header sharp can read (nothing is decoded: the stored file is
 * the upload byte for byte). A file named ".pdf" that is a real PNG is a PNG; an HTML page named
 * ".pdf" is nothing we accept.
 */
import path from "node:path";
import sharp from "sharp";
import { sniffImageType } from "#app/lib/images.server.ts";
import { isPdf } from "#app/domain/mandate/mandate-pdf.server.ts";
import { pdfPageCount } from "#app/domain/mandate/pdf-pages.server.ts";
import { SELLER_DOCUMENT_KIND_LABELS, type SellerDocumentKind } from "#db/vocabulary.ts";

export type DocumentType = "pdf" | "jpeg" | "png";

export const DOCUMENT_TYPES: Record<DocumentType, { contentType: string; extension: string }> = {
  pdf: { contentType: "application/pdf", extension: "pdf" },
  jpeg: { contentType: "image/jpeg", extension: "jpg" },
  png: { contentType: "image/png", extension: "png" },
};

export async function documentTypeOf(bytes: Buffer): Promise<DocumentType | null> {
  if (isPdf(bytes)) return ((await pdfPageCount(bytes)) ?? 0) > 0 ? "pdf" : null;
  const image = sniffImageType(bytes);
  if (image !== "jpeg" && image !== "png") return null;
  try {
    // The header only (no pixel is decoded, so no pixel limit is needed).
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    return meta.width && meta.height && meta.format === image ? image : null;
  } catch {
    return null;
  }
}

/**
 * The name a document is listed and downloaded under: the seller's own name for it without its
 * extension (no folders, no control characters, at most 100 characters), then the extension of what
 * it really is.
 */
export function documentFileName(clientName: string, kind: SellerDocumentKind, type: DocumentType) {
  const base = path.posix
    .basename(clientName.replaceAll("\\", "/"))
    .replace(/\.[A-Za-z0-9]{1,5}$/, "")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001F\u007F"]/g, "")
    .trim()
    .slice(0, 100);
  return `${base || SELLER_DOCUMENT_KIND_LABELS[kind]}.${DOCUMENT_TYPES[type].extension}`;
}

/** The file name for a Content-Disposition header: letters, digits, dots, dashes and underscores only. */
export function attachmentFileName(fileName: string) {
  const safe = fileName.replace(/[^\w.-]+/g, "_").replace(/^[._]+/, "");
  return safe || "document";
}
