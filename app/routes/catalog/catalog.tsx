import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/catalog";
import { ListingCard, ListingCardSkeleton } from "#app/components/listing/listing-card.tsx";
import { useLoadMore } from "#app/components/listing/use-load-more.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { parseListingSearch } from "#app/domain/listing/listing-search.ts";
import { PROVINCES, SEARCH_MAX_LENGTH, searchToQuery } from "#app/domain/listing/listing-search-query.ts";
import { getViewer } from "#app/domain/user/get-viewer.server.ts";
import { hasCompleteBuyerProfile } from "#app/domain/user/viewer.ts";
import { categoryLabel } from "#app/lib/format.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";
import { CATEGORIES } from "#db/schema.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { pageTitle } from "#app/lib/brand.ts";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: pageTitle("Machinery Catalog") },
  {
    name: "description",
    content: "Search approved excavators, cranes, loaders, generators and more for sale across South Africa.",
  },
  { property: "og:title", content: "Machinery Catalog" },
  { property: "og:type", content: "website" },
  // Filtered and paged variants are not separate pages for search engines.
  ...(location.search ? [{ name: "robots", content: "noindex, follow" }] : []),
];

const PAGE_SIZE = 12;

export async function loader({ request }: Route.LoaderArgs) {
  // Public page; what it shows depends on the viewer (spec §2).
  const viewer = await getViewer(request);
  const view = !viewer ? "visitor" : hasCompleteBuyerProfile(viewer) || viewer.isAdmin ? "buyer" : "no-buyer-profile";
  const url = new URL(request.url);
  const search = parseListingSearch(url.searchParams);
  if (view === "no-buyer-profile") {
    return { view, role: viewer?.role ?? null, search, page: { items: [], nextCursor: null }, path: url.pathname, categories: CATEGORIES };
  }
  const { db, storage } = await getRuntime();
  const page = await findListings({ db, storage, search, limit: PAGE_SIZE });
  return {
    view,
    role: viewer?.role ?? null,
    search,
    path: url.pathname,
    // Sent with the data so the page's code need not import the database schema.
    categories: CATEGORIES,
    page: {
      nextCursor: page.nextCursor,
      items: page.items.map((l) => ({
        ...l,
        description: view === "visitor" ? shortened(l.description, 80) : l.description,
      })),
    },
  };
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { view, search, page, path, role, categories } = loaderData;
  const navigation = useNavigation();
  const more = useLoadMore(page);
  const searching = navigation.state === "loading" && navigation.location?.pathname === path;
  const { cursor: _c, ...filters } = search;

  if (view === "no-buyer-profile") {
    return (
      <div className="mx-auto max-w-lg px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Complete Your Buyer Profile</h1>
        <p className="mt-2 text-gray-600">The full catalog is available to registered buyers.</p>
        <Button asChild className="mt-6">
          <Link to={role === "buyer" ? "/buyer-dashboard" : "/"}>Complete Registration</Link>
        </Button>
      </div>
    );
  }
  const nextHref = more.nextCursor ? `${path}?${searchToQuery({ ...filters, cursor: more.nextCursor })}` : null;
  return (
    <div className="mx-auto max-w-7xl px-4 py-8">
      <h1 className="text-3xl font-bold">Machinery Catalog</h1>
      <p className="mt-1 text-gray-600">Approved listings from verified sellers across South Africa.</p>

      {/* Keyed on the search shown, so "Clear" and Back reset the fields, not only the results; autoComplete
          off stops the browser restoring an earlier page's values over them when Back reloads without JavaScript. */}
      <Form key={JSON.stringify(search)} autoComplete="off" method="get" action={path} className="mt-6 grid grid-cols-1 gap-3 rounded-lg border bg-white p-4 sm:grid-cols-2 lg:grid-cols-4" role="search" aria-label="Search listings">
        <div className="space-y-1 sm:col-span-2">
          <Label htmlFor="q">Search</Label>
          <Input id="q" name="q" type="search" maxLength={SEARCH_MAX_LENGTH} defaultValue={search.q ?? ""} placeholder="e.g. excavator, Komatsu, Durban" />
        </div>
        <div className="space-y-1">
          <Label htmlFor="category">Category</Label>
          <NativeSelect id="category" name="category" defaultValue={search.category ?? ""}>
            <option value="">All categories</option>
            {categories.map((c) => (
              <option key={c} value={c}>
                {categoryLabel(c)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="condition">Condition</Label>
          <NativeSelect id="condition" name="condition" defaultValue={search.condition ?? ""}>
            <option value="">Any condition</option>
            <option value="new">New</option>
            <option value="used">Used</option>
            <option value="refurbished">Refurbished</option>
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="minPrice">Min price (R)</Label>
          <Input id="minPrice" name="minPrice" inputMode="numeric" defaultValue={search.minPrice ?? ""} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="maxPrice">Max price (R)</Label>
          <Input id="maxPrice" name="maxPrice" inputMode="numeric" defaultValue={search.maxPrice ?? ""} />
        </div>
        <div className="space-y-1">
          <Label htmlFor="province">Province</Label>
          <NativeSelect id="province" name="province" defaultValue={search.province ?? ""}>
            <option value="">All provinces</option>
            {PROVINCES.map((p) => (
              <option key={p} value={p}>
                {p}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="space-y-1">
          <Label htmlFor="sort">Sort by</Label>
          <NativeSelect id="sort" name="sort" defaultValue={search.sort}>
            <option value="newest">Newest</option>
            <option value="price_asc">Price: low to high</option>
            <option value="price_desc">Price: high to low</option>
          </NativeSelect>
        </div>
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="urgent" value="1" defaultChecked={search.urgent === "1"} className="size-4" /> Urgent only
          </label>
          <label className="flex items-center gap-2 text-sm">
            <input type="checkbox" name="bargain" value="1" defaultChecked={search.bargain === "1"} className="size-4" /> Bargains only
          </label>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 sm:justify-end">
          <Button asChild variant="ghost">
            <Link to={path}>Clear</Link>
          </Button>
          <Button type="submit">Search</Button>
        </div>
      </Form>

      {searching ? (
        <div className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-busy="true" aria-label="Loading listings">
          {Array.from({ length: 6 }, (_, i) => (
            <ListingCardSkeleton key={i} />
          ))}
        </div>
      ) : more.items.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">No listings found</p>
      ) : (
        <ul className="mt-6 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Listings">
          {more.items.map((l) => (
            <li key={l.id}>
              <ListingCard listing={l} detailsHref={
                  view === "buyer" ? `/listing/${l.id}` : `/signin?redirectTo=${encodeURIComponent(`/listing/${l.id}`)}`
                } />
            </li>
          ))}
        </ul>
      )}
      {nextHref && !searching ? (
        <div className="mt-8 text-center">
          <Button asChild variant="outline" disabled={more.loading}>
            <Link
              to={nextHref}
              onClick={(e) => {
                e.preventDefault();
                more.load(nextHref);
              }}
            >
              {more.loading ? "Loading..." : "Load more"}
            </Link>
          </Button>
        </div>
      ) : null}
    </div>
  );
}
