/**
 * The machines of a comparison (/compare): public listings only, in the order
 * asked for, at most three; ids that are malformed, unknown or not public are
 * left out without a word. Each comes with what a public card shows and its
 * spec rows' details, the serial number masked as for any visitor.
 */
import { and, eq, inArray } from "drizzle-orm";
import { listingImages, listings, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { parseCompareIds } from "./compare-selection.ts";
import { isPublicListing } from "./listing-visibility.server.ts";
import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { maskSerial } from "./machine-specs.ts";

export type FindComparedListingsOptions = {
  db: DbOrTx;
  storage: Storage;
  /** As the address gives them: read with parseCompareIds (malformed ignored, repeats dropped, first three). */
  ids: string | readonly string[];
};

export async function findComparedListings(options: FindComparedListingsOptions) {
  const { db, storage } = options;
  const ids = parseCompareIds(options.ids);
  if (!ids.length) return [];
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      price: listings.price,
      category: listings.category,
      condition: listings.condition,
      location: listings.location,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      sellerName: sellers.fullName,
      ...machineSpecColumns,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(inArray(listings.id, ids), isPublicListing()));
  const photos = rows.length
    ? await db
        .select({ listingId: listingImages.listingId, storageKey: listingImages.storageKey })
        .from(listingImages)
        .where(
          and(
            inArray(
              listingImages.listingId,
              rows.map((r) => r.id),
            ),
            eq(listingImages.position, 0),
          ),
        )
    : [];
  const photoOf = new Map(photos.map((p) => [p.listingId, imageVariantUrl(storage, p.storageKey, "card")]));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        ...row,
        price: Number(row.price),
        serial: maskSerial(row.serial),
        imageUrl: photoOf.get(id) ?? null,
      },
    ];
  });
}

export type ComparedListing = Awaited<ReturnType<typeof findComparedListings>>[number];
