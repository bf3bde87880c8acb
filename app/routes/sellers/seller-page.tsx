import type { Route } from "./+types/seller-page";
import { FavouriteButton, PendingFavourite } from "#app/components/listing/favourite-button.tsx";
import { ListingCard } from "#app/components/listing/listing-card.tsx";
import { LoadMore, shownFrom } from "#app/components/listing/load-more.tsx";
import { VerifiedBadge } from "#app/components/seller/verified-badge.tsx";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { favouriteIds } from "#app/domain/favourite/toggle-favourite.server.ts";
import { getSellerPage, SELLER_PAGE_SIZE } from "#app/domain/seller/get-seller-page.server.ts";
import { sellerPagePath } from "#app/domain/seller/seller-name.ts";
import { hasCompleteBuyerProfile } from "#app/domain/user/viewer.ts";
import { PRODUCT_NAME, pageTitle } from "#app/lib/brand.ts";
import { formatWhole } from "#app/lib/format.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

export const meta: Route.MetaFunction = ({ data: loaderData, location }) => {
  if (!loaderData) return [{ title: pageTitle("Page not found") }, { name: "robots", content: "noindex" }];
  const { seller, publicUrl } = loaderData;
  const where = seller.provinces.length ? ` in ${seller.provinces.join(", ")}` : "";
  const description = `${seller.verified ? "Verified seller" : "Seller"} on ${PRODUCT_NAME}: machinery for sale${where}.`;
  return [
    { title: pageTitle(seller.name) },
    { name: "description", content: description },
    { tagName: "link", rel: "canonical", href: `${publicUrl}${sellerPagePath(seller.id)}` },
    { property: "og:title", content: seller.name },
    { property: "og:description", content: description },
    // Further pages of the same listings are not pages of their own for search engines.
    ...(location.search ? [{ name: "robots", content: "noindex, follow" }] : []),
  ];
};

/** The longest cursor the catalogue accepts in its query string. */
const CURSOR_MAX = 200;

const memberSince = new Intl.DateTimeFormat("en-ZA", {
  timeZone: "Africa/Johannesburg",
  month: "long",
  year: "numeric",
});

export async function loader({ request, params }: Route.LoaderArgs) {
  // Public page: anyone may see a seller's public side; never their contact details (the platform brokers).
  const viewer = await getViewer(request);
  const runtime = await getRuntime();
  const { db, storage } = runtime;
  const query = new URL(request.url).searchParams;
  const raw = query.get("cursor") ?? undefined;
  // "Load more" asks for more of the same list (?shown=24): the address keeps it for Back and reload.
  const shown = shownFrom(query, SELLER_PAGE_SIZE);
  const found = await getSellerPage({
    db,
    storage,
    id: params.id,
    cursor: raw && raw.length <= CURSOR_MAX ? raw : undefined,
    shown,
  });
  // Not a seller's id, an unknown one, or a banned seller: the app's 404.
  if (!found) throw new Response("Not Found", { status: 404 });
  const { seller, page } = found;
  // As on the catalogue: descriptions in full for buyers (and the admins), cut for everyone else.
  const full = Boolean(viewer && (hasCompleteBuyerProfile(viewer) || viewer.isAdmin));
  const saved =
    viewer && maySaveFavourites(viewer)
      ? new Set(await favouriteIds({ db, userId: viewer.userId, listingIds: page.items.map((l) => l.id) }))
      : new Set<string>();
  return {
    seller: {
      id: seller.id,
      name: seller.name,
      verified: seller.isVerified,
      memberSince: memberSince.format(new Date(seller.memberSince)),
      provinces: seller.provinces,
      soldCount: seller.soldCount,
    },
    publicUrl: runtime.env.PUBLIC_URL,
    signedIn: Boolean(viewer),
    canSave: maySaveFavourites(viewer),
    page: {
      nextCursor: page.nextCursor,
      shown,
      pageSize: SELLER_PAGE_SIZE,
      items: page.items.map((l) => ({
        ...l,
        // The name this page goes by (a company seller's company), on every card of it.
        sellerName: seller.name,
        description: full ? l.description : shortened(l.description, 80),
        favourite: saved.has(l.id),
      })),
    },
  };
}

export default function SellerPage({ loaderData }: Route.ComponentProps) {
  const { seller, signedIn, canSave, page } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PendingFavourite signedIn={signedIn} canSave={canSave} />
      <section aria-labelledby="seller-name" className="rounded-lg border border-gray-200 bg-white p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 id="seller-name" className="min-w-0 break-words text-2xl font-bold sm:text-3xl">
            {seller.name}
          </h1>
          {seller.verified ? <VerifiedBadge className="text-sm!" /> : null}
        </div>
        <dl className="mt-4 grid grid-cols-1 gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="font-medium text-gray-600">Machines in</dt>
            <dd className="mt-0.5 text-gray-900">
              {seller.provinces.length ? seller.provinces.join(", ") : "No machines for sale right now"}
            </dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">Member since</dt>
            <dd className="mt-0.5 text-gray-900">{seller.memberSince}</dd>
          </div>
          <div>
            <dt className="font-medium text-gray-600">Sold through {PRODUCT_NAME}</dt>
            <dd className="mt-0.5 text-gray-900">
              {formatWhole(seller.soldCount)} {seller.soldCount === 1 ? "machine" : "machines"}
            </dd>
          </div>
        </dl>
        <p className="mt-4 text-sm text-gray-600">
          Every deal goes through our team: send a request from any of these listings and we take it from there with the
          seller.
        </p>
      </section>

      <h2 className="mt-8 text-xl font-semibold sm:text-2xl">Machines for sale</h2>
      {page.items.length === 0 ? (
        <p className="mt-6 text-gray-500">This seller has no machines for sale right now.</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Machines for sale">
          {page.items.map((l, i) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                first={i === 0}
                detailsHref={`/listing/${l.id}`}
                actions={
                  <FavouriteButton
                    listingId={l.id}
                    favourite={l.favourite}
                    signedIn={signedIn}
                    canSave={canSave}
                    title={l.title}
                  />
                }
              />
            </li>
          ))}
        </ul>
      )}
      <LoadMore shown={page.shown} pageSize={page.pageSize} nextCursor={page.nextCursor} />
    </div>
  );
}
