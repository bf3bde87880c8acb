/**
 * The reminder that a listing's mandate ends soon (docs/product.md#listing-lifecycle): REMIND_BEFORE_DAYS
 * before `expires_on`, its seller gets an e-mail and a notification with the one-click Renew link, once per
 * term. The conditional UPDATE … RETURNING claims each listing: of several instances (or a rerun after a
 * restart) only the one whose update returned the row writes its reminder; a renewal clears the mark.
 */
import { and, eq, gt, inArray, isNull, lte, ne } from "drizzle-orm";
import { listings, sellers, user } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { formatLongDate } from "#app/lib/format.ts";
import { writeEmail } from "#app/lib/mailer.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { mandateSignedSql } from "#app/domain/mandate/mandate-signed.server.ts";
import { daysUntilExpiry, REMIND_BEFORE_DAYS } from "./listing-state.ts";

/** The page the reminder leads to (after sign-in if needed). */
export const renewalPath = (listingId: string) => `/seller/renew/${listingId}`;

export type RemindExpiringListingsOptions = { db: Db; publicUrl: string; now?: Date };

/** Writes the due reminders in one transaction; returns the listings reminded and their outbox rows (to queue after commit). */
export async function remindExpiringListings(options: RemindExpiringListingsOptions) {
  const { db, publicUrl, now = new Date() } = options;
  const horizon = new Date(now.getTime() + REMIND_BEFORE_DAYS * 86_400_000);
  return db.transaction(async (tx) => {
    // The listings that may still renew (listing-state.ts nextRenewal) and end within the horizon.
    const due = await tx
      .update(listings)
      .set({ expiryRemindedAt: now })
      .where(
        and(
          isNull(listings.expiryRemindedAt),
          eq(listings.expired, false),
          eq(listings.archived, false),
          ne(listings.status, "sold"),
          ne(listings.adminStatus, "rejected"),
          gt(listings.expiresOn, now),
          lte(listings.expiresOn, horizon),
          mandateSignedSql,
        ),
      )
      .returning({ id: listings.id, title: listings.title, sellerId: listings.sellerId, expiresOn: listings.expiresOn });
    if (due.length === 0) return [];
    const people = await tx
      .select({ sellerId: sellers.id, userId: user.id, email: user.email })
      .from(sellers)
      .innerJoin(user, eq(user.id, sellers.userId))
      .where(inArray(sellers.id, [...new Set(due.map((d) => d.sellerId))]));
    const reminded: { listingId: string; outboxId: string }[] = [];
    for (const listing of due) {
      const seller = people.find((p) => p.sellerId === listing.sellerId);
      if (!seller) continue;
      const days = daysUntilExpiry(listing.expiresOn, now);
      const expiresOn = formatLongDate(listing.expiresOn);
      const link = renewalPath(listing.id);
      await notifyUser({
        db: tx,
        userId: seller.userId,
        type: "listing_status",
        title: `Listing expires soon: ${listing.title}`,
        message: `Its mandate ends on ${expiresOn}. Renew it for 90 more days to keep it on the market.`,
        link,
      });
      const outboxId = await writeEmail(
        tx,
        composeEmail("send-expiry-reminder", seller.email, {
          listingTitle: listing.title,
          expiresOn,
          days,
          url: `${publicUrl}${link}`,
        }),
      );
      reminded.push({ listingId: listing.id, outboxId });
    }
    return reminded;
  });
}
