import { Download } from "lucide-react";
import { SELLER_DOCUMENT_KIND_LABELS, type SellerDocumentKind } from "#db/vocabulary.ts";
import { formatLongDate } from "#app/lib/format.ts";

export type DocumentLink = {
  id: string;
  kind: SellerDocumentKind;
  fileName: string;
  sizeBytes: number;
  uploadedAt: string;
  url: string;
  /** In the admin's queue: uploaded after the last decision (what the seller changed since). */
  newSinceDecision?: boolean;
};

type DateFormat = (value: string) => string;

/** "2.4 MB", "310 KB". */
export function formatFileSize(bytes: number) {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
  return `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** One document: its name as a download link (a plain link: the file is an attachment), kind, date and size. */
export function DocumentDownload({
  document,
  showKind = true,
  formatDate = formatLongDate,
}: {
  document: DocumentLink;
  showKind?: boolean;
  /** The admin area writes its dates its own way (formatAdminDate). */
  formatDate?: DateFormat;
}) {
  return (
    <span className="flex min-w-0 flex-col">
      <a
        href={document.url}
        download
        className="inline-flex min-w-0 items-center gap-1.5 font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
        aria-label={`Download ${SELLER_DOCUMENT_KIND_LABELS[document.kind]}: ${document.fileName}`}
      >
        <Download className="size-4 shrink-0" aria-hidden />
        <span className="min-w-0 wrap-anywhere">{document.fileName}</span>
      </a>
      <span className="text-xs text-gray-600">
        {showKind ? `${SELLER_DOCUMENT_KIND_LABELS[document.kind]} · ` : ""}uploaded {formatDate(document.uploadedAt)} ·{" "}
        {formatFileSize(document.sizeBytes)}
      </span>
      {document.newSinceDecision ? (
        <span className="mt-0.5 w-fit rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900">
          New since the last decision
        </span>
      ) : null}
    </span>
  );
}

/** A seller's documents as a list of download links. */
export function DocumentLinks({ documents, formatDate }: { documents: DocumentLink[]; formatDate?: DateFormat }) {
  if (documents.length === 0) return <p className="text-sm text-gray-600">No documents uploaded.</p>;
  return (
    <ul className="space-y-2" aria-label="Documents">
      {documents.map((d) => (
        <li key={d.id}>
          <DocumentDownload document={d} formatDate={formatDate} />
        </li>
      ))}
    </ul>
  );
}
