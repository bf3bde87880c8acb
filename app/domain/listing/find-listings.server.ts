import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isPublicListing } from "./listing-visibility.server.ts";

export type ListingCard = {
  id: string;
  title: string;
  description: string;
  price: number;
  category: string;
  condition: string;
  location: string;
  isUrgent: boolean;
  isBargain: boolean;
  sellerName: string | null;
  createdOn: string;
  expiresOn: string;
  imageUrl: string | null;
};

/** Newest public listings (the catalog's first page). */
export async function findPublicListings(options: { db: DbOrTx; storage: Storage; limit?: number; bargainOnly?: boolean }) {
  const { db, storage, limit = 24 } = options;
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      price: listings.price,
      category: listings.category,
      condition: listings.condition,
      location: listings.location,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      sellerName: sellers.fullName,
      createdOn: listings.createdOn,
      expiresOn: listings.expiresOn,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(options.bargainOnly ? and(isPublicListing(), eq(listings.isBargain, true)) : isPublicListing())
    .orderBy(desc(listings.createdOn), desc(listings.id))
    .limit(limit);
  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await db
        .select({ listingId: listingImages.listingId, storageKey: listingImages.storageKey, position: listingImages.position })
        .from(listingImages)
        .where(inArray(listingImages.listingId, ids))
        .orderBy(asc(listingImages.position))
    : [];
  const firstImage = new Map<string, string>();
  for (const img of images) if (!firstImage.has(img.listingId)) firstImage.set(img.listingId, img.storageKey);
  return rows.map(
    (r): ListingCard => ({
      ...r,
      price: Number(r.price),
      createdOn: r.createdOn.toISOString(),
      expiresOn: r.expiresOn.toISOString(),
      imageUrl: firstImage.has(r.id) ? storage.publicUrl(`${firstImage.get(r.id)}-card.webp`) : null,
    }),
  );
}
