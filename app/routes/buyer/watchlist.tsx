import { Link } from "react-router";
import type { Route } from "./+types/watchlist";
import { FavouriteButton } from "#app/components/listing/favourite-button.tsx";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findFavouriteListings } from "#app/domain/favourite/find-favourite-listings.server.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Watchlist") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db, storage } = await getRuntime();
  // Only listings that are still public are shown.
  return { items: await findFavouriteListings({ db, storage, userId: viewer.userId }) };
}

export default function Watchlist({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Watchlist</h1>
      <p className="mt-1 text-gray-600">The machinery you saved.</p>
      {loaderData.items.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-gray-500">Nothing saved yet. Tap the heart on a listing to keep it here.</p>
          <Button asChild className="mt-4">
            <Link to="/parts">Browse equipment</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved listings">
          {loaderData.items.map((l) => (
            <li key={l.id}>
              <ListingCard listing={l} detailsHref={`/listing/${l.id}`} actions={<FavouriteButton listingId={l.id} favourite signedIn title={l.title} />} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
