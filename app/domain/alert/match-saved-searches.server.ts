/**
 * Which saved searches a listing matches (docs/product.md#saved-searches-and-alerts). A listing that
 * becomes public — approved, a revision approved, relisted, renewed after expiring — or gets cheaper is
 * queued in its cause's transaction (`queueListingMatch`); the `match-saved-searches` job then finds
 * every saved search whose filters it meets, records each pair once (saved_search_matches), and the
 * instant alerts go out. Never in the request that approved the listing.
 *
 * The rule is the catalog's (`searchWhere` in find-listings.server.ts), turned around: one listing
 * against every saved search, each filter a column. The category's index answers "this category or
 * none" first; the rest are cheap comparisons on those rows, and the words are the catalog's text
 * query (stored, generated from `q`) against the listing's search vector.
 */
import { and, eq, inArray, sql } from "drizzle-orm";
import { listings, savedSearchMatchQueue, savedSearchMatches, savedSearches } from "#db/schema.ts";
import type { Db, DbOrTx } from "#app/lib/db.server.ts";
import { wakeJob } from "#app/lib/wake-job.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import { alertsStoppedFor } from "./alert-settings.server.ts";

export const MATCH_SAVED_SEARCHES_JOB = "match-saved-searches";

/** In the transaction that makes a listing public (or cheaper): match it once that commits. */
export async function queueListingMatch(options: { db: DbOrTx; listingId: string }) {
  const { db, listingId } = options;
  await db
    .insert(savedSearchMatchQueue)
    .values({ listingId })
    .onConflictDoUpdate({
      target: savedSearchMatchQueue.listingId,
      set: { queuedAt: sql`now()` },
    });
  await wakeJob(db, MATCH_SAVED_SEARCHES_JOB);
}

/** The ids of the saved searches a public listing matches (none for a listing that is not public). */
export async function findMatchingSearches(options: { db: DbOrTx; listingId: string }): Promise<string[]> {
  const found = await matchingSearches(options);
  return found ? (await found.query).map((m) => m.id) : [];
}

/**
 * The query for the saved searches a public listing matches, each with its frequency and whether it
 * alerts now (wrapped: awaiting a query runs it); null for a listing that is not public.
 */
async function matchingSearches(options: { db: DbOrTx; listingId: string }) {
  const { db, listingId } = options;
  const [l] = await db
    .select({
      category: listings.category,
      condition: listings.condition,
      price: listings.price,
      location: listings.location,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      make: listings.make,
      model: listings.model,
      year: listings.year,
      usage: listings.usage,
      vat: listings.vat,
      searchVector: listings.searchVector,
    })
    .from(listings)
    .where(and(eq(listings.id, listingId), isPublicListing()));
  if (!l) return null;
  const s = savedSearches;
  const vatRegistered = l.vat === "inclusive" || l.vat === "exclusive";
  const usage = l.usage ?? 2147483647;
  const query = db
    .select({
      id: s.id,
      frequency: s.frequency,
      alerting:
        sql<boolean>`(${s.frequency} <> 'off' and ${s.pausedAt} is null and not ${alertsStoppedFor(s.userId)})`.as(
          "alerting",
        ),
    })
    .from(s)
    .where(
      and(
        sql`(${s.category} is null or ${s.category} = ${l.category})`,
        sql`(${s.condition} is null or ${s.condition} = ${l.condition})`,
        sql`(${s.minPrice} is null or ${s.minPrice} <= ${l.price}::numeric)`,
        sql`(${s.maxPrice} is null or ${s.maxPrice} >= ${l.price}::numeric)`,
        // The catalog's province filter: the location contains the province's name, any case.
        sql`(${s.province} is null or strpos(lower(${l.location}::text), lower(${s.province})) > 0)`,
        l.isUrgent ? undefined : sql`not ${s.urgent}`,
        l.isBargain ? undefined : sql`not ${s.bargain}`,
        sql`(${s.make} is null or ${s.make} = ${l.make}::text)`,
        sql`(${s.modelPrefix} is null or starts_with(lower(${l.model}::text), ${s.modelPrefix}))`,
        sql`(${s.yearFrom} is null or ${s.yearFrom} <= ${l.year}::int)`,
        sql`(${s.yearTo} is null or ${s.yearTo} >= ${l.year}::int)`,
        sql`(${s.maxHours} is null or ${s.maxHours} >= ${usage}::int)`,
        vatRegistered ? undefined : sql`not ${s.vatRegistered}`,
        sql`(${s.textQuery} is null or ${l.searchVector}::tsvector @@ ${s.textQuery})`,
      ),
    );
  return { query };
}

/** How many queued listings one transaction matches. */
const BATCH = 20;

/**
 * Matches the queued listings, a batch per transaction: claims them (SKIP LOCKED, so instances share
 * the queue), records the new pairs and removes them from the queue. Returns how many pairs were new.
 */
export async function matchQueuedListings(options: { db: Db; now?: Date }) {
  const { db, now = new Date() } = options;
  let created = 0;
  for (;;) {
    const { done, pairs } = await db.transaction(async (tx) => {
      const queued = await tx
        .select({ listingId: savedSearchMatchQueue.listingId })
        .from(savedSearchMatchQueue)
        .orderBy(savedSearchMatchQueue.queuedAt)
        .limit(BATCH)
        .for("update", { skipLocked: true });
      if (queued.length === 0) return { done: true, pairs: 0 };
      let pairs = 0;
      for (const { listingId } of queued) {
        const found = await matchingSearches({ db: tx, listingId });
        if (!found) continue;
        // One INSERT … SELECT however many match (a VALUES list of thousands of rows would pass
        // PostgreSQL's 65,535 parameters). A search that does not alert now (off, paused, alerts
        // stopped) records the match as passed over.
        const at = sql`${now.toISOString()}::timestamptz`;
        const result = await tx.execute(sql`
          with inserted as (
            insert into ${savedSearchMatches} (saved_search_id, listing_id, matched_at, frequency, notified_at)
            select m.id, ${listingId}::uuid, ${at}, m.frequency, case when m.alerting then null else ${at} end
            from (${found.query.getSQL()}) m
            on conflict (saved_search_id, listing_id) do nothing
            returning 1
          )
          select count(*)::int as n from inserted`);
        pairs += Number((result.rows[0] as { n: number }).n);
      }
      await tx.delete(savedSearchMatchQueue).where(
        inArray(
          savedSearchMatchQueue.listingId,
          queued.map((q) => q.listingId),
        ),
      );
      return { done: queued.length < BATCH, pairs };
    });
    created += pairs;
    if (done) return created;
  }
}
