import { Link } from "react-router";
import type { Route } from "./+types/parts";
import { FavouriteButton, PendingFavourite } from "#app/components/listing/favourite-button.tsx";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { LoadMore, shownFrom } from "#app/components/listing/load-more.tsx";
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

const PAGE_SIZE = 12;

export async function loader({ request }: Route.LoaderArgs) {
  // Public page.
  const viewer = await getViewer(request);
  const { db, storage } = await getRuntime();
  const params = new URL(request.url).searchParams;
  const cursor = params.get("cursor") ?? undefined;
  // "Load more" asks for more of the same list (?shown=24): the address keeps it for Back and reload.
  const shown = shownFrom(params, PAGE_SIZE);
  const page = await findListings({ db, storage, search: { sort: "newest", cursor }, limit: shown });
  const favourites =
    viewer && maySaveFavourites(viewer)
      ? await favouriteIds({ db, userId: viewer.userId, listingIds: page.items.map((l) => l.id) })
      : [];
  const favouriteSet = new Set(favourites);
  return {
    signedIn: Boolean(viewer),
    canSave: maySaveFavourites(viewer),
    page: {
      nextCursor: page.nextCursor,
      shown,
      items: page.items.map((l) => ({ ...l, favourite: favouriteSet.has(l.id) })),
    },
  };
}

export default function Parts({ loaderData }: Route.ComponentProps) {
  const { signedIn, canSave, page } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <PendingFavourite signedIn={signedIn} canSave={canSave} />
      <h1 className="text-3xl font-bold">Equipment &amp; Parts</h1>
      <p className="mt-1 text-gray-600">The newest approved listings.</p>
      {page.items.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">No equipment found</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Equipment">
          {page.items.map((l, i) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                first={i === 0}
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
                    <FavouriteButton
                      listingId={l.id}
                      favourite={l.favourite}
                      signedIn={signedIn}
                      canSave={canSave}
                      title={l.title}
                    />
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore shown={page.shown} pageSize={PAGE_SIZE} nextCursor={page.nextCursor} label="Load More Listings" />
    </div>
  );
}
