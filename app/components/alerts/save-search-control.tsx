import { BellPlus } from "lucide-react";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { BUYER_ACCOUNT_PATH } from "#app/components/listing/favourite-button.tsx";
import { OPEN_PARAM, SAVE_SEARCH_TRIGGER } from "./save-search-trigger.ts";

/**
 * The buyer's form is rendered with the page on the server; a browser fetches its code only
 * for a buyer (the server's HTML stays, and works, until then).
 */
const SaveSearchForm = import.meta.env.SSR
  ? (await import("./save-search-form.tsx")).SaveSearchForm
  : lazy(() => import("./save-search-form.tsx").then((module) => ({ default: module.SaveSearchForm })));

/**
 * "Save this search" on the catalog: a buyer names it and chooses how often to be told
 * (`SaveSearchForm`); a visitor is asked to sign in and comes back to the same search; another
 * account learns how buying accounts work.
 */
export function SaveSearchControl({
  signedIn,
  canSave,
  query,
  suggestedName,
}: {
  signedIn: boolean;
  canSave: boolean;
  /** The catalog's query string for this search (no cursor). */
  query: string;
  suggestedName: string;
}) {
  const location = useLocation();
  if (!signedIn) {
    // Back to the same search, with the form open.
    const params = new URLSearchParams(location.search);
    params.set(OPEN_PARAM, "1");
    const back = `${location.pathname}?${params.toString()}`;
    return (
      <Link to={`/signin?redirectTo=${encodeURIComponent(back)}`} className={SAVE_SEARCH_TRIGGER}>
        <BellPlus className="size-4" aria-hidden /> Save this search
      </Link>
    );
  }
  if (!canSave) {
    return (
      <Link to={BUYER_ACCOUNT_PATH} className={SAVE_SEARCH_TRIGGER} aria-label="Saving searches needs a buyer account">
        <BellPlus className="size-4" aria-hidden /> Save this search
      </Link>
    );
  }
  return (
    <Suspense fallback={<SaveSearchPlaceholder />}>
      <SaveSearchForm query={query} suggestedName={suggestedName} />
    </Suspense>
  );
}

/** The closed control while the form's code is on its way (a buyer arriving by a link in the app). */
function SaveSearchPlaceholder() {
  return (
    <span className={`${SAVE_SEARCH_TRIGGER} opacity-70`} aria-busy="true">
      <BellPlus className="size-4" aria-hidden /> Save this search
    </span>
  );
}
