/**
 * Saving, changing and deleting a buyer's saved searches (docs/product.md#saved-searches-and-alerts).
 * Each change is the owner's only (another user's id is "not found"); choosing a frequency other than
 * Off is the opt-in to that search's alerts and is recorded as a consent, as is choosing Off. What a
 * paused or silenced search found meanwhile is passed over (pending-alerts.server.ts).
 */
import { and, count, eq, sql } from "drizzle-orm";
import { savedSearches } from "#db/schema.ts";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency } from "#db/vocabulary.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { parseListingSearch } from "#app/domain/listing/listing-search.ts";
import { BUYER_ACCOUNT_REQUIRED, maySaveFavourites } from "#app/domain/favourite/favourite-rules.ts";
import type { Role } from "#app/domain/user/viewer.ts";
import { recordConsent } from "#app/domain/alert/consent.server.ts";
import { followFrequency, passOverSearch } from "#app/domain/alert/pending-alerts.server.ts";
import { hasFilters, SAVED_SEARCHES_MAX, savedSearchFromSearch } from "./saved-search-filters.ts";

type Owner = { db: DbOrTx; userId: string };

/** Saved searches and alerts are for buyer accounts, like the watchlist. */
export function assertMayHaveAlerts(role: Role | null) {
  if (!maySaveFavourites({ role })) {
    throw new AppError("FORBIDDEN", BUYER_ACCOUNT_REQUIRED.title, "Saved searches and alerts are for buyer accounts.");
  }
}
const NOT_FOUND = new AppError("NOT_FOUND", "Saved search not found", "Saved search not found.");

const consentDetail = (name: string, frequency: AlertFrequency) =>
  frequency === "off"
    ? `No alerts for the saved search "${name}"`
    : `Alerts (${ALERT_FREQUENCY_LABELS[frequency].toLowerCase()}) by e-mail and in the app for new machines matching the saved search "${name}"`;

export async function saveSearch(
  options: Owner & { role: Role | null; name: string; frequency: AlertFrequency; query: string },
) {
  const { db, userId, role, name, frequency } = options;
  assertMayHaveAlerts(role);
  const { filters, query } = savedSearchFromSearch(parseListingSearch(new URLSearchParams(options.query)));
  if (!hasFilters(filters)) {
    throw new AppError(
      "BAD_REQUEST",
      "Search not saved",
      "Choose at least one filter or type a word first: a search for every machine would alert on each one listed.",
    );
  }
  return db.transaction(async (tx) => {
    // Serialises one user's saves, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved-searches:${userId}`}))`);
    const [{ n }] = (await tx.select({ n: count() }).from(savedSearches).where(eq(savedSearches.userId, userId))) as [
      { n: number },
    ];
    const [same] = await tx
      .select({ name: savedSearches.name })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, userId), eq(savedSearches.query, query)));
    if (same) {
      throw new AppError(
        "CONFLICT",
        "Search already saved",
        `You saved this search already, as "${same.name}". Change its name or alerts under Saved searches.`,
      );
    }
    if (n >= SAVED_SEARCHES_MAX) {
      throw new AppError(
        "CONFLICT",
        "Search not saved",
        `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one you no longer need first.`,
      );
    }
    const [row] = await tx
      .insert(savedSearches)
      .values({ userId, name, frequency, query, ...filters })
      .returning({ id: savedSearches.id });
    await recordConsent({
      db: tx,
      userId,
      purpose: "search_alerts",
      granted: frequency !== "off",
      detail: consentDetail(name, frequency),
      source: "catalog: Save this search",
    });
    return { id: row!.id, name };
  });
}

async function lockOwn(tx: DbOrTx, userId: string, id: string) {
  const [row] = await tx
    .select({
      id: savedSearches.id,
      name: savedSearches.name,
      frequency: savedSearches.frequency,
      pausedAt: savedSearches.pausedAt,
    })
    .from(savedSearches)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .for("update");
  if (!row) throw NOT_FOUND;
  return row;
}

/** Rename a saved search or change how often it alerts. */
export async function updateSavedSearch(options: Owner & { id: string; name: string; frequency: AlertFrequency }) {
  const { db, userId, id, name, frequency } = options;
  return db.transaction(async (tx) => {
    const before = await lockOwn(tx, userId, id);
    await tx.update(savedSearches).set({ name, frequency }).where(eq(savedSearches.id, id));
    if (before.frequency !== frequency) {
      await followFrequency(tx, id, frequency);
      await recordConsent({
        db: tx,
        userId,
        purpose: "search_alerts",
        granted: frequency !== "off",
        detail: consentDetail(name, frequency),
        source: "/saved-searches",
      });
    }
    return { name };
  });
}

/** Pause (alerts stop, the search stays) or resume. */
export async function pauseSavedSearch(options: Owner & { id: string; paused: boolean }) {
  const { db, userId, id, paused } = options;
  return db.transaction(async (tx) => {
    const before = await lockOwn(tx, userId, id);
    if (Boolean(before.pausedAt) === paused) return { name: before.name };
    await tx
      .update(savedSearches)
      .set({ pausedAt: paused ? new Date() : null })
      .where(eq(savedSearches.id, id));
    if (paused) await passOverSearch(tx, id);
    return { name: before.name };
  });
}

export async function deleteSavedSearch(options: Owner & { id: string }) {
  const { db, userId, id } = options;
  return db.transaction(async (tx) => {
    const before = await lockOwn(tx, userId, id);
    await tx.delete(savedSearches).where(eq(savedSearches.id, id));
    if (before.frequency !== "off") {
      await recordConsent({
        db: tx,
        userId,
        purpose: "search_alerts",
        granted: false,
        detail: `Deleted the saved search "${before.name}" and its alerts`,
        source: "/saved-searches",
      });
    }
    return { name: before.name };
  });
}

/** Opening a saved search (from the page, a notification or an e-mail): its new matches are seen. Returns its catalog query. */
export async function openSavedSearch(options: Owner & { id: string }) {
  const [row] = await options.db
    .update(savedSearches)
    .set({ lastOpenedAt: new Date() })
    .where(and(eq(savedSearches.id, options.id), eq(savedSearches.userId, options.userId)))
    .returning({ query: savedSearches.query });
  if (!row) throw NOT_FOUND;
  return row.query;
}
