/**
 * The saved-search forms (save from the catalog, change one, the watchlist's price-drop alerts), shared
 * by the browser and the server.
 */
import { z } from "zod";
import { ALERT_FREQUENCIES } from "#db/vocabulary.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { SAVED_SEARCH_NAME_MAX } from "./saved-search-filters.ts";

export const SAVED_SEARCH_MESSAGES = {
  name: "Please give the search a name.",
  frequency: "Please choose how often to be told about new machines.",
  query: "That search could not be read. Search again and save it from the results.",
} as const;

const name = z
  .string({ error: SAVED_SEARCH_MESSAGES.name })
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.name)
  .max(SAVED_SEARCH_NAME_MAX, `${tooLong("Name", SAVED_SEARCH_NAME_MAX)}.`);
const frequency = z.enum(ALERT_FREQUENCIES, { error: SAVED_SEARCH_MESSAGES.frequency });

/** "Save this search" on the catalog: the catalog's query string, a name and how often. */
export const SaveSearchSchema = z.object({
  name,
  frequency,
  query: z.string({ error: SAVED_SEARCH_MESSAGES.query }).max(2000, SAVED_SEARCH_MESSAGES.query),
});

/** Rename a saved search or change how often it alerts. */
export const UpdateSavedSearchSchema = z.object({
  id: z.uuid({ error: "Saved search not found." }),
  name,
  frequency,
});

/** Pause, resume, delete: which search. */
export const SavedSearchIdSchema = z.object({ id: z.uuid({ error: "Saved search not found." }) });

/** How often the watchlist's price drops are told. */
export const WatchlistAlertsSchema = z.object({ frequency });
