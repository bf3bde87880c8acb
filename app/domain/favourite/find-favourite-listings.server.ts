/**
 * The watchlist: the user's saved listings, newest saved first, as cards with their first photo, the
 * price when saved (to show any drop since) and where each stands now — a machine sold, withdrawn or
 * expired stays on the list and says so (without its photo or page, which are no longer public) until
 * the buyer removes it. One query however many are saved.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { favourites, listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { cardColumns, toListingCard } from "#app/domain/listing/find-listings.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import type { WatchedState } from "./favourite-rules.ts";

/** The most a watchlist shows. */
export const WATCHLIST_MAX = 200;

export async function findFavouriteListings(options: { db: DbOrTx; storage: Storage; userId: string }) {
  const { db, storage, userId } = options;
  const isPublic = sql<boolean>`(${isPublicListing()})`;
  const firstPhoto = sql<string | null>`(
    select ${listingImages.storageKey} from ${listingImages}
    where ${listingImages.listingId} = ${listings.id} and ${isPublicListing()}
    order by ${listingImages.position} asc
    limit 1
  )`;
  const rows = await db
    .select({
      ...cardColumns,
      firstPhoto,
      isPublic,
      status: listings.status,
      archived: listings.archived,
      expired: sql<boolean>`(${listings.expired} or ${listings.expiresOn} <= now())`,
      savedPrice: favourites.savedPrice,
    })
    .from(favourites)
    .innerJoin(listings, eq(listings.id, favourites.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(favourites.userId, userId)))
    .orderBy(desc(favourites.createdAt))
    .limit(WATCHLIST_MAX);
  return rows.map(({ firstPhoto: key, isPublic: open, status, archived, expired, savedPrice, ...row }) => {
    const state: WatchedState = open
      ? "available"
      : status === "sold"
        ? "sold"
        : archived
          ? "withdrawn"
          : expired
            ? "expired"
            : "unavailable";
    const price = Number(row.price);
    const was = savedPrice === null ? null : Number(savedPrice);
    return {
      ...toListingCard(row, key ? imageVariantUrl(storage, key, "card") : null),
      state,
      /** The price when saved, when the price is lower now. */
      droppedFrom: was !== null && was > price ? was : null,
    };
  });
}
