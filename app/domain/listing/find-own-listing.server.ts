/**
 * One of the seller's own listings for its page on the dashboard side: what it is, its badge, its
 * analytics (views per day, requests per week). Ownership is in the query: another seller's listing is
 * not found.
 */
import { and, eq } from "drizzle-orm";
import { listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { findSellerAnalytics } from "./find-seller-analytics.server.ts";
import { badgeColumns } from "./find-seller-listings.server.ts";
import { listingBadge } from "./listing-state.ts";

export async function findOwnListing(options: { db: DbOrTx; viewer: Pick<Viewer, "userId">; listingId: string }) {
  const { db, viewer, listingId } = options;
  if (!isUuid(listingId)) return null;
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      price: listings.price,
      ...badgeColumns,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)));
  if (!row) return null;
  const analytics = await findSellerAnalytics({ db, userId: viewer.userId, listingId: row.id });
  return {
    listing: { id: row.id, title: row.title, price: Number(row.price), badge: listingBadge(row) },
    analytics,
  };
}
