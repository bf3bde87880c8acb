import { BellPlus } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/saved-search/saved-search-filters.ts";
import { BUYER_ACCOUNT_PATH } from "#app/components/listing/favourite-button.tsx";
import { ALERT_CONSENT_TEXT, FrequencySelect } from "./frequency-select.tsx";

/** In the catalog's address after a visitor signed in to save the search: the form opens. */
const OPEN_PARAM = "saveSearch";

/**
 * "Save this search" on the catalog: a buyer names it and chooses how often to be told (the opt-in);
 * a visitor is asked to sign in and comes back to the same search; another account learns how buying
 * accounts work. Opens without JavaScript (a native disclosure); the form posts to /saved-searches.
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
  const fetcher = useFetcher<{ toast?: ActionToast; result?: { status?: string } }>();
  useActionToast(fetcher.data?.toast);
  const trigger =
    "inline-flex h-10 cursor-pointer list-none items-center gap-2 rounded-md border border-brand-600 bg-white px-4 text-sm font-medium text-brand-800 shadow-sm hover:bg-brand-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 [&::-webkit-details-marker]:hidden";
  if (!signedIn) {
    // Back to the same search, with the form open.
    const params = new URLSearchParams(location.search);
    params.set(OPEN_PARAM, "1");
    const back = `${location.pathname}?${params.toString()}`;
    return (
      <Link to={`/signin?redirectTo=${encodeURIComponent(back)}`} className={trigger}>
        <BellPlus className="size-4" aria-hidden /> Save this search
      </Link>
    );
  }
  if (!canSave) {
    return (
      <Link to={BUYER_ACCOUNT_PATH} className={trigger} aria-label="Saving searches needs a buyer account">
        <BellPlus className="size-4" aria-hidden /> Save this search
      </Link>
    );
  }
  const saved = fetcher.state === "idle" && fetcher.data?.toast?.type === "success";
  const openOnArrival = new URLSearchParams(location.search).get(OPEN_PARAM) === "1";
  return (
    // Closed again after a save (a new key), open while the buyer is filling it in.
    <details
      open={openOnArrival && !saved ? true : undefined}
      key={saved ? `saved-${query}-${fetcher.data?.toast?.title}` : `form-${query}`}
      className="group w-full sm:w-auto"
    >
      <summary className={trigger}>
        <BellPlus className="size-4" aria-hidden /> Save this search
      </summary>
      <fetcher.Form
        method="post"
        action="/saved-searches"
        className="mt-3 grid w-full gap-3 rounded-lg border border-gray-200 bg-white p-4 shadow-sm sm:w-[28rem]"
        aria-label="Save this search"
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="query" value={query} />
        <div className="space-y-1">
          <Label htmlFor="saved-search-name">Name</Label>
          <Input
            id="saved-search-name"
            name="name"
            defaultValue={suggestedName}
            maxLength={SAVED_SEARCH_NAME_MAX}
            required
          />
        </div>
        <div className="space-y-1">
          <Label htmlFor="saved-search-frequency">Tell me about new machines</Label>
          <FrequencySelect id="saved-search-frequency" defaultValue="daily" />
          <p className="text-xs text-gray-600">{ALERT_CONSENT_TEXT}</p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <Link to="/saved-searches" className="mr-auto text-sm text-brand-700 underline">
            Your saved searches
          </Link>
          <Button type="submit" disabled={fetcher.state !== "idle"}>
            {fetcher.state !== "idle" ? "Saving..." : "Save search"}
          </Button>
        </div>
      </fetcher.Form>
    </details>
  );
}
