import { ArrowLeft } from "lucide-react";
import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/seller-listing-edit";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { ListingForm } from "#app/components/listing/listing-form.tsx";
import { RejectionReason } from "#app/components/seller/rejection-reason.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import {
  editedMessage,
  editOwnListingFromForm,
  findListingForEdit,
} from "#app/domain/listing/edit-own-listing.server.ts";
import { findRejectionReasons } from "#app/domain/listing/find-rejection-reasons.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { BODY_LIMITS, readFormData } from "#app/lib/multipart.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { redirectWithToast } from "#app/lib/toast.server.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { showActionToast } from "#app/components/forms/use-action-toast.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Edit Listing") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db, storage } = await getRuntime();
  const found = await findListingForEdit({ db, storage, viewer, listingId: params.id });
  if (!found) throw new Response("Not Found", { status: 404 });
  if (!found.outcome) throw redirect(`/listing/${params.id}`);
  const rejected =
    found.outcome === "resubmit"
      ? ((await findRejectionReasons({ db, listingIds: [params.id] })).get(params.id) ?? null)
      : undefined;
  return { ...found, rejected };
}

/** The form's plain (no-JavaScript) submission. */
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  return orError(async () => {
    const form = await readFormData(request, BODY_LIMITS.listingPhotos);
    const result = await editOwnListingFromForm({ runtime, viewer, listingId: params.id, form });
    return redirectWithToast("/seller-dashboard", {
      type: "success",
      title: "Listing saved",
      description: editedMessage(result),
    });
  });
}

const WHAT_HAPPENS = {
  revision:
    "Price, listing type and location changes are live as soon as you save. Changes to the title, description, details or photos are checked by our team first: buyers keep seeing the approved version until then.",
  update: "This listing is waiting for review: your changes are saved into it.",
  resubmit: "Saving sends this listing back to our team for review.",
} as const;

export default function SellerListingEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, photos, pendingSince, lastDecision, outcome, rejected } = loaderData;
  const navigate = useNavigate();
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Button asChild variant="ghost" size="sm">
        <Link to="/seller-dashboard">
          <ArrowLeft /> Back to Dashboard
        </Link>
      </Button>
      <h1 className="mt-4 text-3xl font-bold wrap-anywhere">Edit listing</h1>
      <p className="mt-1 text-gray-600">{outcome ? WHAT_HAPPENS[outcome] : null}</p>
      {rejected !== undefined ? (
        <p className="mt-3 rounded-md border border-red-200 bg-red-50 p-3">
          <RejectionReason reason={rejected} />
        </p>
      ) : null}
      {pendingSince ? (
        <p role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          Your earlier changes are waiting for review; the form shows them. Saving replaces them.
        </p>
      ) : null}
      {lastDecision ? (
        <p className="mt-3 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800 wrap-anywhere">
          <strong>Your last changes were not approved.</strong>{" "}
          {lastDecision.reason ? `Reason: ${lastDecision.reason}` : "Our team gave no reason."}
        </p>
      ) : null}
      {actionData && "toast" in actionData ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <strong>{actionData.toast.title}</strong> {actionData.toast.description}
        </div>
      ) : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="wrap-anywhere">{listing.title}</CardTitle>
        </CardHeader>
        <CardContent>
          <ListingForm
            edit={{
              listingId: listing.id,
              defaults: listing,
              photos,
              onSaved(message) {
                showActionToast({ type: "success", title: "Listing saved", description: message });
                navigate("/seller-dashboard");
              },
            }}
          />
        </CardContent>
      </Card>
    </div>
  );
}
