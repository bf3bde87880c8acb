import { Link } from "react-router";
import type { Route } from "./+types/watchlist";
import { WatchlistAlertsForm } from "#app/components/alerts/saved-search-list.tsx";
import { FavouriteButton } from "#app/components/listing/favourite-button.tsx";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findAlertSettings } from "#app/domain/saved-search/find-saved-searches.server.ts";
import { findFavouriteListings } from "#app/domain/favourite/find-favourite-listings.server.ts";
import { maySaveFavourites, WATCHED_STATE_LABELS } from "#app/domain/favourite/favourite-rules.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { formatPrice } from "#app/lib/format.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Watchlist") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db, storage } = await getRuntime();
  const [items, settings] = await Promise.all([
    findFavouriteListings({ db, storage, userId: viewer.userId }),
    findAlertSettings({ db, userId: viewer.userId }),
  ]);
  return { items, settings, canAlert: maySaveFavourites(viewer) };
}

export default function Watchlist({ loaderData }: Route.ComponentProps) {
  const { items, settings, canAlert } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Watchlist</h1>
      <p className="mt-1 text-gray-600">The machinery you saved, with its price now and any drop since you saved it.</p>
      {canAlert ? (
        <section aria-label="Price-drop alerts" className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
          <WatchlistAlertsForm frequency={settings.watchlistFrequency} source="/watchlist" />
          {settings.stopped ? (
            <p className="mt-2 text-sm text-amber-800">
              All your alerts are stopped. Start them again under{" "}
              <Link to="/saved-searches" className="underline">
                Saved searches
              </Link>
              .
            </p>
          ) : null}
        </section>
      ) : null}
      {items.length === 0 ? (
        <div className="mt-10 text-center">
          <p className="text-gray-500">Nothing saved yet. Tap the heart on a listing to keep it here.</p>
          <Button asChild className="mt-4">
            <Link to="/parts">Browse equipment</Link>
          </Button>
        </div>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Saved listings">
          {items.map((l) => {
            const { state } = l;
            const available = state === "available";
            return (
              <li key={l.id}>
                <ListingCard
                  listing={l}
                  detailsHref={available ? `/listing/${l.id}` : null}
                  unavailable={!available}
                  notice={
                    available ? (
                      l.droppedFrom !== null ? (
                        <p className="text-sm font-medium text-green-700">
                          Down {formatPrice(l.droppedFrom - l.price)} since you saved it (was{" "}
                          {formatPrice(l.droppedFrom)})
                        </p>
                      ) : null
                    ) : (
                      <p className="text-sm font-semibold text-gray-800" role="note">
                        {WATCHED_STATE_LABELS[state]}
                      </p>
                    )
                  }
                  actions={<FavouriteButton listingId={l.id} favourite signedIn title={l.title} />}
                />
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
