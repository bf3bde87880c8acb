/**
 * What waits to be told (saved_search_matches and price_drop_alerts with no `notified_at`) is only
 * what is due: when a search stops alerting (off, paused, unsubscribed) or a user stops all alerts,
 * their waiting rows are passed over at once, and a search's waiting rows follow its frequency. The
 * senders then read only rows they must send.
 */
import { and, eq, inArray, isNull } from "drizzle-orm";
import { priceDropAlerts, savedSearchMatches, savedSearches } from "#db/schema.ts";
import type { AlertFrequency } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

const waitingFor = (savedSearchId: string) =>
  and(isNull(savedSearchMatches.notifiedAt), eq(savedSearchMatches.savedSearchId, savedSearchId));

/** One saved search's waiting matches, passed over. */
export async function passOverSearch(db: DbOrTx, savedSearchId: string) {
  await db.update(savedSearchMatches).set({ notifiedAt: new Date() }).where(waitingFor(savedSearchId));
}

/** One saved search's waiting matches now wait for its new frequency. */
export async function followFrequency(db: DbOrTx, savedSearchId: string, frequency: AlertFrequency) {
  if (frequency === "off") return passOverSearch(db, savedSearchId);
  await db.update(savedSearchMatches).set({ frequency }).where(waitingFor(savedSearchId));
}

/** Everything waiting for a user: every saved search's matches and the price drops. */
export async function passOverUser(db: DbOrTx, userId: string) {
  const own = db.select({ id: savedSearches.id }).from(savedSearches).where(eq(savedSearches.userId, userId));
  await db
    .update(savedSearchMatches)
    .set({ notifiedAt: new Date() })
    .where(and(isNull(savedSearchMatches.notifiedAt), inArray(savedSearchMatches.savedSearchId, own)));
  await passOverPriceDrops(db, userId);
}

export async function passOverPriceDrops(db: DbOrTx, userId: string) {
  await db
    .update(priceDropAlerts)
    .set({ notifiedAt: new Date() })
    .where(and(eq(priceDropAlerts.userId, userId), isNull(priceDropAlerts.notifiedAt)));
}
