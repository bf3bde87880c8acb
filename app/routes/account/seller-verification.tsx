/**
 * /account/verification: a seller proves who they are (docs/product.md#verified-sellers). Where they
 * stand (with the admin's reason when the documents were not accepted), their documents (download
 * links), an upload per kind, and "Send for verification" once the required documents are there.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { ShieldCheck } from "lucide-react";
import { Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/seller-verification";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { DocumentUploadCard } from "#app/components/verification/document-upload-card.tsx";
import { VerificationStatusBadge } from "#app/components/verification/verification-badge.tsx";
import { findOwnSellerPagePath } from "#app/domain/seller/get-seller-page.server.ts";
import { getSellerVerification } from "#app/domain/verification/find-verifications.server.ts";
import { submitVerification } from "#app/domain/verification/submit-verification.server.ts";
import { uploadSellerDocument } from "#app/domain/verification/upload-seller-document.server.ts";
import { documentList, UploadDocumentSchema } from "#app/domain/verification/verification-schemas.ts";
import { AppError } from "#app/lib/app-error.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { formatLongDate } from "#app/lib/format.ts";
import { BODY_LIMITS, filesOf, readFormData } from "#app/lib/multipart.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { errorData } from "#app/lib/respond.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { SELLER_DOCUMENT_KIND_LABELS, type SellerDocumentKind } from "#db/vocabulary.ts";
import type { Intent } from "./seller-verification.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Seller verification") },
  { name: "robots", content: "noindex" },
];

const SOURCE = "/account/verification";

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const [verification, sellerPage] = await Promise.all([
    getSellerVerification({ db, userId: viewer.userId }),
    findOwnSellerPagePath({ db, userId: viewer.userId }),
  ]);
  if (!verification) throw new Response("Not Found", { status: 404 });
  return { verification, sellerPage };
}

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  let formData: FormData;
  try {
    formData = await readFormData(request, BODY_LIMITS.sellerDocument);
  } catch (error) {
    if (error instanceof AppError) return errorData(error);
    throw error;
  }
  const intent = String(formData.get("intent") ?? "") as Intent;

  if (intent === "upload") {
    const submission = parseWithZod(formData, { schema: UploadDocumentSchema });
    const extra = {
      kind: (submission.status === "success" ? submission.value.kind : null) as SellerDocumentKind | null,
    };
    if (submission.status !== "success") return invalidReply(submission, { title: "Document not uploaded", extra });
    return runForm(
      submission,
      async () => {
        await enforceUserLimit(runtime, "upload", viewer.userId);
        const [file] = await filesOf(formData, "document");
        const uploaded = await uploadSellerDocument({ runtime, viewer, kind: submission.value.kind, file });
        const label = SELLER_DOCUMENT_KIND_LABELS[uploaded.kind];
        const still = uploaded.missing.length ? ` ${stillNeeded(uploaded.missing)}` : "";
        return redirectWithToast(SOURCE, {
          type: "success",
          title: uploaded.replaced ? "Document replaced" : "Document uploaded",
          description: uploaded.backToReview
            ? `${label}: ${uploaded.fileName}. Your documents are back with our team for review.${still}`
            : `${label}: ${uploaded.fileName}.`,
        });
      },
      { extra },
    );
  }

  if (intent === "submit") {
    const submission = parseWithZod(formData, { schema: UploadDocumentSchema.partial() });
    const extra = { kind: null as SellerDocumentKind | null };
    return runForm(
      submission,
      async () => {
        await submitVerification({ db: runtime.db, viewer });
        return redirectWithToast(SOURCE, {
          type: "success",
          title: "Sent for verification",
          description: "Our team will check your documents. We tell you by e-mail and in your notifications.",
        });
      },
      { extra },
    );
  }

  return redirect(SOURCE);
}

/** After a refused upload the page is read again too (a document replaced in another tab, say). */
export function shouldRevalidate() {
  return true;
}

/** What a seller waiting for review must still upload before our team can check (and verify) them. */
function stillNeeded(missing: readonly SellerDocumentKind[]) {
  return `Our team can check your documents only once they are all there: please upload ${documentList(missing)}.`;
}

const STATUS_TEXT = {
  unverified:
    "Buyers see a Verified seller badge on sellers whose identity our team has checked. Upload your documents below, then send them to us.",
  pending:
    "Our team is checking your documents. We tell you by e-mail and in your notifications when they have decided.",
  verified: "Buyers see the Verified seller badge on your listings and your seller page.",
  rejected:
    "Our team could not verify you from the documents you sent. Upload a new copy of the document the reason below concerns, and send them again.",
} as const;

export default function SellerVerification({ loaderData, actionData }: Route.ComponentProps) {
  const { verification: v, sellerPage } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useActionToast(actionData?.toast);
  const failedKind = actionData && "kind" in actionData ? actionData.kind : null;
  const errorText = actionData?.toast?.type === "error" ? actionData.toast.description : undefined;
  const fresh = v.documents.filter((d) => !v.notAccepted.includes(d.kind)).map((d) => d.kind);

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:py-8">
      <p className="text-sm">
        <Link to="/seller-dashboard" className="text-brand-700 underline underline-offset-2">
          Back to dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-2xl font-bold sm:text-3xl">Seller verification</h1>

      <section
        aria-labelledby="status-heading"
        className="mt-4 rounded-lg border border-gray-200 bg-white p-4 shadow-sm"
      >
        <div className="flex flex-wrap items-center gap-2">
          <h2 id="status-heading" className="text-lg font-semibold">
            Status
          </h2>
          <VerificationStatusBadge status={v.status} />
        </div>
        <p className="mt-2 text-sm text-gray-700">
          {v.status === "pending" && v.missing.length
            ? "Your verification is waiting for review, but our team cannot check it yet."
            : STATUS_TEXT[v.status]}
        </p>
        {v.status === "pending" && v.submittedAt ? (
          <p className="mt-1 text-sm text-gray-600">Sent on {formatLongDate(v.submittedAt)}.</p>
        ) : null}
        {v.status === "verified" && v.decidedAt ? (
          <p className="mt-1 text-sm text-gray-600">Verified on {formatLongDate(v.decidedAt)}.</p>
        ) : null}
        {sellerPage ? (
          <p className="mt-2 text-sm">
            <Link to={sellerPage} className="text-brand-700 underline underline-offset-2">
              See your public seller page
            </Link>{" "}
            <span className="text-gray-600">as buyers see it.</span>
          </p>
        ) : null}
        {v.status === "rejected" && v.reason ? (
          <Alert variant="destructive" className="mt-3">
            <AlertTitle>Reason from our team</AlertTitle>
            <AlertDescription className="wrap-anywhere whitespace-pre-line">{v.reason}</AlertDescription>
          </Alert>
        ) : null}
        {v.status === "pending" && v.missing.length ? (
          <Alert variant="destructive" className="mt-3" data-still-needed>
            <AlertTitle>Documents still needed</AlertTitle>
            <AlertDescription>{stillNeeded(v.missing)}</AlertDescription>
          </Alert>
        ) : null}
      </section>

      {errorText && !failedKind ? (
        <Alert variant="destructive" className="mt-4">
          <AlertTitle>{actionData?.toast?.title}</AlertTitle>
          <AlertDescription>{errorText}</AlertDescription>
        </Alert>
      ) : null}

      <section aria-labelledby="documents-heading" className="mt-6">
        <h2 id="documents-heading" className="text-xl font-semibold">
          Your documents
        </h2>
        <p className="mt-1 text-sm text-gray-700">
          {v.sellerType === "company"
            ? "As a company seller we need your identity document, the company's registration (CIPC) and a proof of address."
            : "As a private seller we need your identity document."}{" "}
          Each file a PDF, JPEG or PNG of at most 10 MB. Only you and our team can open them.
        </p>
        {v.uploadResets ? (
          <Alert variant="info" className="mt-3">
            <ShieldCheck aria-hidden />
            <AlertTitle>Replacing a document takes your badge away for a while</AlertTitle>
            <AlertDescription>
              Your documents have been checked. If you upload a new one, the Verified seller badge goes until our team
              has checked it again.
              {v.missing.length
                ? ` They can check only once every required document is there: you would still need to upload ${documentList(v.missing)}.`
                : ""}
            </AlertDescription>
          </Alert>
        ) : null}
        <ul className="mt-4 space-y-4" aria-label="Documents to upload">
          {v.kinds.map((kind) => (
            <DocumentUploadCard
              key={kind}
              kind={kind}
              required={v.required.includes(kind)}
              document={v.documents.find((d) => d.kind === kind)}
              busy={busy}
              error={failedKind === kind ? errorText : undefined}
              resetsVerification={v.uploadResets}
              notAcceptedOn={v.notAccepted.includes(kind) ? v.decidedAt : null}
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby="send-heading" className="mt-6 rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
        <h2 id="send-heading" className="text-lg font-semibold">
          Send for verification
        </h2>
        {v.maySubmit ? (
          <Form method="post" className="mt-2 space-y-2">
            <input type="hidden" name="intent" value="submit" />
            <p className="text-sm text-gray-700">
              {v.notAccepted.length
                ? `Ready to send again: your new ${documentList(fresh)}, with ${documentList(v.notAccepted)} as sent before. Send them to our team to be checked.`
                : `Your documents are ready: ${documentList(fresh)}. Send them to our team to be checked.`}
            </p>
            <Button type="submit" disabled={busy}>
              Send for verification
            </Button>
          </Form>
        ) : v.status === "pending" && v.missing.length ? (
          <p className="mt-2 text-sm text-gray-700">{stillNeeded(v.missing)}</p>
        ) : v.status === "pending" ? (
          <p className="mt-2 text-sm text-gray-700">
            Sent. You can still replace a document while you wait: our team sees the newest one.
          </p>
        ) : v.status === "verified" ? (
          <p className="mt-2 text-sm text-gray-700">Nothing to send: you are a verified seller.</p>
        ) : v.missing.length ? (
          <p className="mt-2 text-sm text-gray-700">
            Upload your {documentList(v.missing)} first, then send your documents from here.
          </p>
        ) : (
          <p className="mt-2 text-sm text-gray-700">
            Upload a new copy of the documents our team did not accept (see the reason above), then send them again from
            here.
          </p>
        )}
      </section>
    </div>
  );
}
