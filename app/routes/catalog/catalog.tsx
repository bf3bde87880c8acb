import { ChevronDown, SlidersHorizontal } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/catalog";
import { BUYER_ACCOUNT_PATH, FavouriteButton, PendingFavourite } from "#app/components/listing/favourite-button.tsx";
import { ListingCard, ListingCardSkeleton } from "#app/components/listing/listing-card.tsx";
import { CompareToggle } from "#app/components/compare/compare-toggle.tsx";
import { CompareTray } from "#app/components/compare/compare-tray.tsx";
import { LoadMore, shownFrom, useLoadingMore } from "#app/components/listing/load-more.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { MachineFilters } from "#app/components/listing/machine-filters.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { NativeSelect } from "#app/components/ui/native-select.tsx";
import { favouriteIds } from "#app/domain/favourite/toggle-favourite.server.ts";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { countListings } from "#app/domain/listing/count-listings.server.ts";
import { parseListingSearch, type ListingSearch } from "#app/domain/listing/listing-search.ts";
import { PROVINCES, SEARCH_MAX_LENGTH } from "#app/domain/listing/listing-search-query.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { hasCompleteBuyerProfile, type Viewer } from "#app/domain/user/viewer.ts";
import { categoryLabel, formatWhole } from "#app/lib/format.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { CATEGORIES, CONDITION_LABELS, CONDITIONS } from "#db/vocabulary.ts";
import { shortened } from "#app/lib/text-limits.ts";
import { SaveSearchControl } from "#app/components/alerts/save-search-control.tsx";
import { defaultSearchName, hasFilters, savedSearchFromSearch } from "#app/domain/saved-search/saved-search-filters.ts";
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
  // Public page; what it shows depends on the viewer. Everyone sees the machines; a signed-in
  // account that cannot buy yet also sees "Complete Your Buyer Profile" above them.
  const viewer = await getViewer(request);
  const completeBuyer = Boolean(viewer && hasCompleteBuyerProfile(viewer));
  // Admins read listings in full (they moderate them); everyone else without a buyer profile reads as a visitor.
  const full = completeBuyer || Boolean(viewer?.isAdmin);
  const url = new URL(request.url);
  const search = parseListingSearch(url.searchParams);
  const { db, storage } = await getRuntime();
  const { cursor: _cursor, ...filters } = search;
  // The counts first: when a search finds no more than a thousand machines they come with every match's
  // id, and the page is read from those (a rare mix of common filters would otherwise walk an index far).
  const counts = await countListings({ db, search: filters });
  // "Load more" asks for more of the same list (?shown=24): the address keeps it for Back and reload.
  const shown = shownFrom(url.searchParams, PAGE_SIZE);
  const page = await findListings({ db, storage, search, limit: shown, within: counts.ids });
  const saved =
    viewer && maySaveFavourites(viewer)
      ? new Set(await favouriteIds({ db, userId: viewer.userId, listingIds: page.items.map((l) => l.id) }))
      : new Set<string>();
  const saveable = savedSearchFromSearch(search);
  return {
    signedIn: Boolean(viewer),
    canSave: maySaveFavourites(viewer),
    // "Save this search": offered once the search looks for something.
    saveSearch: hasFilters(saveable.filters)
      ? { query: saveable.query, name: defaultSearchName(saveable.filters) }
      : null,
    profilePrompt: viewer && !completeBuyer ? buyerProfilePrompt(viewer) : null,
    search,
    counts,
    path: url.pathname,
    // Sent with the data so the page's code need not import the database schema.
    categories: CATEGORIES,
    page: {
      nextCursor: page.nextCursor,
      shown,
      items: page.items.map((l) => ({
        ...l,
        description: full ? l.description : shortened(l.description, 80),
        favourite: saved.has(l.id),
      })),
    },
  };
}

/**
 * Where the banner's button leads: a buyer (or an account with no type yet) completes the profile;
 * a seller's or admin's account cannot become a buyer's, so they learn how to get one.
 */
function buyerProfilePrompt(viewer: Pick<Viewer, "role" | "isAdmin">) {
  const completable = !viewer.isAdmin && (viewer.role === "buyer" || viewer.role === null);
  return { completable, href: completable ? "/complete-profile" : BUYER_ACCOUNT_PATH };
}

/** How many of the search form's fields differ from a blank search. */
function activeFilterCount(search: Omit<ListingSearch, "cursor">) {
  const { sort, ...rest } = search;
  return Object.values(rest).filter((v) => v !== undefined && v !== "").length + (sort !== "newest" ? 1 : 0);
}

export default function Catalog({ loaderData }: Route.ComponentProps) {
  const { signedIn, canSave, profilePrompt, search, page, path, categories, counts, saveSearch } = loaderData;
  const navigation = useNavigation();
  const loadingMore = useLoadingMore();
  const searching = navigation.state === "loading" && navigation.location?.pathname === path && !loadingMore;
  const { cursor: _c, ...filters } = search;
  const active = activeFilterCount(filters);
  const shown = `${formatWhole(counts.total)}${counts.capped ? "+" : ""} ${counts.total === 1 && !counts.capped ? "machine" : "machines"}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:py-8">
      <PendingFavourite signedIn={signedIn} canSave={canSave} />
      <h1 className="text-2xl font-bold sm:text-3xl">Machinery Catalog</h1>
      <p className="mt-1 text-sm text-gray-600 sm:text-base">
        Listings approved by our team, from sellers across South Africa. Look for the Verified seller badge.
      </p>

      {profilePrompt ? (
        <section
          aria-labelledby="buyer-profile-prompt"
          className="mt-4 flex flex-col gap-3 rounded-lg border border-brand-100 bg-brand-50 p-4 sm:flex-row sm:items-center sm:justify-between"
        >
          <div>
            <h2 id="buyer-profile-prompt" className="font-semibold text-brand-900">
              Complete Your Buyer Profile
            </h2>
            <p className="text-sm text-gray-700">
              {profilePrompt.completable
                ? "The full catalog, purchase requests and the watchlist are for registered buyers."
                : "Buying needs a buyer account: yours is for selling or running the marketplace."}
            </p>
          </div>
          <Button asChild className="shrink-0">
            <Link to={profilePrompt.href}>{profilePrompt.completable ? "Complete Registration" : "How to buy"}</Link>
          </Button>
        </section>
      ) : null}

      {/* On a phone the filters sit behind one "Filters" button (a native disclosure, so it opens without
          JavaScript); from md up the form is always shown and the button is hidden. */}
      <div className="relative mt-4 md:mt-6">
        <details className="group md:[&::details-content]:[content-visibility:visible] md:[&::details-content]:block">
          <summary className="inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-gray-300 bg-white px-4 text-sm font-medium shadow-sm hover:bg-gray-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 md:hidden [&::-webkit-details-marker]:hidden">
            <SlidersHorizontal className="size-4" aria-hidden />
            {active > 0 ? `Filters (${active})` : "Filters"}
            <ChevronDown className="size-4 transition-transform group-open:rotate-180" aria-hidden />
          </summary>
          {/* Keyed on the search shown, so "Clear" and Back reset the fields, not only the results; autoComplete
              off stops the browser restoring an earlier page's values over them when Back reloads without JavaScript. */}
          <Form
            key={JSON.stringify(search)}
            autoComplete="off"
            method="get"
            action={path}
            className="mt-3 grid grid-cols-1 gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2 md:mt-0 lg:grid-cols-4"
            role="search"
            aria-label="Search listings"
          >
            <div className="space-y-1 sm:col-span-2">
              <Label htmlFor="q">Search</Label>
              <Input
                id="q"
                name="q"
                type="search"
                maxLength={SEARCH_MAX_LENGTH}
                defaultValue={search.q ?? ""}
                placeholder="e.g. excavator, Komatsu, Durban"
              />
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
                {CONDITIONS.map((c) => (
                  <option key={c} value={c}>
                    {CONDITION_LABELS[c].label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <MachineFilters search={search} makes={counts.makes} />
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
                <option value="year_desc">Year: newest first</option>
                <option value="usage_asc">Hours: lowest first</option>
              </NativeSelect>
            </div>
            <div className="flex flex-wrap items-center gap-4 sm:col-span-2">
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="urgent"
                  value="1"
                  defaultChecked={search.urgent === "1"}
                  className="size-4"
                />{" "}
                Urgent only
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="bargain"
                  value="1"
                  defaultChecked={search.bargain === "1"}
                  className="size-4"
                />{" "}
                Bargains only
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input
                  type="checkbox"
                  name="vatRegistered"
                  value="1"
                  defaultChecked={search.vatRegistered === "1"}
                  className="size-4"
                />{" "}
                VAT-registered sellers
              </label>
            </div>
            <div className="flex items-end gap-2 sm:justify-end">
              <Button asChild variant="ghost">
                <Link to={path}>Clear</Link>
              </Button>
              <Button type="submit">Search</Button>
            </div>
          </Form>
        </details>
        <p
          className="absolute right-0 top-0 flex h-10 items-center text-sm text-gray-600 md:static md:mt-4 md:h-auto"
          aria-live="polite"
        >
          {searching ? "Searching..." : shown}
        </p>
      </div>

      {saveSearch ? (
        <div className="mt-3">
          <SaveSearchControl
            signedIn={signedIn}
            canSave={canSave}
            query={saveSearch.query}
            suggestedName={saveSearch.name}
          />
        </div>
      ) : null}

      {searching ? (
        <div
          className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 md:mt-6 lg:grid-cols-3"
          aria-busy="true"
          aria-label="Loading listings"
        >
          {Array.from({ length: 6 }, (_, i) => (
            <ListingCardSkeleton key={i} />
          ))}
        </div>
      ) : page.items.length === 0 ? (
        <p className="mt-10 text-center text-gray-500">No listings found</p>
      ) : (
        <ul className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-2 md:mt-6 lg:grid-cols-3" aria-label="Listings">
          {page.items.map((l, i) => (
            <li key={l.id}>
              <ListingCard
                listing={l}
                first={i === 0}
                detailsHref={
                  signedIn ? `/listing/${l.id}` : `/signin?redirectTo=${encodeURIComponent(`/listing/${l.id}`)}`
                }
                corner={<CompareToggle listingId={l.id} title={l.title} className="h-9! bg-white/95 px-3! shadow" />}
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
      {searching ? null : <LoadMore shown={page.shown} pageSize={PAGE_SIZE} nextCursor={page.nextCursor} />}
      <CompareTray />
    </div>
  );
}
