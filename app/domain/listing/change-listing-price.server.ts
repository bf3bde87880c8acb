/**
 * A seller changes the price of their own listing (docs/product.md#listing-lifecycle): it applies at
 * once, without a new review, and is recorded in the price history with an audit row, in one
 * transaction. Only the listing's seller; never on a sold listing; the same price changes nothing.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { listingPriceChanges, listings, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { formatPrice } from "#app/lib/format.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { recordPriceDrop } from "#app/domain/alert/record-price-drop.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { maySellerChangePrice, PRICE_DROP_SHOWN_DAYS } from "./listing-state.ts";

const FAILED = "Price not changed";

export async function changeListingPrice(options: {
  db: DbOrTx;
  viewer: Pick<Viewer, "userId">;
  listingId: string;
  /** The new price as the form's schema gives it ("1450000", "1450000.50"). */
  price: string;
}) {
  const { db, viewer, listingId, price } = options;
  return db.transaction(async (tx) => {
    const [listing] = await tx
      .select({
        id: listings.id,
        title: listings.title,
        price: listings.price,
        status: listings.status,
        adminStatus: listings.adminStatus,
      })
      .from(listings)
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)))
      .for("update", { of: listings });
    if (!listing) throw new AppError("NOT_FOUND", FAILED, "Listing not found.");
    if (!maySellerChangePrice(listing)) {
      throw new AppError("CONFLICT", FAILED, "A sold listing's price cannot change.");
    }
    if (Number(listing.price) === Number(price)) return { title: listing.title, changed: false, price: Number(price) };
    await tx.update(listings).set({ price, updatedAt: new Date() }).where(eq(listings.id, listing.id));
    await recordPriceChange({
      db: tx,
      listingId: listing.id,
      oldPrice: listing.price,
      newPrice: price,
      changedBy: viewer.userId,
    });
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "listing.price-change",
      entity: "listing",
      entityId: listing.id,
      before: { price: listing.price },
      after: { price },
    });
    return { title: listing.title, changed: true, price: Number(price) };
  });
}

/**
 * One row of the price history (the listing page's "Reduced from"), written in the change's transaction;
 * a drop also tells the listing's watchers (record-price-drop.server.ts).
 */
export async function recordPriceChange(options: {
  db: DbOrTx;
  listingId: string;
  oldPrice: string;
  newPrice: string;
  changedBy: string;
}) {
  const { db, ...row } = options;
  await db.insert(listingPriceChanges).values(row);
  await recordPriceDrop({ db, listingId: row.listingId, oldPrice: row.oldPrice, newPrice: row.newPrice });
}

/** The message the seller sees after a change. */
export function priceChangedMessage(result: { title: string; changed: boolean; price: number }) {
  return result.changed
    ? `"${result.title}" now costs ${formatPrice(result.price)}.`
    : `"${result.title}" already costs ${formatPrice(result.price)}.`;
}

/**
 * The price a listing was reduced from: the highest price it had in the last 30 days, when above
 * today's (null otherwise, and for a listing whose price never changed).
 */
export async function reducedFrom(options: { db: DbOrTx; listingId: string; price: number; now?: Date }) {
  const { db, listingId, price, now = new Date() } = options;
  const since = new Date(now.getTime() - PRICE_DROP_SHOWN_DAYS * 86_400_000);
  const [row] = await db
    .select({ highest: sql<string | null>`max(${listingPriceChanges.oldPrice})` })
    .from(listingPriceChanges)
    .where(and(eq(listingPriceChanges.listingId, listingId), gte(listingPriceChanges.changedAt, since)));
  const highest = row?.highest ? Number(row.highest) : null;
  return highest !== null && highest > price ? highest : null;
}
