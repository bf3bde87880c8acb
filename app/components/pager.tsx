import { Link } from "react-router";
import { Button } from "#app/components/ui/button.tsx";

/** Previous / Next links for a paged list (`?page=`); plain links, so they work without JavaScript. */
export function Pager({
  page,
  hasNext,
  href,
  pageCount,
}: {
  page: number;
  hasNext: boolean;
  href: (page: number) => string;
  /** Said as "Page 2 of 3" when the list knows it. */
  pageCount?: number;
}) {
  if (page === 1 && !hasNext) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-2">
      {page > 1 ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page - 1)} rel="prev">
            Previous
          </Link>
        </Button>
      ) : (
        <span />
      )}
      <span className="text-sm text-gray-600">
        Page {page}
        {pageCount ? ` of ${pageCount}` : null}
      </span>
      {hasNext ? (
        <Button asChild variant="outline" size="sm">
          <Link to={href(page + 1)} rel="next">
            Next
          </Link>
        </Button>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** `?page=` as a positive whole number, 1 otherwise. */
export function pageParam(value: string | null) {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : 1;
}
