import { ArrowLeft } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/seller-listing";
import { ViewsChart } from "#app/components/seller/views-chart.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findOwnListing } from "#app/domain/listing/find-own-listing.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { formatPrice } from "#app/lib/format.ts";
import { requireRole } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: pageTitle(data ? `${data.listing.title} | Your listing` : "Your listing") },
  { name: "robots", content: "noindex" },
];

/** One of the seller's listings: its views and requests, and the way to its page and its edit form. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const viewer = await requireRole(request, "seller");
  const { db } = await getRuntime();
  const found = await findOwnListing({ db, viewer, listingId: params.id });
  if (!found) throw new Response("Not Found", { status: 404 });
  return found;
}

export default function SellerListing({ loaderData }: Route.ComponentProps) {
  const { listing, analytics } = loaderData;
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
    </div>
  );
}
