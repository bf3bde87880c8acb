/**
 * Sends the alerts of one frequency (docs/product.md#saved-searches-and-alerts): "instant" right after
 * matching, "daily" and "weekly" from their schedules. Each batch claims its pending matches and price
 * drops with one UPDATE … RETURNING and writes the notifications and outbox e-mails in the same
 * transaction: of two instances running the same schedule, a row goes to whichever claims it first,
 * so nothing is told twice; a listing no longer public when the run goes out is claimed and not told.
 */
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { alertPreferences, listings, priceDropAlerts, savedSearchMatches, savedSearches, user } from "#db/schema.ts";
import type { AlertFrequency } from "#db/vocabulary.ts";
import type { Db, DbOrTx } from "#app/lib/db.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { writeEmail } from "#app/lib/mailer.server.ts";
import { formatPrice } from "#app/lib/format.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { EmailItem } from "#app/emails/layout.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { firstImages } from "#app/domain/listing/find-listings.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import { formatUsage } from "#app/domain/listing/machine-specs.ts";
import { alertsStoppedFor } from "./alert-settings.server.ts";
import { groupPriceDrops, groupSearchAlerts, type AlertListing } from "./alert-digest.ts";
import { unsubscribePath } from "./unsubscribe-token.server.ts";

export type SendAlertsOptions = {
  db: Db;
  storage: Storage;
  publicUrl: string;
  /** Signs the unsubscribe links (SESSION_SECRET). */
  secret: string;
  frequency: Exclude<AlertFrequency, "off">;
  now?: Date;
};

/** Saved searches (or watchers) one transaction handles. */
const BATCH = 200;
/** The most machines one alert e-mail lists, newest first; the rest are one click away. */
export const ALERT_EMAIL_ITEMS_MAX = 20;

export const savedSearchOpenPath = (id: string) => `/saved-searches/${id}/open`;

type Listing = AlertListing & { year: number | null; usage: number | null; category: string; imageUrl: string | null };

async function publicListings(db: DbOrTx, storage: Storage, ids: string[]) {
  if (ids.length === 0) return new Map<string, Listing>();
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      price: listings.price,
      year: listings.year,
      usage: listings.usage,
      category: listings.category,
    })
    .from(listings)
    .where(and(inArray(listings.id, ids), isPublicListing()));
  const images = await firstImages({ db, storage, ids: rows.map((r) => r.id) });
  return new Map(rows.map((r) => [r.id, { ...r, price: Number(r.price), imageUrl: images.get(r.id) ?? null }]));
}

function item(publicUrl: string, l: Listing, note?: string): EmailItem {
  const absolute = (u: string | null) => (u && u.startsWith("/") ? `${publicUrl}${u}` : u);
  return {
    title: l.title,
    details: [l.year, formatUsage(l.usage, l.category)].filter(Boolean).join(" · "),
    price: formatPrice(l.price),
    url: `${publicUrl}/listing/${l.id}`,
    imageUrl: absolute(l.imageUrl),
    ...(note ? { note } : {}),
  };
}

const titles = (list: { title: string }[]) =>
  list.length <= 3
    ? list.map((l) => l.title).join(", ")
    : `${list
        .slice(0, 3)
        .map((l) => l.title)
        .join(", ")} and ${list.length - 3} more`;

/** One batch of saved-search alerts; returns the outbox rows written (empty when nothing was pending). */
async function sendSearchBatch(options: SendAlertsOptions) {
  const { db, storage, publicUrl, secret, frequency, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const due = tx
      .selectDistinct({ id: savedSearchMatches.savedSearchId })
      .from(savedSearchMatches)
      .innerJoin(savedSearches, eq(savedSearches.id, savedSearchMatches.savedSearchId))
      .where(
        and(
          isNull(savedSearchMatches.notifiedAt),
          eq(savedSearchMatches.frequency, frequency),
          // Passed over when paused or stopped; checked again for a match recorded at that very moment.
          isNull(savedSearches.pausedAt),
          sql`not ${alertsStoppedFor(savedSearches.userId)}`,
        ),
      )
      .limit(BATCH);
    const claims = await tx
      .update(savedSearchMatches)
      .set({ notifiedAt: now })
      .where(and(isNull(savedSearchMatches.notifiedAt), inArray(savedSearchMatches.savedSearchId, due)))
      .returning({
        savedSearchId: savedSearchMatches.savedSearchId,
        listingId: savedSearchMatches.listingId,
        matchedAt: savedSearchMatches.matchedAt,
      });
    if (claims.length === 0) return { claimed: 0, outboxIds: [] as string[] };
    const found = await publicListings(tx, storage, [...new Set(claims.map((c) => c.listingId))]);
    const messages = groupSearchAlerts(claims, found);
    const searches = messages.length
      ? await tx
          .select({ id: savedSearches.id, name: savedSearches.name, userId: savedSearches.userId, email: user.email })
          .from(savedSearches)
          .innerJoin(user, eq(user.id, savedSearches.userId))
          .where(
            inArray(
              savedSearches.id,
              messages.map((m) => m.savedSearchId),
            ),
          )
      : [];
    const outboxIds: string[] = [];
    for (const m of messages) {
      const search = searches.find((s) => s.id === m.savedSearchId);
      if (!search) continue;
      const n = m.listings.length;
      const link = savedSearchOpenPath(search.id);
      await notifyUser({
        db: tx,
        userId: search.userId,
        type: "saved_search",
        title: `${n} new ${n === 1 ? "machine" : "machines"} for "${search.name}"`,
        message: titles(m.listings),
        link,
      });
      outboxIds.push(
        await writeEmail(
          tx,
          composeEmail("send-search-alert", search.email, {
            searchName: search.name,
            digest: frequency,
            items: m.listings.slice(0, ALERT_EMAIL_ITEMS_MAX).map((l) => item(publicUrl, l)),
            more: Math.max(0, m.listings.length - ALERT_EMAIL_ITEMS_MAX),
            searchUrl: `${publicUrl}${link}`,
            manageUrl: `${publicUrl}/saved-searches`,
            unsubscribeUrl: `${publicUrl}${unsubscribePath(secret, { kind: "search", id: search.id })}`,
          }),
        ),
      );
    }
    return { claimed: claims.length, outboxIds };
  });
}

/** One batch of price-drop alerts. */
async function sendPriceDropBatch(options: SendAlertsOptions) {
  const { db, storage, publicUrl, secret, frequency, now = new Date() } = options;
  return db.transaction(async (tx) => {
    const due = tx
      .selectDistinct({ userId: priceDropAlerts.userId })
      .from(priceDropAlerts)
      .innerJoin(alertPreferences, eq(alertPreferences.userId, priceDropAlerts.userId))
      .where(
        and(
          isNull(priceDropAlerts.notifiedAt),
          eq(alertPreferences.watchlistFrequency, frequency),
          isNull(alertPreferences.stoppedAt),
        ),
      )
      .limit(BATCH);
    const claims = await tx
      .update(priceDropAlerts)
      .set({ notifiedAt: now })
      .where(and(isNull(priceDropAlerts.notifiedAt), inArray(priceDropAlerts.userId, due)))
      .returning({
        userId: priceDropAlerts.userId,
        listingId: priceDropAlerts.listingId,
        oldPrice: priceDropAlerts.oldPrice,
        createdAt: priceDropAlerts.createdAt,
      });
    if (claims.length === 0) return { claimed: 0, outboxIds: [] as string[] };
    const found = await publicListings(tx, storage, [...new Set(claims.map((c) => c.listingId))]);
    const messages = groupPriceDrops(
      claims.map((c) => ({ ...c, oldPrice: Number(c.oldPrice) })),
      found,
    );
    const people = messages.length
      ? await tx
          .select({ id: user.id, email: user.email })
          .from(user)
          .where(
            inArray(
              user.id,
              messages.map((m) => m.userId),
            ),
          )
      : [];
    const outboxIds: string[] = [];
    for (const m of messages) {
      const person = people.find((p) => p.id === m.userId);
      if (!person) continue;
      const first = m.drops[0]!;
      await notifyUser({
        db: tx,
        userId: m.userId,
        type: "price_drop",
        title:
          m.drops.length === 1
            ? `Price drop: ${first.listing.title}`
            : `Price drops on ${m.drops.length} machines you watch`,
        message: m.drops
          .map((d) => `${d.listing.title}: ${formatPrice(d.listing.price)} (was ${formatPrice(d.oldPrice)})`)
          .join("; "),
        link: m.drops.length === 1 ? `/listing/${first.listing.id}` : "/watchlist",
      });
      outboxIds.push(
        await writeEmail(
          tx,
          composeEmail("send-price-drop-alert", person.email, {
            items: m.drops
              .slice(0, ALERT_EMAIL_ITEMS_MAX)
              .map((d) => item(publicUrl, d.listing, `was ${formatPrice(d.oldPrice)}`)),
            watchlistUrl: `${publicUrl}/watchlist`,
            manageUrl: `${publicUrl}/saved-searches`,
            unsubscribeUrl: `${publicUrl}${unsubscribePath(secret, { kind: "watchlist", userId: m.userId })}`,
          }),
        ),
      );
    }
    return { claimed: claims.length, outboxIds };
  });
}

/** Every pending alert of the frequency, batch by batch; returns the outbox rows to queue. */
export async function sendAlerts(options: SendAlertsOptions) {
  const outboxIds: string[] = [];
  for (const batch of [sendSearchBatch, sendPriceDropBatch]) {
    for (;;) {
      const result = await batch(options);
      outboxIds.push(...result.outboxIds);
      if (result.claimed === 0) break;
    }
  }
  return outboxIds;
}
