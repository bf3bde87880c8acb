/**
 * /admin/verifications: sellers waiting for verification, oldest first, with their documents (download
 * links), what happened before (earlier decisions and reasons, a rename, the documents new since), Verify
 * and Reject (a reason required); below, the decisions taken lately, each with where its seller stands
 * now (docs/product.md#verified-sellers).
 */
import { getFormProps, getInputProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/admin-verifications";
import { FieldError } from "#app/components/forms/field.tsx";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { Textarea } from "#app/components/ui/textarea.tsx";
import { DocumentLinks } from "#app/components/verification/document-links.tsx";
import { VerificationStatusBadge } from "#app/components/verification/verification-badge.tsx";
import { decideVerification } from "#app/domain/verification/decide-verification.server.ts";
import {
  findVerificationQueue,
  QUEUE_LIMIT,
  type VerificationDecisionRow,
  type VerificationHistoryEntry,
  type VerificationQueueRow,
} from "#app/domain/verification/find-verifications.server.ts";
import { documentList, RejectSellerSchema, VerifySellerSchema } from "#app/domain/verification/verification-schemas.ts";
import { VERIFICATION_REASON_MAX } from "#app/domain/verification/verification-state.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { formatAdminDate } from "#app/lib/format.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { cn } from "#app/lib/utils.ts";
import { requireAdmin } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { SELLER_DOCUMENT_KIND_LABELS } from "#db/vocabulary.ts";
import type { Intent } from "./admin-verifications.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Verification | Admin Panel") },
  { name: "robots", content: "noindex" },
];

const SOURCE = "/admin/verifications";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const { db } = await getRuntime();
  return { ...(await findVerificationQueue({ db, admin })), queueLimit: QUEUE_LIMIT, adminUserId: admin.userId };
}

export async function action({ request }: Route.ActionArgs) {
  const admin = await requireAdmin(request);
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const extra = { sellerUserId: String(formData.get("sellerUserId") ?? "") };

  if (intent === "verify" || intent === "reject") {
    const submission = parseWithZod(formData, {
      schema: intent === "verify" ? VerifySellerSchema : RejectSellerSchema,
    });
    if (submission.status !== "success") {
      return invalidReply(submission, {
        title: intent === "verify" ? "Seller not verified" : "Verification not rejected",
        extra,
      });
    }
    return runForm(
      submission,
      async () => {
        const value = submission.value as { sellerUserId: string; version: string; reason?: string };
        const { name } = await decideVerification({
          runtime,
          admin,
          sellerUserId: value.sellerUserId,
          version: value.version,
          decision: intent,
          reason: value.reason,
        });
        return redirectWithToast(SOURCE, {
          type: "success",
          title: intent === "verify" ? "Seller verified" : "Verification rejected",
          description:
            intent === "verify"
              ? `${name} is a verified seller now and has been told.`
              : `${name} has been told why, and can send new documents.`,
        });
      },
      { extra, fieldErrors: "with-form" },
    );
  }
  return redirect(SOURCE);
}

export function shouldRevalidate() {
  return true;
}

type ActionData = { result?: SubmissionResult<string[]>; sellerUserId?: string } | undefined;

export default function AdminVerifications({ loaderData, actionData }: Route.ComponentProps) {
  const { pending, pendingCount, queueLimit, recent, adminUserId } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  useActionToast(actionData?.toast);
  const failed = actionData?.toast?.type === "error" ? actionData.toast : null;

  return (
    <div className="mt-6 space-y-8">
      {failed ? (
        <Alert variant="destructive">
          <AlertTitle>{failed.title}</AlertTitle>
          <AlertDescription>{failed.description}</AlertDescription>
        </Alert>
      ) : null}
      <section aria-labelledby="pending-heading">
        <h2 id="pending-heading" className="text-xl font-semibold">
          Waiting for review ({pendingCount})
        </h2>
        <p className="mt-1 text-sm text-gray-600">
          Oldest first. Open each document, compare it with the seller's details, then verify or reject with a reason
          the seller will read.
          {pendingCount > queueLimit ? ` The oldest ${queueLimit} are shown.` : ""}
        </p>
        {pending.length === 0 ? (
          <p className="mt-6 rounded-lg border border-dashed border-gray-300 p-6 text-center text-gray-500">
            No seller is waiting for verification.
          </p>
        ) : (
          <ul className="mt-4 space-y-4">
            {pending.map((s) => (
              <PendingSeller
                key={s.userId}
                seller={s}
                busy={busy}
                own={s.userId === adminUserId}
                actionData={actionData?.sellerUserId === s.userId ? (actionData as ActionData) : undefined}
              />
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="recent-heading">
        <h2 id="recent-heading" className="text-xl font-semibold">
          Decided lately
        </h2>
        {recent.length === 0 ? (
          <p className="mt-4 text-sm text-gray-500">No decisions yet.</p>
        ) : (
          <ul className="mt-4 divide-y rounded-lg border bg-white">
            {recent.map((s) => (
              <li
                key={s.decisionId}
                className="grid items-start gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
                aria-label={s.name}
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold wrap-anywhere">{s.name}</h3>
                    <VerificationStatusBadge status={s.status} />
                  </div>
                  <SellerFacts seller={{ ...s, submittedAt: null }} />
                  <p className="text-xs text-gray-600">
                    Decided {formatAdminDate(s.decidedAt)}
                    {s.decidedByName ? ` by ${s.decidedByName}` : ""}
                  </p>
                  {s.status === "rejected" && s.reason ? (
                    <p className="text-sm text-gray-700 wrap-anywhere">Reason: {s.reason}</p>
                  ) : null}
                  <NowStatus decision={s} />
                </div>
                <div className="min-w-0 text-sm">
                  {s.documents.length || !s.replacedSince.length ? (
                    <DocumentLinks documents={s.documents} formatDate={formatAdminDate} />
                  ) : null}
                  {s.replacedSince.length ? (
                    <p className="mt-1 text-gray-600">
                      Replaced since this decision: {documentList(s.replacedSince)} (the new copy is in the seller's
                      newer review).
                    </p>
                  ) : null}
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/** Under a decision: where its seller stands now, when that changed since (sent again, renamed, decided again). */
function NowStatus({ decision }: { decision: VerificationDecisionRow }) {
  if (decision.nowStatus === decision.status) return null;
  const text =
    decision.nowStatus === "pending"
      ? "Now: waiting for review again (above)."
      : decision.nowStatus === "verified"
        ? "Now: verified by a later decision."
        : decision.nowStatus === "rejected"
          ? "Now: not accepted by a later decision."
          : "Now: not verified.";
  return <p className="text-sm font-medium text-amber-800">{text}</p>;
}

function SellerFacts({
  seller,
}: {
  seller: Pick<VerificationQueueRow, "email" | "companyName" | "sellerType"> & { submittedAt?: string | null };
}) {
  // One column on a phone (an e-mail address needs the whole width), two from sm up.
  return (
    <dl className="grid content-start gap-x-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-0.5">
      <dt className="text-gray-500">E-mail</dt>
      <dd className="mb-1 wrap-anywhere sm:mb-0">{seller.email}</dd>
      {seller.sellerType === "private" && !seller.companyName ? null : (
        <>
          <dt className="text-gray-500">Company</dt>
          <dd className="mb-1 wrap-anywhere sm:mb-0">{seller.companyName ?? "Not provided"}</dd>
        </>
      )}
      <dt className="text-gray-500">Seller type</dt>
      <dd className="mb-1 sm:mb-0">
        {seller.sellerType === "company" ? "Company" : seller.sellerType === "private" ? "Private" : "Not provided"}
      </dd>
      {seller.submittedAt ? (
        <>
          <dt className="text-gray-500">Submitted</dt>
          <dd>{formatAdminDate(seller.submittedAt)}</dd>
        </>
      ) : null}
    </dl>
  );
}

/** What happened before this review, oldest first: each decision with its reason, and renames. */
function EarlierReviews({ history }: { history: VerificationHistoryEntry[] }) {
  if (!history.length) return null;
  return (
    <section
      aria-label="Before this review"
      className="mt-3 rounded-md border border-amber-200 bg-amber-50 p-3 text-sm"
    >
      <h4 className="font-medium text-amber-900">Before this review</h4>
      <ol className="mt-1 space-y-1 text-gray-800">
        {history.map((h) => (
          <li key={`${h.kind}-${h.at}`} className="wrap-anywhere">
            {h.kind === "renamed" ? (
              <>
                {formatAdminDate(h.at)}: the seller changed {renameText(h)} while verified, so the badge came off until
                this review.
              </>
            ) : h.kind === "verified" ? (
              <>
                {formatAdminDate(h.at)}: verified{h.byName ? ` by ${h.byName}` : ""}.
              </>
            ) : (
              <>
                {formatAdminDate(h.at)}: not accepted{h.byName ? ` by ${h.byName}` : ""}. Reason: {h.reason ?? "—"}
              </>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function renameText(entry: Extract<VerificationHistoryEntry, { kind: "renamed" }>) {
  const parts: string[] = [];
  const quote = (v: string | null | undefined) => (v ? `"${v}"` : "none");
  if ((entry.from.fullName ?? null) !== (entry.to.fullName ?? null)) {
    parts.push(`the name from ${quote(entry.from.fullName)} to ${quote(entry.to.fullName)}`);
  }
  if ((entry.from.companyName ?? null) !== (entry.to.companyName ?? null)) {
    parts.push(`the company from ${quote(entry.from.companyName)} to ${quote(entry.to.companyName)}`);
  }
  return parts.length ? parts.join(" and ") : "the name or company";
}

/** A badge saying which review this is: a second look after a rejection, or after a rename. */
function RoundBadge({ history }: { history: VerificationHistoryEntry[] }) {
  const last = history.at(-1);
  if (!last) return null;
  if (last.kind === "renamed") return <Badge variant="warning">Renamed since verified</Badge>;
  const rejections = history.filter((h) => h.kind === "rejected").length;
  if (last.kind === "rejected") {
    return (
      <Badge variant="warning">{rejections === 1 ? "Sent again after a rejection" : `Attempt ${rejections + 1}`}</Badge>
    );
  }
  return <Badge variant="secondary">Verified before</Badge>;
}

function PendingSeller({
  seller,
  busy,
  own,
  actionData,
}: {
  seller: VerificationQueueRow;
  busy: boolean;
  own: boolean;
  actionData: ActionData;
}) {
  return (
    <li className="rounded-lg border bg-white p-4 shadow-sm" aria-label={seller.name}>
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="text-lg font-semibold wrap-anywhere">{seller.name}</h3>
        <VerificationStatusBadge status={seller.status} />
        <RoundBadge history={seller.history} />
      </div>
      <EarlierReviews history={seller.history} />
      {/* items-start: an opened Reject form makes the row taller without stretching the details beside it. */}
      <div className="mt-2 grid items-start gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem]">
        <SellerFacts seller={seller} />
        <div className="min-w-0 text-sm">
          <h4 className="mb-1 font-medium">Documents</h4>
          <DocumentLinks documents={seller.documents} formatDate={formatAdminDate} />
          {seller.missing.length ? (
            <p className="mt-2">
              <Badge variant="warning" className="whitespace-normal!">
                Missing: {seller.missing.map((k) => SELLER_DOCUMENT_KIND_LABELS[k]).join(", ")}
              </Badge>
            </p>
          ) : null}
        </div>
        {own ? (
          <p className="text-sm text-gray-600">Your own seller account: another admin decides.</p>
        ) : (
          <div className="flex flex-col gap-2">
            <Form method="post">
              <input type="hidden" name="intent" value="verify" />
              <input type="hidden" name="sellerUserId" value={seller.userId} />
              <input type="hidden" name="version" value={seller.version} />
              <Button type="submit" size="sm" disabled={busy} className="w-full" aria-label={`Verify ${seller.name}`}>
                Verify
              </Button>
            </Form>
            <RejectControl seller={seller} busy={busy} actionData={actionData} />
          </div>
        )}
      </div>
    </li>
  );
}

/**
 * Reject in two steps, so a slip does not reject: "Reject" opens a short form (a disclosure: it works
 * without JavaScript) with the reason for the seller, required, then "Reject verification".
 */
function RejectControl({
  seller,
  busy,
  actionData,
}: {
  seller: VerificationQueueRow;
  busy: boolean;
  actionData: ActionData;
}) {
  const [form, fields] = useForm({
    id: `reject-${seller.userId}`,
    lastResult: actionData?.result,
    defaultValue: { sellerUserId: seller.userId, version: seller.version },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RejectSellerSchema }),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });
  // Open while the admin writes, and again when the reason was refused (also after a reload without JavaScript).
  const refused = Boolean(fields.reason.errors?.length);
  const [open, setOpen] = useState(refused);
  useEffect(() => {
    if (refused) setOpen(true);
  }, [refused]);
  return (
    <details className="group w-full" open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
      <summary
        className={cn(
          buttonVariants({ variant: "outline", size: "sm" }),
          "w-full cursor-pointer list-none group-open:bg-gray-100 [&::-webkit-details-marker]:hidden",
        )}
      >
        Reject
      </summary>
      <Form
        method="post"
        {...getFormProps(form)}
        className="mt-2 space-y-2 rounded-md border bg-gray-50 p-2"
        aria-label={`Reject ${seller.name}`}
      >
        <input type="hidden" name="intent" value="reject" />
        <input {...getInputProps(fields.sellerUserId, { type: "hidden" })} key={fields.sellerUserId.key} />
        <input {...getInputProps(fields.version, { type: "hidden" })} key={fields.version.key} />
        <Label htmlFor={fields.reason.id} className="text-xs leading-4!">
          Reason for the seller (required)
        </Label>
        <Textarea
          {...getTextareaProps(fields.reason, { ariaAttributes: true })}
          key={fields.reason.key}
          rows={3}
          maxLength={VERIFICATION_REASON_MAX}
          className="text-sm"
        />
        <FieldError id={fields.reason.errorId} errors={fields.reason.errors} />
        <Button type="submit" size="sm" variant="destructive" disabled={busy} className="w-full">
          Reject verification
        </Button>
      </Form>
    </details>
  );
}
