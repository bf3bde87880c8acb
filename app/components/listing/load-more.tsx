/**
 * "Load more" under a list of listing cards (the catalogue, /parts, a seller's page), with its state in the
 * address: `?shown=24` asks the loader for the first 24 cards, so Back from a listing, a reload or a shared
 * link shows the same cards again (docs/product.md#seller-pages). The link works before JavaScript loads;
 * with it, the page stays where it is and the history entry is replaced, not added to.
 *
 * The catalogue's query reads at most MAX_SHOWN cards at once: past that, the link opens the next cards as
 * a page of their own (`?cursor=…`), where "Load more" starts again.
 */
import { Link, useLocation, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

export const SHOWN_PARAM = "shown";
/** The most cards one page reads (findListings' own limit). */
export const MAX_SHOWN = 60;

/** How many cards the address asks for: a whole number of pages, at least one, at most MAX_SHOWN. */
export function shownFrom(params: URLSearchParams, pageSize: number) {
  const asked = Number(params.get(SHOWN_PARAM));
  if (!Number.isSafeInteger(asked) || asked <= pageSize) return pageSize;
  const most = Math.max(pageSize, Math.floor(MAX_SHOWN / pageSize) * pageSize);
  return Math.min(Math.ceil(asked / pageSize) * pageSize, most);
}

/**
 * Where "Load more" leads from `search` (the address's query): one page more of the same list, or, once
 * MAX_SHOWN are shown, the next cards on a page of their own. Null when there is nothing more.
 */
export function loadMoreTarget(options: {
  search: string;
  shown: number;
  pageSize: number;
  nextCursor: string | null;
}) {
  const { shown, pageSize, nextCursor } = options;
  if (!nextCursor) return null;
  const params = new URLSearchParams(options.search);
  if (shown + pageSize <= MAX_SHOWN) {
    params.set(SHOWN_PARAM, String(shown + pageSize));
    return { search: `?${params}`, append: true };
  }
  params.delete(SHOWN_PARAM);
  params.set("cursor", nextCursor);
  return { search: `?${params}`, append: false };
}

/** Whether the page is loading more cards (the catalogue keeps its cards on screen meanwhile). */
export function useLoadingMore() {
  const navigation = useNavigation();
  return (
    navigation.state === "loading" && (navigation.location.state as { loadMore?: boolean } | null)?.loadMore === true
  );
}

export function LoadMore({
  shown,
  pageSize,
  nextCursor,
  label = "Load more",
}: {
  /** How many cards the page shows (the loader's `shownFrom`). */
  shown: number;
  pageSize: number;
  nextCursor: string | null;
  label?: string;
}) {
  const location = useLocation();
  const loading = useLoadingMore();
  const target = loadMoreTarget({ search: location.search, shown, pageSize, nextCursor });
  if (!target) return null;
  return (
    <div className="mt-8 text-center">
      <Button asChild variant="outline">
        <Link
          to={{ pathname: location.pathname, search: target.search }}
          replace={target.append}
          preventScrollReset={target.append}
          state={{ loadMore: target.append }}
          aria-disabled={loading || undefined}
          onClick={(e) => {
            if (loading) e.preventDefault();
          }}
        >
          {loading ? "Loading..." : target.append ? label : "Show the next machines"}
        </Link>
      </Button>
    </div>
  );
}
