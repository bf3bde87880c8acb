/**
 * Counting a listing's views (docs/product.md: once per viewer per day; the
 * seller's own views and previews do not count — the listing page decides
 * who counts). A page view must not wait for a database write, so views are
 * held in memory and written in batches: one INSERT for everything seen in
 * the last couple of seconds (or sooner when many are waiting), and on
 * shutdown.
 *
 * The rule is the database's: `listing_views` has one row per listing, viewer
 * and day (a unique index), and every batch is `ON CONFLICT DO NOTHING`, so
 * several instances, a restart or a retried batch never count a viewer twice
 * on one day. The day is the one the view happened on, as the database reckons
 * days (its `TimeZone`): each row carries its time and PostgreSQL turns it
 * into the date, as `current_date` did when views were written one by one.
 * In memory the recorder only skips what it has already queued or written
 * today, so a visitor reloading a page costs nothing.
 *
 * What can be lost: the views of the last batch if the process dies without
 * its shutdown (a crash, SIGKILL), at most FLUSH_INTERVAL_MS of them.
 */
import { sql } from "drizzle-orm";
import { listingViews } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";

export type ListingView = { listingId: string; viewerKey: string; at: Date };

/** How often waiting views are written. */
export const FLUSH_INTERVAL_MS = 2_000;
/** Waiting views that trigger a write at once. */
export const FLUSH_AT_PENDING = 500;
/** Views kept waiting while the database is away; past this the newest are dropped (a count, not a record). */
export const MAX_PENDING = 20_000;
/** Keys remembered to skip repeated views; past this they are forgotten all at once (the database still holds the rule). */
const MAX_REMEMBERED = 100_000;

/**
 * Writes views at once, one row per listing, viewer and day: a repeat (in the
 * batch or already stored) is skipped. The day is the view's time as the
 * database's date.
 */
export async function writeListingViews(options: { db: DbOrTx; views: ListingView[] }) {
  const { db, views } = options;
  if (!views.length) return;
  await db
    .insert(listingViews)
    .values(
      views.map((v) => ({
        listingId: v.listingId,
        viewerKey: v.viewerKey,
        viewedOn: sql`(${v.at.toISOString()}::timestamptz)::date`,
        createdAt: v.at,
      })),
    )
    .onConflictDoNothing();
}

export type ListingViewRecorder = {
  /** Counts a view (once per viewer and day); never throws, never waits for the database. */
  record: (view: { listingId: string; viewerKey: string; at?: Date }) => void;
  /** Writes every waiting view now (tests; shutdown). */
  flush: () => Promise<void>;
  /** Stops the timer and writes what is waiting. */
  stop: () => Promise<void>;
};

/** A formatter of the database's dates, or null when its TimeZone is not one the runtime knows. */
async function databaseDay(db: DbOrTx): Promise<((at: Date) => string) | null> {
  try {
    const result = await db.execute(sql`select current_setting('TimeZone') as tz`);
    const tz = String((result.rows[0] as { tz?: unknown } | undefined)?.tz ?? "");
    const format = new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" });
    return (at) => format.format(at);
  } catch {
    return null;
  }
}

export async function createListingViewRecorder(options: {
  db: DbOrTx;
  flushIntervalMs?: number;
}): Promise<ListingViewRecorder> {
  const { db, flushIntervalMs = FLUSH_INTERVAL_MS } = options;
  // Without the database's day, repeats are left to the database (nothing is skipped in memory).
  const dayOf = await databaseDay(db);
  let pending: (ListingView & { key: string })[] = [];
  const remembered = new Set<string>();
  let writing: Promise<void> = Promise.resolve();
  let stopped = false;

  const write = () => {
    writing = writing.then(async () => {
      if (!pending.length) return;
      const batch = pending;
      pending = [];
      try {
        await writeListingViews({ db, views: batch });
      } catch (error) {
        // Tried again with the next batch (the database may be restarting); beyond the bound, forgotten.
        const room = Math.max(0, MAX_PENDING - pending.length);
        const kept = batch.slice(0, room);
        for (const v of batch.slice(room)) remembered.delete(v.key);
        pending = [...kept, ...pending];
        logger.warn({ err: error, views: batch.length, kept: kept.length }, "listing views not recorded yet");
      }
    });
    return writing;
  };

  const timer = setInterval(() => void write(), flushIntervalMs);
  timer.unref();

  return {
    record({ listingId, viewerKey, at = new Date() }) {
      if (stopped) return;
      const key = dayOf ? `${listingId}|${viewerKey}|${dayOf(at)}` : `${listingId}|${viewerKey}|${at.toISOString()}`;
      if (dayOf && remembered.has(key)) return;
      if (pending.length >= MAX_PENDING) return;
      if (remembered.size >= MAX_REMEMBERED) remembered.clear();
      if (dayOf) remembered.add(key);
      pending.push({ listingId, viewerKey, at, key });
      if (pending.length >= FLUSH_AT_PENDING) void write();
    },
    flush: write,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await write();
    },
  };
}
