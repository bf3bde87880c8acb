import { BellOff, BellRing, Search } from "lucide-react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { useActionToast, type ActionToast } from "#app/components/forms/use-action-toast.ts";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency } from "#db/vocabulary.ts";
import { SAVED_SEARCH_NAME_MAX } from "#app/domain/saved-search/saved-search-filters.ts";
import { FrequencySelect } from "./frequency-select.tsx";

type SavedSearchRow = {
  id: string;
  name: string;
  summary: string;
  frequency: AlertFrequency;
  paused: boolean;
  newMatches: number;
};

function IntentButton({
  intent,
  id,
  children,
  variant = "outline",
}: {
  intent: string;
  id: string;
  children: React.ReactNode;
  variant?: "outline" | "ghost" | "destructive";
}) {
  return (
    <Form method="post" className="contents">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      <Button type="submit" size="sm" variant={variant}>
        {children}
      </Button>
    </Form>
  );
}

/** Each saved search as a card: open it, what it looks for, new matches, and its settings. */
export function SavedSearchList({ searches, stopped }: { searches: SavedSearchRow[]; stopped: boolean }) {
  const navigation = useNavigation();
  return (
    <ul className="mt-4 space-y-4" aria-label="Saved searches">
      {searches.map((s) => {
        const alerting = !stopped && !s.paused && s.frequency !== "off";
        return (
          <li key={s.id} className="rounded-lg border border-gray-200 bg-white p-4 shadow-sm">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <h3 className="break-words font-semibold">{s.name}</h3>
                <p className="break-words text-sm text-gray-600">{s.summary}</p>
              </div>
              {s.newMatches > 0 ? <Badge className="bg-brand-600 text-white">{s.newMatches} new</Badge> : null}
            </div>
            <p className="mt-2 flex items-center gap-1.5 text-sm text-gray-700">
              {alerting ? (
                <BellRing className="size-4 text-brand-700" aria-hidden />
              ) : (
                <BellOff className="size-4 text-gray-500" aria-hidden />
              )}
              {stopped
                ? "Alerts stopped (all alerts)"
                : s.paused
                  ? `Paused (${ALERT_FREQUENCY_LABELS[s.frequency].toLowerCase()} when resumed)`
                  : s.frequency === "off"
                    ? "No alerts"
                    : `Alerts: ${ALERT_FREQUENCY_LABELS[s.frequency].toLowerCase()}`}
            </p>
            <div className="mt-3 flex flex-wrap gap-2">
              <Button asChild size="sm">
                <Link to={`/saved-searches/${s.id}/open`}>
                  <Search className="size-4" aria-hidden /> Open{s.newMatches > 0 ? ` (${s.newMatches} new)` : ""}
                </Link>
              </Button>
              {stopped ? null : s.paused ? (
                <IntentButton intent="resume" id={s.id}>
                  Resume alerts
                </IntentButton>
              ) : s.frequency !== "off" ? (
                <IntentButton intent="pause" id={s.id}>
                  Pause alerts
                </IntentButton>
              ) : null}
              <IntentButton intent="delete" id={s.id} variant="ghost">
                Delete
              </IntentButton>
            </div>
            <details className="mt-3">
              <summary className="cursor-pointer text-sm font-medium text-brand-700">
                Rename or change how often
              </summary>
              <Form
                method="post"
                className="mt-3 grid gap-3 sm:grid-cols-[1fr_auto_auto] sm:items-end"
                key={`${s.name}:${s.frequency}:${navigation.state}`}
              >
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={s.id} />
                <div className="space-y-1">
                  <Label htmlFor={`name-${s.id}`}>Name</Label>
                  <Input
                    id={`name-${s.id}`}
                    name="name"
                    defaultValue={s.name}
                    maxLength={SAVED_SEARCH_NAME_MAX}
                    required
                  />
                </div>
                <div className="space-y-1">
                  <Label htmlFor={`frequency-${s.id}`}>Alerts</Label>
                  <FrequencySelect id={`frequency-${s.id}`} defaultValue={s.frequency} />
                </div>
                <Button type="submit" size="sm" className="h-10">
                  Save changes
                </Button>
              </Form>
            </details>
          </li>
        );
      })}
    </ul>
  );
}

/** The user's alert settings: the watchlist's price drops and "Stop all alerts". */
export function AlertSettings({ settings }: { settings: { watchlistFrequency: AlertFrequency; stopped: boolean } }) {
  return (
    <section aria-labelledby="alert-settings" className="mt-6 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id="alert-settings" className="text-lg font-semibold">
        Alert settings
      </h2>
      <div className="mt-3">
        <WatchlistAlertsForm frequency={settings.watchlistFrequency} source="/saved-searches" />
      </div>
      <div className="mt-4 flex flex-col gap-2 border-t border-gray-200 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-gray-700">
          {settings.stopped
            ? "All alerts are stopped. Your saved searches and watchlist stay as they are."
            : "Stop every alert at once — saved searches and price drops — without deleting anything."}
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value={settings.stopped ? "resume-all" : "stop-all"} />
          <Button type="submit" variant={settings.stopped ? "default" : "outline"} size="sm">
            {settings.stopped ? "Start alerts again" : "Stop all alerts"}
          </Button>
        </Form>
      </div>
    </section>
  );
}

/** Price-drop alerts for the watchlist (off until the buyer chooses): on this page and on the watchlist. */
export function WatchlistAlertsForm({
  frequency,
  source,
}: {
  frequency: AlertFrequency;
  source: "/saved-searches" | "/watchlist";
}) {
  const fetcher = useFetcher<{ toast?: ActionToast }>();
  useActionToast(fetcher.data?.toast);
  return (
    <fetcher.Form
      method="post"
      action="/saved-searches"
      className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end"
      key={frequency}
    >
      <input type="hidden" name="intent" value="watchlist-alerts" />
      <input type="hidden" name="source" value={source} />
      <div className="space-y-1">
        <Label htmlFor={`watchlist-frequency-${source}`}>Tell me when a machine on my watchlist gets cheaper</Label>
        <p className="text-xs text-gray-600">
          By e-mail and in your notifications, with the old and new price. Off unless you choose.
        </p>
      </div>
      <FrequencySelect id={`watchlist-frequency-${source}`} defaultValue={frequency} />
      <Button type="submit" size="sm" className="h-10" disabled={fetcher.state !== "idle"}>
        Save
      </Button>
    </fetcher.Form>
  );
}
