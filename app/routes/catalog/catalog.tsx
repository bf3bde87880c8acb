import { Link } from "react-router";
import type { Route } from "./+types/catalog";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Card, CardContent } from "#app/components/ui/card.tsx";
import { findPublicListings } from "#app/domain/listing/find-listings.server.ts";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import { categoryLabel, formatPrice, formatShortDate } from "#app/lib/format.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Machinery Catalog | Machinery Marketplace" },
  { name: "description", content: "Browse approved excavators, cranes, loaders, generators and more for sale in South Africa." },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public page; what it shows depends on the viewer (spec §2).
  const viewer = await getViewer(request);
  const view = !viewer ? "visitor" : viewer.hasBuyerProfile ? "buyer" : viewer.isAdmin ? "buyer" : "no-buyer-profile";
  const { db, storage } = await getRuntime();
  const listings = view === "no-buyer-profile" ? [] : await findPublicListings({ db, storage, limit: 48 });
  return {
    view,
    listings: listings.map((l) => ({
      ...l,
      description:
        view === "visitor" && l.description.length > 80 ? `${l.description.slice(0, 80)}...` : l.description,
    })),
  };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { view, listings } = loaderData;
  if (view === "no-buyer-profile") {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Complete Your Buyer Profile</h1>
        <p className="mt-2 text-gray-600">The full catalog is available to registered buyers.</p>
        <Button asChild className="mt-6">
          <Link to="/">Complete Registration</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Machinery Catalog</h1>
      <p className="mt-1 text-gray-600">Approved listings from verified sellers across South Africa.</p>
      {listings.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">No listings found</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {listings.map((l) => (
            <li key={l.id}>
              <Card className="h-full overflow-hidden">
                <img
                  src={l.imageUrl ?? "/placeholder.svg"}
                  alt={l.title}
                  loading="lazy"
                  className="aspect-[4/3] w-full object-cover"
                  onError={(e) => {
                    e.currentTarget.src = "/placeholder.svg";
                  }}
                />
                <CardContent className="space-y-2 p-4">
                  <div className="flex flex-wrap gap-2">
                    {l.isUrgent ? <Badge variant="urgent">Urgent</Badge> : null}
                    {l.isBargain ? <Badge variant="bargain">Bargain</Badge> : null}
                  </div>
                  <h2 className="text-lg font-semibold">{l.title}</h2>
                  <p className="text-xl font-bold text-brand-700">{formatPrice(l.price)}</p>
                  <p className="text-sm text-gray-600">{categoryLabel(l.category)}</p>
                  <p className="text-sm text-gray-700">{l.description}</p>
                  <p className="text-sm text-gray-500">Seller: {l.sellerName || "Seller"}</p>
                  <p className="text-xs text-gray-500">Expires {formatShortDate(l.expiresOn)}</p>
                  <Button asChild className="w-full">
                    <Link to={view === "buyer" ? `/listing/${l.id}` : "/signin"}>View Details</Link>
                  </Button>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
