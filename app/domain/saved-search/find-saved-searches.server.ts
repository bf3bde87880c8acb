/**
 * The saved-searches page: the user's searches, newest first, each with how many public machines it
 * found since it was last opened, and the user's alert settings — three small queries.
 */
import { desc, eq, getTableColumns, sql } from "drizzle-orm";
import { alertPreferences, listings, savedSearchMatches, savedSearches } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import { describeFilters, type SavedSearchFilters } from "./saved-search-filters.ts";

export async function findSavedSearches(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  // The outer row's columns written out in full: drizzle leaves the table name off in a query without joins.
  const newMatches = sql<number>`(
    select count(*)::int from ${savedSearchMatches}
    inner join ${listings} on ${listings.id} = ${savedSearchMatches.listingId}
    where ${savedSearchMatches.savedSearchId} = "saved_searches"."id"
      and ${savedSearchMatches.matchedAt} > "saved_searches"."last_opened_at"
      and ${isPublicListing()}
  )`;
  const { textQuery: _t, userId: _u, createdAt: _c, updatedAt: _up, ...columns } = getTableColumns(savedSearches);
  const rows = await db
    .select({ ...columns, newMatches })
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(desc(savedSearches.createdAt));
  const settings = await findAlertSettings({ db, userId });
  return {
    settings,
    searches: rows.map((r) => {
      const { id, name, query, frequency, pausedAt, lastOpenedAt, newMatches: fresh, ...filters } = r;
      return {
        id,
        name,
        query,
        frequency,
        paused: Boolean(pausedAt),
        lastOpenedAt: lastOpenedAt.toISOString(),
        newMatches: fresh,
        summary: describeFilters(filters as SavedSearchFilters),
      };
    }),
  };
}

/** The user's alert settings, with the defaults when they never changed them. */
export async function findAlertSettings(options: { db: DbOrTx; userId: string }) {
  const [row] = await options.db
    .select({ watchlistFrequency: alertPreferences.watchlistFrequency, stoppedAt: alertPreferences.stoppedAt })
    .from(alertPreferences)
    .where(eq(alertPreferences.userId, options.userId));
  return { watchlistFrequency: row?.watchlistFrequency ?? ("off" as const), stopped: Boolean(row?.stoppedAt) };
}
