import { ArrowLeft } from "lucide-react";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/seller-create";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { ListingForm } from "#app/components/listing/listing-form.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "#app/components/ui/card.tsx";
import { SELLER_COMMISSION_NOTE } from "#app/lib/commission.ts";
import { createListingFromForm } from "#app/domain/listing/create-listing.server.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { BODY_LIMITS, readFormData } from "#app/lib/multipart.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Create a New Listing") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireRole(request, "seller");
  return null;
}

/** The form's plain (no-JavaScript) submission. */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  return orError(async () => {
    const form = await readFormData(request, BODY_LIMITS.listingPhotos);
    const { listingId } = await createListingFromForm({ runtime, viewer, form });
    return redirect(`/seller/mandate/${listingId}`);
  });
}

export default function SellerCreate({ actionData }: Route.ComponentProps) {
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <Button asChild variant="ghost" size="sm">
        <Link to="/seller-dashboard">
          <ArrowLeft /> Back to Dashboard
        </Link>
      </Button>
      <h1 className="mt-4 text-3xl font-bold">Create a New Listing</h1>
      <p className="mt-1 text-gray-600">
        Every listing is reviewed by our team before it is public. After uploading you will sign the exclusive sales
        mandate.
      </p>
      <p className="mt-2 text-sm text-gray-600">{SELLER_COMMISSION_NOTE}</p>
      {actionData && "toast" in actionData ? (
        <div role="alert" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-700">
          <strong>{actionData.toast.title}</strong> {actionData.toast.description}
        </div>
      ) : null}
      <Card className="mt-6">
        <CardHeader>
          <CardTitle>Machinery details</CardTitle>
        </CardHeader>
        <CardContent>
          <ListingForm saveDraft />
        </CardContent>
      </Card>
      <Card className="mt-6">
        <CardHeader>
          <CardTitle className="text-base! leading-6!">Tips for Samsung and Android phones</CardTitle>
        </CardHeader>
        <CardContent className="space-y-1 text-sm text-gray-700">
          <p>Set your camera to save JPEG photos (not HEIC) and choose up to five at a time.</p>
          <p>Photos are made smaller on your phone before upload, so they go up quickly on mobile data.</p>
          <p>Your typing is saved as a draft on this device for an hour if the page reloads.</p>
        </CardContent>
      </Card>
    </div>
  );
}
