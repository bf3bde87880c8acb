/**
 * The lean lookup of one public listing: what a purchase request, an offer or
 * the watchlist needs (id, status, price, seller, title), without photos and
 * without counting a view. The listing page reads more (`getPublicListing`).
 */
import { and, eq } from "drizzle-orm";
import type { VatMode } from "#db/vocabulary.ts";
import { listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { isPublicListing } from "./listing-visibility.server.ts";

export type ListingSummary = {
  id: string;
  title: string;
  price: number;
  status: string;
  sellerId: string;
  sellerName: string | null;
  vat: VatMode | null;
};

const summaryColumns = {
  id: listings.id,
  title: listings.title,
  price: listings.price,
  status: listings.status,
  sellerId: listings.sellerId,
  sellerName: sellers.fullName,
  vat: listings.vat,
};

/** The listing while it is public, else null (an id that is not a UUID too). */
export async function getListingSummary(options: { db: DbOrTx; id: string }): Promise<ListingSummary | null> {
  const { db, id } = options;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select(summaryColumns)
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(listings.id, id), isPublicListing()))
    .limit(1);
  return row ? { ...row, price: Number(row.price) } : null;
}
