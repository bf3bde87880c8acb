/**
 * The watchlist: the user's saved listings that are still public, newest
 * saved first, with the first photo for the card — one query however many
 * are saved.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { favourites, listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
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
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      price: listings.price,
      category: listings.category,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      sellerName: sellers.fullName,
      expiresOn: listings.expiresOn,
      location: listings.location,
      firstPhoto,
    })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(favourites.userId, userId), isPublicListing()))
    .orderBy(desc(favourites.createdAt))
    .limit(WATCHLIST_MAX);
  return rows.map(({ firstPhoto: key, ...l }) => ({
    ...l,
    price: Number(l.price),
    expiresOn: l.expiresOn.toISOString(),
    imageUrl: key ? imageVariantUrl(storage, key, "card") : null,
  }));
}
