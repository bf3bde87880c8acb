import { Link } from "react-router";
import type { Route } from "./+types/parts";
import { FavouriteButton, PendingFavourite } from "#app/components/listing/favourite-button.tsx";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { useLoadMore } from "#app/components/listing/use-load-more.ts";
import { Button } from "#app/components/ui/button.tsx";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { favouriteIds } from "#app/domain/favourite/toggle-favourite.server.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Equipment & Parts") },
  { name: "description", content: "The newest approved machinery, equipment and parts for sale in South Africa." },
];

export async function loader({ request }: Route.LoaderArgs) {
  // Public page.
  const viewer = await getViewer(request);
  const { db, storage } = await getRuntime();
  const cursor = new URL(request.url).searchParams.get("cursor") ?? undefined;
  const page = await findListings({ db, storage, search: { sort: "newest", cursor }, limit: 12 });
  const favourites = viewer && maySaveFavourites(viewer) ? await favouriteIds({ db, userId: viewer.userId, listingIds: page.items.map((l) => l.id) }) : [];
  const favouriteSet = new Set(favourites);
  return {
    signedIn: Boolean(viewer),
    canSave: maySaveFavourites(viewer),
    page: { nextCursor: page.nextCursor, items: page.items.map((l) => ({ ...l, favourite: favouriteSet.has(l.id) })) },
  };
}

export default function Parts({ loaderData }: Route.ComponentProps) {
  const { signedIn, canSave, page } = loaderData;
  const more = useLoadMore(page);
  const nextHref = more.nextCursor ? `/parts?cursor=${encodeURIComponent(more.nextCursor)}` : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PendingFavourite signedIn={signedIn} canSave={canSave} />
      <h1 className="text-3xl font-bold">Equipment &amp; Parts</h1>
      <p className="mt-1 text-gray-600">The newest approved listings.</p>
      {more.items.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">No equipment found</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Equipment">
          {more.items.map((l) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                detailsHref={`/listing/${l.id}`}
                actions={
                  <>
                    <Button asChild variant="outline">
                      <Link
                        to={
                          signedIn
                            ? `/buyer-dashboard?tab=offer&listing=${l.id}`
                            : `/signin?redirectTo=${encodeURIComponent(`/buyer-dashboard?tab=offer&listing=${l.id}`)}`
                        }
                        aria-label={`Inquire about ${l.title}`}
                      >
                        Inquire
                      </Link>
                    </Button>
                    <FavouriteButton listingId={l.id} favourite={l.favourite} signedIn={signedIn} canSave={canSave} title={l.title} />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {nextHref ? (
        <div className="mt-8 text-center">
          <Button asChild variant="outline">
            <Link
              to={nextHref}
              onClick={(e) => {
                e.preventDefault();
                more.load(nextHref);
              }}
            >
              {more.loading ? "Loading..." : "Load More Listings"}
            </Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
