/**
 * A user's alert settings (docs/product.md#saved-searches-and-alerts): how often the watchlist's price
 * drops are told (off until the user chooses, recorded as a consent), and "Stop all alerts", which
 * silences every saved search and the watchlist at once without changing their settings. Whatever was
 * found while alerts were stopped or off is passed over when they start again.
 */
import { eq, sql } from "drizzle-orm";
import { alertPreferences } from "#db/schema.ts";
import { ALERT_FREQUENCY_LABELS, type AlertFrequency } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { recordConsent } from "./consent.server.ts";
import { passOverPriceDrops, passOverUser } from "./pending-alerts.server.ts";

async function lockSettings(tx: DbOrTx, userId: string) {
  await tx.insert(alertPreferences).values({ userId }).onConflictDoNothing();
  const [row] = await tx.select().from(alertPreferences).where(eq(alertPreferences.userId, userId)).for("update");
  return row!;
}

export async function setWatchlistAlerts(options: {
  db: DbOrTx;
  userId: string;
  frequency: AlertFrequency;
  source: string;
}) {
  const { db, userId, frequency, source } = options;
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx, userId);
    if (before.watchlistFrequency === frequency) return { changed: false };
    await tx.update(alertPreferences).set({ watchlistFrequency: frequency }).where(eq(alertPreferences.userId, userId));
    if (frequency === "off") await passOverPriceDrops(tx, userId);
    await recordConsent({
      db: tx,
      userId,
      purpose: "watchlist_alerts",
      granted: frequency !== "off",
      detail:
        frequency === "off"
          ? "No price-drop alerts for the watchlist"
          : `Price-drop alerts (${ALERT_FREQUENCY_LABELS[frequency].toLowerCase()}) by e-mail and in the app for machines on the watchlist`,
      source,
    });
    return { changed: true };
  });
}

/** "Stop all alerts" (stopped: true) or start them again. */
export async function stopAllAlerts(options: { db: DbOrTx; userId: string; stopped: boolean; source: string }) {
  const { db, userId, stopped, source } = options;
  return db.transaction(async (tx) => {
    const before = await lockSettings(tx, userId);
    if (Boolean(before.stoppedAt) === stopped) return { changed: false };
    await tx
      .update(alertPreferences)
      .set({ stoppedAt: stopped ? new Date() : null })
      .where(eq(alertPreferences.userId, userId));
    if (stopped) await passOverUser(tx, userId);
    for (const purpose of ["search_alerts", "watchlist_alerts"] as const) {
      await recordConsent({
        db: tx,
        userId,
        purpose,
        granted: !stopped,
        detail: stopped ? "Stopped all alerts" : "Started alerts again, as each saved search and the watchlist are set",
        source,
      });
    }
    return { changed: true };
  });
}

/** Whether a user's alerts are stopped (a SQL condition for the senders). */
export const alertsStoppedFor = (userIdColumn: unknown) =>
  sql`exists (select 1 from ${alertPreferences} where ${alertPreferences.userId} = ${userIdColumn} and ${alertPreferences.stoppedAt} is not null)`;
