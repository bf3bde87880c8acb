/**
 * /admin/verifications: sellers waiting for verification, oldest first, with their documents (download
 * links), Verify and Reject (a reason required); below, the ones decided lately
 * (docs/product.md#verified-sellers).
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
  type VerificationQueueRow,
} from "#app/domain/verification/find-verifications.server.ts";
import { RejectSellerSchema, VerifySellerSchema } from "#app/domain/verification/verification-schemas.ts";
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
                key={s.userId}
                className="grid gap-2 p-4 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]"
                aria-label={s.name}
              >
                <div className="min-w-0 space-y-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold wrap-anywhere">{s.name}</h3>
                    <VerificationStatusBadge status={s.status} />
                  </div>
                  <SellerFacts seller={s} />
                  {s.decidedAt ? (
                    <p className="text-xs text-gray-600">
                      Decided {formatAdminDate(s.decidedAt)}
                      {s.decidedByName ? ` by ${s.decidedByName}` : ""}
                    </p>
                  ) : null}
                  {s.status === "rejected" && s.reason ? (
                    <p className="text-sm text-gray-700 wrap-anywhere">Reason: {s.reason}</p>
                  ) : null}
                </div>
                <div className="min-w-0 text-sm">
                  <DocumentLinks documents={s.documents} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function SellerFacts({ seller }: { seller: VerificationQueueRow }) {
  return (
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-gray-500">E-mail</dt>
      <dd className="break-all">{seller.email}</dd>
      <dt className="text-gray-500">Company</dt>
      <dd className="wrap-anywhere">{seller.companyName ?? "Not provided"}</dd>
      <dt className="text-gray-500">Seller type</dt>
      <dd>
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
      </div>
      <div className="mt-2 grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_12rem]">
        <SellerFacts seller={seller} />
        <div className="min-w-0 text-sm">
          <h4 className="mb-1 font-medium">Documents</h4>
          <DocumentLinks documents={seller.documents} />
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
