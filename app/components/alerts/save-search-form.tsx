import { BellPlus } from "lucide-react";
import { Link, useFetcher, useLocation } from "react-router";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/saved-search/saved-search-filters.ts";
import { ALERT_CONSENT_TEXT, FrequencySelect } from "./frequency-select.tsx";
import { OPEN_PARAM, SAVE_SEARCH_TRIGGER } from "./save-search-trigger.ts";

/**
 * A buyer's "Save this search": names it and chooses how often to be told (the opt-in). Opens
 * without JavaScript (a native disclosure); the form posts to /saved-searches.
 */
export function SaveSearchForm({ query, suggestedName }: { query: string; suggestedName: string }) {
  const location = useLocation();
  const fetcher = useFetcher<{ toast?: ActionToast; result?: { status?: string } }>();
  useActionToast(fetcher.data?.toast);
  const saved = fetcher.state === "idle" && fetcher.data?.toast?.type === "success";
  const openOnArrival = new URLSearchParams(location.search).get(OPEN_PARAM) === "1";
  return (
    // Closed again after a save (a new key), open while the buyer is filling it in.
    <details
      open={openOnArrival && !saved ? true : undefined}
      key={saved ? `saved-${query}-${fetcher.data?.toast?.title}` : `form-${query}`}
      className="group w-full sm:w-auto"
    >
      <summary className={SAVE_SEARCH_TRIGGER}>
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
