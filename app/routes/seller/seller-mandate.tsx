import { useState } from "react";
import { Form, Link, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/seller-mandate";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { MandateCommission } from "#app/components/seller/mandate-commission.tsx";
import { SignedPdfForms } from "#app/components/seller/signed-pdf-forms.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog.tsx";
import {
  getMandateContext,
  requestMandatePdf,
  signMandateByCheckbox,
  submitSignedMandate,
} from "#app/domain/mandate/sign-mandate.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { enforceUserLimit } from "#app/lib/rate-limit.server.ts";
import { BODY_LIMITS, filesOf, readFormData } from "#app/lib/multipart.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import type { Intent } from "./seller-mandate.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Exclusive Sales Mandate") },
  { name: "robots", content: "noindex" },
];

const SUBMITTED = {
  type: "success" as const,
  title: "Listing submitted for approval!",
  description: "Your machinery listing has been successfully submitted and is now pending admin review.",
};

async function load(request: Request, listingId: string, context: Route.LoaderArgs["context"]) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  try {
    const ctx = await getMandateContext({ runtime, viewer, listingId, ip: clientIp(context) });
    return { viewer, runtime, ctx };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") throw new Response("Not Found", { status: 404 });
    throw error;
  }
}

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { ctx } = await load(request, params.listingId, context);
  return {
    listingId: ctx.listing.id,
    listingTitle: ctx.listing.title,
    email: ctx.email,
    terms: ctx.terms,
    signed: Boolean(ctx.signed),
    pdfRequested: Boolean(ctx.pdfRequested),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { viewer, runtime, ctx } = await load(request, params.listingId, context);
  return orError(async () => {
    const form = await readFormData(request, BODY_LIMITS.signedMandate);
    const intent = form.get("intent") as Intent | null;
    if (intent === "sign") {
      await signMandateByCheckbox({ runtime, ctx, accepted: form.get("accept") === "on", userId: viewer.userId });
      return redirectWithToast("/seller-dashboard", [
        { type: "success", title: "Mandate Agreement Signed", description: "A confirmation e-mail is on its way." },
        SUBMITTED,
      ]);
    }
    if (intent === "request-pdf") {
      await requestMandatePdf({ runtime, ctx, userId: viewer.userId });
      return {
        toast: {
          type: "success",
          title: "PDF Mandate Sent",
          description: `We e-mailed the mandate to ${ctx.email}. Sign it and upload it below.`,
        } as ActionToast,
      };
    }
    if (intent === "upload") {
      await enforceUserLimit(runtime, "upload", viewer.userId);
      const [file] = await filesOf(form, "signedPdf");
      await submitSignedMandate({ runtime, ctx, userId: viewer.userId, file });
      return redirectWithToast("/seller-dashboard", [
        {
          type: "success",
          title: "Mandate Agreement Submitted",
          description: "Thank you: we received your signed mandate.",
        },
        SUBMITTED,
      ]);
    }
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

export default function SellerMandate({ loaderData, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  useActionToast(actionData?.toast);
  const [accepted, setAccepted] = useState(false);
  const { listingTitle, email, terms, signed } = loaderData;
  const pdfRequested = loaderData.pdfRequested || actionData?.toast?.title === "PDF Mandate Sent";
  const problems = [!email && "User email is required", !listingTitle && "Listing title is required"].filter(
    Boolean,
  ) as string[];
  const disabled = problems.length > 0 || busy;

  return (
    <Dialog open onOpenChange={(open) => !open && navigate("/seller-dashboard")}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Exclusive Sales Mandate</DialogTitle>
          <DialogDescription>
            For “{listingTitle}”. {signed ? "You have signed this mandate." : "Please read the terms, then sign."}
          </DialogDescription>
        </DialogHeader>
        {problems.length ? (
          <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <p className="font-semibold">Cannot Proceed</p>
            <ul className="list-disc pl-5">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {actionData?.toast?.type === "error" ? (
          <div role="alert" className="mb-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
            <strong>{actionData.toast.title}</strong> {actionData.toast.description}
          </div>
        ) : null}
        <MandateCommission />
        <pre
          className="max-h-72 overflow-y-auto whitespace-pre-wrap rounded border bg-gray-50 p-3 font-sans text-sm"
          aria-label="Agreement text"
          tabIndex={0}
        >
          {terms}
        </pre>
        {signed ? (
          <div className="mt-4 space-y-3">
            <p className="text-sm text-green-800">This mandate is signed. Your listing waits for our team's review.</p>
            <Button asChild>
              <Link to="/seller-dashboard">Back to Dashboard</Link>
            </Button>
          </div>
        ) : (
          <div className="mt-4 space-y-6">
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="sign" />
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="accept"
                  className="mt-0.5 size-4 accent-brand-600"
                  checked={accepted}
                  onChange={(e) => setAccepted(e.currentTarget.checked)}
                  disabled={problems.length > 0}
                />
                <span>I have read the mandate and sign it electronically.</span>
              </label>
              <Button type="submit" disabled={disabled || !accepted}>
                Sign Mandate
              </Button>
            </Form>
            <SignedPdfForms what="mandate" pdfRequested={pdfRequested} disabled={disabled} />
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
