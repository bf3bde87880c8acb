import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/seller-listing";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { replyToRequestMove } from "#app/components/requests/request-move-action.server.ts";
import { SellerLeads } from "#app/components/seller/seller-leads.tsx";
import { ViewsChart } from "#app/components/seller/views-chart.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findOwnListing } from "#app/domain/listing/find-own-listing.server.ts";
import { findSellerLeads } from "#app/domain/request/find-seller-leads.server.ts";
import { isSellerRequestIntent } from "#app/domain/request/request-move-schemas.ts";
import { todayInJohannesburg } from "#app/domain/request/request-schemas.ts";
import { AppError } from "#app/lib/app-error.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { orError } from "#app/lib/respond.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { formatPrice } from "#app/lib/format.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data ? `${data.listing.title} | Your listing` : "Your listing") },
  { name: "robots", content: "noindex" },
];

/** One of the seller's listings: its views, its requests (answered here), and the way to its page and its edit form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const found = await findOwnListing({ db, viewer, listingId: params.id });
  if (!found) throw new Response("Not Found", { status: 404 });
  const leads = await findSellerLeads({ db, viewer, listingId: found.listing.id });
  return { ...found, leads, today: todayInJohannesburg() };
}

/** The seller's answers to the listing's requests (the same as on the dashboard). */
export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireRole(request, "seller");
  const runtime = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "");
  if (isSellerRequestIntent(intent))
    return replyToRequestMove({ runtime, viewer, formData, intent, as: "seller", extra: {} });
  return orError(async () => {
    throw new AppError("BAD_REQUEST", "Error", "Unknown action.");
  });
}

export default function SellerListing({ loaderData, actionData }: Route.ComponentProps) {
  const { listing, analytics, leads, today } = loaderData;
  useActionToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Button asChild variant="ghost" size="sm">
        <Link to="/seller-dashboard">
          <ArrowLeft /> Back to Dashboard
        </Link>
      </Button>
      <h1 className="mt-4 text-2xl font-bold wrap-anywhere sm:text-3xl">{listing.title}</h1>
      <div className="mt-2 flex flex-wrap items-center gap-3">
        <span className="text-xl font-semibold">{formatPrice(listing.price)}</span>
        <Badge variant="secondary">{listing.badge}</Badge>
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <Link to={`/listing/${listing.id}`}>View listing</Link>
        </Button>
        {listing.badge !== "Sold" ? (
          <Button asChild variant="outline" size="sm">
            <Link to={`/seller/listings/${listing.id}/edit`}>Edit listing</Link>
          </Button>
        ) : null}
      </div>
      <ViewsChart analytics={analytics} title="Views of this listing, last 30 days" />
      <SellerLeads leads={leads} today={today} title="Requests for this machine" />
    </div>
  );
}
