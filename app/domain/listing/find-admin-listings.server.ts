import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { and, asc, desc, eq, inArray, type SQL } from "drizzle-orm";
import { cursorAfter, newestCursorValue, olderThan } from "./find-listings.server.ts";
import { listingImages, listings, sellers, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import { mandateSignedSql } from "#app/domain/mandate/mandate-signed.server.ts";
import { allowedActions } from "./listing-state.ts";
import { isUuid } from "#app/lib/uuid.ts";

export const ADMIN_FILTERS = ["pending", "approved", "rejected", "sold", "all"] as const;
export type AdminFilter = (typeof ADMIN_FILTERS)[number];

function filterWhere(filter: AdminFilter): SQL | undefined {
  if (filter === "pending") return eq(listings.adminStatus, "pending");
  if (filter === "approved")
    return and(eq(listings.adminStatus, "approved"), inArray(listings.status, ["approved", "pending"]));
  if (filter === "rejected") return eq(listings.adminStatus, "rejected");
  if (filter === "sold") return eq(listings.status, "sold");
  return undefined;
}

/**
 * What the admin sees of a listing and moderation decides on (select from
 * listings joined to sellers and the seller's user).
 */
export const MODERATION_COLUMNS = {
  id: listings.id,
  title: listings.title,
  description: listings.description,
  price: listings.price,
  category: listings.category,
  isUrgent: listings.isUrgent,
  isBargain: listings.isBargain,
  status: listings.status,
  adminStatus: listings.adminStatus,
  sellerEmail: user.email,
  mandateSigned: mandateSignedSql,
};

export const ADMIN_PAGE_SIZE = 50;

/**
 * The admin's listings, newest first, with seller name, e-mail and whether the seller is verified, a page at
 * a time: `cursor` (from the previous page's `nextCursor`) continues after
 * the last row shown, so no listing is ever out of reach however long the
 * queue grows.
 */
export async function findAdminListings(options: {
  db: DbOrTx;
  storage: Storage;
  filter: AdminFilter;
  cursor?: string;
  limit?: number;
}) {
  const limit = options.limit ?? ADMIN_PAGE_SIZE;
  const found = await options.db
    .select({
      ...MODERATION_COLUMNS,
      createdOn: listings.createdOn,
      expiresOn: listings.expiresOn,
      sellerName: sellers.fullName,
      // The admin weighs an unverified seller's listing with more care (docs/product.md#verified-sellers).
      sellerVerified: sellers.isVerified,
      cursorValue: newestCursorValue(),
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(and(filterWhere(options.filter), olderThan(options.cursor)))
    .orderBy(desc(listings.createdOn), desc(listings.id))
    .limit(limit + 1);
  const rows = found.slice(0, limit);
  const last = rows.at(-1);
  const nextCursor = found.length > limit && last ? cursorAfter(last) : null;
  const ids = rows.map((r) => r.id);
  const images = ids.length
    ? await options.db
        .select({ listingId: listingImages.listingId, storageKey: listingImages.storageKey })
        .from(listingImages)
        .where(inArray(listingImages.listingId, ids))
        .orderBy(asc(listingImages.position))
    : [];
  const first = new Map<string, string>();
  for (const img of images) if (!first.has(img.listingId)) first.set(img.listingId, img.storageKey);
  const items = rows.map(({ cursorValue: _c, ...r }) => ({
    ...r,
    sellerVerified: Boolean(r.sellerVerified),
    price: Number(r.price),
    createdOn: r.createdOn.toISOString(),
    expiresOn: r.expiresOn.toISOString(),
    imageUrl: first.has(r.id) ? imageVariantUrl(options.storage, first.get(r.id)!, "thumb") : null,
    actions: allowedActions(r),
  }));
  return { listings: items, nextCursor };
}

export async function getListingForEdit(options: { db: DbOrTx; id: string }) {
  const { db, id } = options;
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({
      id: listings.id,
      title: listings.title,
      description: listings.description,
      price: listings.price,
      category: listings.category,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      ...machineSpecColumns,
    })
    .from(listings)
    .where(eq(listings.id, id));
  return row ?? null;
}
