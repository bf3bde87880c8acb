/**
 * What an unsubscribe link stops, and stopping it (docs/product.md#saved-searches-and-alerts): one
 * saved search's alerts (its frequency becomes Off; the others carry on), or the watchlist's price
 * drops. Both are recorded as a withdrawn consent. Works without signing in: the signed token is the
 * only key, and it opens nothing else.
 */
import { eq } from "drizzle-orm";
import { alertPreferences, savedSearches, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { recordConsent } from "./consent.server.ts";
import { passOverSearch } from "./pending-alerts.server.ts";
import { setWatchlistAlerts } from "./alert-settings.server.ts";
import { verifyUnsubscribe, type UnsubscribeSubject } from "./unsubscribe-token.server.ts";

const INVALID = new AppError(
  "BAD_REQUEST",
  "Link not valid",
  "This unsubscribe link is not valid. Copy the whole link from the e-mail, or change your alerts under Saved searches after signing in.",
);

export type UnsubscribeTarget = { what: string; alreadyOff: boolean } | { gone: true };

function subjectOf(secret: string, token: string): UnsubscribeSubject {
  const subject = verifyUnsubscribe(secret, token);
  if (!subject) throw INVALID;
  return subject;
}

/** What the link would stop; 400 for a token we did not sign. */
export async function describeUnsubscribe(options: {
  db: DbOrTx;
  secret: string;
  token: string;
}): Promise<UnsubscribeTarget> {
  const subject = subjectOf(options.secret, options.token);
  if (subject.kind === "search") {
    const [row] = await options.db
      .select({ name: savedSearches.name, frequency: savedSearches.frequency })
      .from(savedSearches)
      .where(eq(savedSearches.id, subject.id));
    if (!row) return { gone: true };
    return { what: `alerts for your saved search "${row.name}"`, alreadyOff: row.frequency === "off" };
  }
  const [row] = await options.db
    .select({ frequency: alertPreferences.watchlistFrequency })
    .from(alertPreferences)
    .where(eq(alertPreferences.userId, subject.userId));
  return { what: "price-drop alerts for your watchlist", alreadyOff: !row || row.frequency === "off" };
}

/** Stops what the link names (idempotent). */
export async function unsubscribe(options: { db: DbOrTx; secret: string; token: string }): Promise<UnsubscribeTarget> {
  const { db } = options;
  const subject = subjectOf(options.secret, options.token);
  if (subject.kind === "watchlist") {
    const [person] = await db.select({ id: user.id }).from(user).where(eq(user.id, subject.userId));
    if (!person) return { gone: true };
    await setWatchlistAlerts({ db, userId: subject.userId, frequency: "off", source: "e-mail unsubscribe link" });
    return { what: "price-drop alerts for your watchlist", alreadyOff: true };
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: savedSearches.name, frequency: savedSearches.frequency, userId: savedSearches.userId })
      .from(savedSearches)
      .where(eq(savedSearches.id, subject.id))
      .for("update");
    if (!row) return { gone: true as const };
    if (row.frequency !== "off") {
      await tx.update(savedSearches).set({ frequency: "off" }).where(eq(savedSearches.id, subject.id));
      await passOverSearch(tx, subject.id);
      await recordConsent({
        db: tx,
        userId: row.userId,
        purpose: "search_alerts",
        granted: false,
        detail: `No alerts for the saved search "${row.name}"`,
        source: "e-mail unsubscribe link",
      });
    }
    return { what: `alerts for your saved search "${row.name}"`, alreadyOff: true };
  });
}
