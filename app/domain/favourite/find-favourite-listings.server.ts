/**
 * The watchlist: the user's saved listings that are still public, newest
 * saved first, as cards with their first photo — one query however many are
 * saved.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { favourites, listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { cardColumns, toListingCard } from "#app/domain/listing/find-listings.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";

/** The most a watchlist shows. */
export const WATCHLIST_MAX = 200;

export async function findFavouriteListings(options: { db: DbOrTx; storage: Storage; userId: string }) {
  const { db, storage, userId } = options;
  const firstPhoto = sql<string | null>`(
    select ${listingImages.storageKey} from ${listingImages}
    where ${listingImages.listingId} = ${listings.id}
    order by ${listingImages.position} asc
    limit 1
  )`;
  const rows = await db
    .select({ ...cardColumns, firstPhoto })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(favourites.userId, userId), isPublicListing()))
    .orderBy(desc(favourites.createdAt))
    .limit(WATCHLIST_MAX);
  return rows.map(({ firstPhoto: key, ...row }) =>
    toListingCard(row, key ? imageVariantUrl(storage, key, "card") : null),
  );
}
