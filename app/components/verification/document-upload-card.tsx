/**
 * One kind of verification document on the seller's page: the current file (a download link; after a
 * rejection, marked as sent before the decision) and a form to upload it or a replacement. The browser checks only that a file is chosen and its size; the
 * server decides by the file's content whether it is a PDF, JPEG or PNG. Works without JavaScript.
 */
import { Form } from "react-router";
import { showActionToast } from "#app/components/forms/use-action-toast.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { formatLongDate } from "#app/lib/format.ts";
import {
  DOCUMENT_ACCEPT,
  MAX_DOCUMENT_BYTES,
  VERIFICATION_MESSAGES,
} from "#app/domain/verification/verification-schemas.ts";
import { SELLER_DOCUMENT_KIND_LABELS, type SellerDocumentKind } from "#db/vocabulary.ts";
import { DocumentDownload, type DocumentLink } from "./document-links.tsx";

const HINTS: Record<SellerDocumentKind, string> = {
  identity: "Your South African ID (book or card, both sides), passport or driver's licence.",
  company_registration: "The company's registration certificate from CIPC.",
  proof_of_address: "A recent utility bill, bank statement or lease showing the business address.",
};

export function DocumentUploadCard({
  kind,
  required,
  document,
  busy,
  error,
  resetsVerification,
  notAcceptedOn,
}: {
  kind: SellerDocumentKind;
  required: boolean;
  document: DocumentLink | undefined;
  busy: boolean;
  /** The server's refusal of the last upload of this kind, if any. */
  error?: string;
  /** A verified seller: an upload takes the badge away until an admin checks again. */
  resetsVerification: boolean;
  /** When our team did not accept this document (ISO date): the seller is asked for a new copy. */
  notAcceptedOn?: string | null;
}) {
  const rejected = Boolean(document && notAcceptedOn);
  const inputId = `document-${kind}`;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  return (
    <li className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm" aria-labelledby={`${inputId}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`${inputId}-title`} className="font-semibold">
          {SELLER_DOCUMENT_KIND_LABELS[kind]}
        </h3>
        {required ? <Badge variant="outline">Required</Badge> : <Badge variant="secondary">Optional</Badge>}
        {rejected ? (
          <Badge variant="warning">Sent before the decision</Badge>
        ) : document ? (
          <Badge variant="success">Uploaded</Badge>
        ) : null}
      </div>
      <div className="mt-2 text-sm">
        {document ? (
          <>
            <DocumentDownload document={document} showKind={false} />
            {rejected ? (
              <p className="mt-1 text-amber-800">
                Sent before our team's decision of {formatLongDate(notAcceptedOn!)}. If the reason concerns this
                document, upload a new copy.
              </p>
            ) : null}
          </>
        ) : (
          <p className="text-gray-600">Not uploaded yet.</p>
        )}
      </div>
      <Form
        // A new document empties the file field.
        key={document?.id ?? "none"}
        method="post"
        encType="multipart/form-data"
        className="mt-3 space-y-2 border-t border-gray-100 pt-3"
        aria-label={`Upload ${SELLER_DOCUMENT_KIND_LABELS[kind]}`}
        onSubmit={(e) => {
          const file = (e.currentTarget.elements.namedItem("document") as HTMLInputElement).files?.[0];
          if (!file || file.size === 0) {
            e.preventDefault();
            showActionToast({ type: "error", title: "No file", description: VERIFICATION_MESSAGES.noFile });
          } else if (file.size > MAX_DOCUMENT_BYTES) {
            e.preventDefault();
            showActionToast({ type: "error", title: "File too large", description: VERIFICATION_MESSAGES.tooLarge });
          }
        }}
      >
        <input type="hidden" name="intent" value="upload" />
        <input type="hidden" name="kind" value={kind} />
        <Label htmlFor={inputId}>
          {rejected ? "A new copy" : document ? "Replace with a new file" : "Choose a file"} (PDF, JPEG or PNG, at most
          10 MB)
        </Label>
        <p id={hintId} className="text-xs text-gray-600">
          {HINTS[kind]}
        </p>
        <Input
          id={inputId}
          name="document"
          type="file"
          accept={DOCUMENT_ACCEPT}
          required
          aria-describedby={error ? `${hintId} ${errorId}` : hintId}
          aria-invalid={error ? true : undefined}
          className="h-auto py-1.5!"
        />
        {error ? (
          <p id={errorId} role="alert" className="text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="sm" disabled={busy}>
          {rejected ? "Upload a new copy" : document ? "Replace" : "Upload"}
          {resetsVerification ? " and send for review" : ""}
        </Button>
      </Form>
    </li>
  );
}
