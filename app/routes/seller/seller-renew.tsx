/**
 * /seller/renew/:listingId — renewing a listing's exclusive sales mandate for 90 more days (the reminder
 * e-mail's one-click link lands here, after sign-in if needed): the renewal's terms, then the checkbox, or
 * the PDF by e-mail and its signed upload, as for the first mandate.
 */
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/seller-renew";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { MandateCommission } from "#app/components/seller/mandate-commission.tsx";
import { SignedPdfForms } from "#app/components/seller/signed-pdf-forms.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { getRenewal, renewListing, requestRenewalPdf } from "#app/domain/listing/renew-listing.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { formatLongDate } from "#app/lib/format.ts";
import { BODY_LIMITS, filesOf, readFormData } from "#app/lib/multipart.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./seller-renew.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Renew Your Listing") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  try {
    const r = await getRenewal({ db, viewer, listingId: params.listingId, ip: clientIp(context) });
    return {
      listingId: r.listing.id,
      listingTitle: r.listing.title,
      badge: r.listing.badge,
      expiresOn: formatLongDate(r.listing.expiresOn),
      newExpiresOn: r.renewal.ok ? formatLongDate(r.renewal.termEnds) : null,
      termStarts: r.renewal.ok ? formatLongDate(r.renewal.termStarts) : null,
      refusal: r.refusal,
      terms: r.terms,
      pdfRequested: r.pdfRequested,
    };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  const who = { viewer, ip: clientIp(context), listingId: params.listingId };
  return orError(async () => {
    const form = await readFormData(request, BODY_LIMITS.signedMandate);
    const intent = form.get("intent") as Intent | null;
    if (intent === "sign" || intent === "upload") {
      if (intent === "upload") await enforceUserLimit(runtime, "upload", viewer.userId);
      const signature =
        intent === "sign"
          ? { method: "checkbox" as const, accepted: form.get("accept") === "on" }
          : { method: "uploaded_pdf" as const, file: (await filesOf(form, "signedPdf"))[0] };
      const { title, expiresOn } = await renewListing({ runtime, ...who, signature });
      return redirectWithToast("/seller-dashboard", {
        type: "success",
        title: "Mandate Renewed",
        description: `“${title}” stays listed until ${formatLongDate(expiresOn)}. A confirmation e-mail is on its way.`,
      });
    }
    if (intent === "request-pdf") {
      const { email } = await requestRenewalPdf({ runtime, ...who });
      return {
        toast: {
          type: "success",
          title: "PDF Mandate Sent",
          description: `We e-mailed the renewal to ${email}. Sign it and upload it below.`,
        } as ActionToast,
      };
    }
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

export default function SellerRenew({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData?.toast);
  const [accepted, setAccepted] = useState(false);
  const { listingTitle, badge, expiresOn, newExpiresOn, termStarts, refusal, terms } = loaderData;
  const pdfRequested = loaderData.pdfRequested || actionData?.toast?.title === "PDF Mandate Sent";
  const expired = badge === "Expired";

  return (
    <div className="mx-auto max-w-2xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold">Renew Your Listing</h1>
      <p className="mt-1 font-medium wrap-anywhere">{listingTitle}</p>
      <p className="mt-2 text-sm text-gray-700">
        {expired ? `Expired on ${expiresOn}: buyers no longer see it.` : `Its mandate ends on ${expiresOn}.`}
      </p>

      {actionData?.toast?.type === "error" ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <strong>{actionData.toast.title}</strong> {actionData.toast.description}
        </div>
      ) : null}

      {refusal ? (
        <div className="mt-4 space-y-3">
          <p role="status" className="rounded-md border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
            {refusal}
          </p>
          <Button asChild variant="outline">
            <Link to="/seller-dashboard">Back to Dashboard</Link>
          </Button>
        </div>
      ) : (
        <>
          <p className="mt-4 rounded-md bg-brand-50 p-3 text-sm text-brand-900">
            Renewing signs the exclusive sales mandate for 90 more days, from {termStarts} to{" "}
            <strong>{newExpiresOn}</strong>.{" "}
            {expired ? "Your listing goes back on the market at once." : "Your listing stays on the market without a gap."}
          </p>
          <div className="mt-4">
            <MandateCommission />
          </div>
          <pre
            className="max-h-72 overflow-y-auto rounded border bg-gray-50 p-3 font-sans text-sm whitespace-pre-wrap wrap-anywhere"
            aria-label="Agreement text"
            tabIndex={0}
          >
            {terms}
          </pre>
          <div className="mt-4 space-y-6">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="sign" />
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="accept"
                  className="mt-0.5 size-4 shrink-0 accent-brand-600"
                  checked={accepted}
                  onChange={(e) => setAccepted(e.currentTarget.checked)}
                />
                <span>I have read the renewed mandate and sign it electronically.</span>
              </label>
              <Button type="submit" disabled={busy || !accepted} className="w-full sm:w-auto">
                Sign Renewal
              </Button>
            </Form>
            <SignedPdfForms what="renewal" pdfRequested={pdfRequested} disabled={busy} buttonClassName="w-full sm:w-auto" />
            <p className="text-sm">
              <Link to="/seller-dashboard" className="text-brand-700 underline">
                Back to Dashboard
              </Link>
            </p>
          </div>
        </>
      )}
    </div>
  );
}
