/**
 * /saved-searches: a buyer's saved searches and alert settings in one place — open, rename, change
 * how often, pause, delete; the watchlist's price-drop alerts; "Stop all alerts". "Save this search"
 * on the catalog posts here too (intent "save") and returns to the same search.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { Link, redirect } from "react-router";
import type { Route } from "./+types/saved-searches";
import { useActionToast } from "#app/components/forms/use-action-toast.ts";
import { AlertSettings, SavedSearchList } from "#app/components/alerts/saved-search-list.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { findSavedSearches } from "#app/domain/saved-search/find-saved-searches.server.ts";
import {
  assertMayHaveAlerts,
  deleteSavedSearch,
  pauseSavedSearch,
  saveSearch,
  updateSavedSearch,
} from "#app/domain/saved-search/save-search.server.ts";
import {
  SavedSearchIdSchema,
  SaveSearchSchema,
  UpdateSavedSearchSchema,
  WatchlistAlertsSchema,
} from "#app/domain/saved-search/saved-search-schemas.ts";
import { setWatchlistAlerts, stopAllAlerts } from "#app/domain/alert/alert-settings.server.ts";
import { pageTitle } from "#app/lib/brand.ts";
import { doneReply, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { readForm } from "#app/lib/read-form.server.ts";
import { redirectWithToast, type Toast } from "#app/lib/toast.server.ts";
import { maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import { ALERT_FREQUENCY_LABELS } from "#db/vocabulary.ts";
import { requireUser } from "#app/server/guards.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Intent } from "./saved-searches.intents.ts";

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Saved searches and alerts") },
  { name: "robots", content: "noindex" },
];

export async function loader({ request }: Route.LoaderArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  return { ...(await findSavedSearches({ db, userId: viewer.userId })), canAlert: maySaveFavourites(viewer) };
}

/** After a refused change (a search deleted in another tab, say) the list is read again too. */
export function shouldRevalidate() {
  return true;
}

/** A change made on this page: back to the page (a reload then only reloads), with the outcome. */
const backHere = (toast: Toast) => redirectWithToast(SOURCE, toast);

const SOURCE = "/saved-searches";

export async function action({ request }: Route.ActionArgs) {
  const viewer = await requireUser(request);
  const { db } = await getRuntime();
  const formData = await readForm(request);
  const intent = String(formData.get("intent") ?? "") as Intent;
  const userId = viewer.userId;

  if (intent === "save") {
    // The catalog's "Save this search" (a fetcher: the buyer stays on the search; without JavaScript
    // the answer is shown on this page).
    const submission = parseWithZod(formData, { schema: SaveSearchSchema });
    if (submission.status !== "success") return invalidReply(submission, { title: "Search not saved" });
    return runForm(submission, async () => {
      const { name } = await saveSearch({ db, userId, role: viewer.role, ...submission.value });
      const { frequency } = submission.value;
      const how =
        frequency === "off"
          ? "No alerts: open it any time from Saved searches."
          : `Alerts: ${ALERT_FREQUENCY_LABELS[frequency].toLowerCase()}, by e-mail and in your notifications.`;
      return doneReply(submission, { toast: { type: "success", title: `Search saved: ${name}`, description: how } });
    });
  }

  if (intent === "update") {
    const submission = parseWithZod(formData, { schema: UpdateSavedSearchSchema });
    if (submission.status !== "success") return invalidReply(submission, { title: "Search not changed" });
    return runForm(submission, async () => {
      const { name } = await updateSavedSearch({ db, userId, ...submission.value });
      return backHere({
        type: "success",
        title: "Search changed",
        description: `"${name}": alerts ${ALERT_FREQUENCY_LABELS[submission.value.frequency].toLowerCase()}.`,
      });
    });
  }

  if (intent === "pause" || intent === "resume" || intent === "delete") {
    const submission = parseWithZod(formData, { schema: SavedSearchIdSchema });
    if (submission.status !== "success") return invalidReply(submission, { title: "Saved search not found" });
    return runForm(submission, async () => {
      const { id } = submission.value;
      if (intent === "delete") {
        const { name } = await deleteSavedSearch({ db, userId, id });
        return backHere({
          type: "success",
          title: "Search deleted",
          description: `"${name}" and its alerts are gone.`,
        });
      }
      const { name } = await pauseSavedSearch({ db, userId, id, paused: intent === "pause" });
      return backHere({
        type: "success",
        title: intent === "pause" ? "Alerts paused" : "Alerts resumed",
        description: `"${name}"`,
      });
    });
  }

  if (intent === "watchlist-alerts") {
    const submission = parseWithZod(formData, { schema: WatchlistAlertsSchema });
    if (submission.status !== "success") return invalidReply(submission, { title: "Alerts not changed" });
    return runForm(submission, async () => {
      const { frequency } = submission.value;
      assertMayHaveAlerts(viewer.role);
      await setWatchlistAlerts({
        db,
        userId,
        frequency,
        source: String(formData.get("source") ?? SOURCE) === "/watchlist" ? "/watchlist" : SOURCE,
      });
      return doneReply(submission, {
        toast: {
          type: "success",
          title: "Price-drop alerts",
          description:
            frequency === "off"
              ? "Off: price drops are shown on your watchlist only."
              : `${ALERT_FREQUENCY_LABELS[frequency]}, by e-mail and in your notifications.`,
        },
      });
    });
  }

  if (intent === "stop-all" || intent === "resume-all") {
    const submission = parseWithZod(formData, { schema: WatchlistAlertsSchema.partial() });
    const stopped = intent === "stop-all";
    return runForm(submission, async () => {
      assertMayHaveAlerts(viewer.role);
      await stopAllAlerts({ db, userId, stopped, source: SOURCE });
      return backHere(
        stopped
          ? {
              type: "success",
              title: "All alerts stopped",
              description: "Your saved searches and watchlist stay; no alert is sent until you start them again.",
            }
          : { type: "success", title: "Alerts on again", description: "Each saved search alerts as it is set." },
      );
    });
  }

  return redirect(SOURCE);
}

export default function SavedSearches({ loaderData, actionData }: Route.ComponentProps) {
  useActionToast(actionData?.toast);
  const { searches, settings, canAlert } = loaderData;
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:py-8">
      <h1 className="text-2xl font-bold sm:text-3xl">Saved searches and alerts</h1>
      <p className="mt-1 text-sm text-gray-600 sm:text-base">
        Save a search on the catalog and we tell you when a matching machine is listed.
      </p>
      {actionData?.toast ? (
        <p
          role="status"
          className={`mt-4 rounded-md border p-3 text-sm ${actionData.toast.type === "error" ? "border-red-200 bg-red-50 text-red-800" : "border-green-200 bg-green-50 text-green-800"}`}
        >
          <strong>{actionData.toast.title}</strong>
          {actionData.toast.description ? ` — ${actionData.toast.description}` : ""}
        </p>
      ) : null}
      {canAlert ? <AlertSettings settings={settings} /> : null}
      <h2 className="mt-8 text-xl font-semibold">Your saved searches</h2>
      {!canAlert ? (
        <div className="mt-4 rounded-lg border border-dashed border-gray-300 p-6 text-center">
          <p className="text-gray-600">Saved searches and alerts are for buyer accounts.</p>
          <Button asChild variant="outline" className="mt-4">
            <Link to="/account-types?need=buyer">How accounts work</Link>
          </Button>
        </div>
      ) : searches.length === 0 ? (
        <div className="mt-4 rounded-lg border border-dashed border-gray-300 p-6 text-center">
          <p className="text-gray-600">No saved searches yet. Search the catalog, then press “Save this search”.</p>
          <Button asChild className="mt-4">
            <Link to="/catalog">Search the catalog</Link>
          </Button>
        </div>
      ) : (
        <SavedSearchList searches={searches} stopped={settings.stopped} />
      )}
    </div>
  );
}
