/**
 * One public listing with all its photos, and the key its views are counted
 * by (record-listing-view.server.ts: once per viewer per day; the seller's
 * own views don't count).
 * Its seller and the admins may also open it before it is public (pending,
 * rejected, sold, expired): a preview, with the badge the dashboard shows.
 * Its seller comes as the public knows them: the display name, the Verified
 * seller flag, and whether their page can be linked (not for a banned seller).
 */
import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { listingImages, listings, profiles, sellers, user } from "#db/schema.ts";
import { sellerDisplayName } from "#app/domain/seller/seller-name.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isPublicListing } from "./listing-visibility.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { listingBadge } from "./listing-state.ts";
import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { maskSerial } from "./machine-specs.ts";

/**
 * The listing if `previewer` may see it: anyone when it is public; only its seller or an admin otherwise.
 * `preview` is null for a public listing, else the dashboard badge ("Pending", "Rejected", "Sold", …).
 */
export async function getPublicListing(options: {
  db: DbOrTx;
  storage: Storage;
  id: string;
  previewer?: Pick<Viewer, "userId" | "isAdmin"> | null;
}) {
  const { db, storage, id, previewer } = options;
  if (!isUuid(id)) return null;
  const [row] = await db
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
      createdOn: listings.createdOn,
      expiresOn: listings.expiresOn,
      sellerId: listings.sellerId,
      sellerUserId: sellers.userId,
      sellerName: sellers.fullName,
      sellerVerified: sellers.isVerified,
      sellerType: sellers.sellerType,
      sellerCompanyName: profiles.companyName,
      sellerProfileName: profiles.fullName,
      sellerBanned: user.banned,
      isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)`,
      status: listings.status,
      adminStatus: listings.adminStatus,
      archived: listings.archived,
      ...machineSpecColumns,
      // The photos in the same query, in their order (one round trip for the page, not two).
      images: sql<{ storageKey: string; width: number | null; height: number | null }[]>`(
        select coalesce(json_agg(json_build_object('storageKey', ${listingImages.storageKey}, 'width', ${listingImages.width}, 'height', ${listingImages.height}) order by ${listingImages.position}), '[]'::json)
        from ${listingImages} where ${listingImages.listingId} = ${listings.id})`,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .leftJoin(profiles, eq(profiles.userId, sellers.userId))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return null;
  const mayPreview = Boolean(previewer && (previewer.isAdmin || previewer.userId === row.sellerUserId));
  if (!row.isPublic && !mayPreview) return null;
  const {
    isPublic,
    status,
    adminStatus,
    archived,
    sellerVerified,
    sellerType,
    sellerCompanyName,
    sellerProfileName,
    sellerBanned,
    images,
    ...listing
  } = row;
  return {
    ...listing,
    // The serial number whole for its seller and the admins; the last four characters for everyone else.
    serial: mayPreview ? listing.serial : maskSerial(listing.serial),
    preview: isPublic ? null : listingBadge({ status, adminStatus, archived, expiresOn: row.expiresOn }),
    seller: {
      id: row.sellerId,
      name: sellerDisplayName({
        sellerType,
        companyName: sellerCompanyName,
        fullName: row.sellerName,
        profileName: sellerProfileName,
      }),
      isVerified: sellerVerified === true,
      /** A banned seller has no public page (it answers 404): their name is shown without a link. */
      hasPage: !sellerBanned,
    },
    price: Number(row.price),
    createdOn: row.createdOn.toISOString(),
    expiresOn: row.expiresOn.toISOString(),
    images: images.map((img) => ({
      thumb: imageVariantUrl(storage, img.storageKey, "thumb"),
      card: imageVariantUrl(storage, img.storageKey, "card"),
      full: imageVariantUrl(storage, img.storageKey, "full"),
      width: img.width,
      height: img.height,
    })),
  };
}

/** A stable, non-identifying key for a visitor: a hash of address and browser. */
export function visitorKey(input: { userId?: string | null; ip: string; userAgent: string; secret: string }) {
  if (input.userId) return `u:${input.userId}`;
  return `v:${createHash("sha256").update(`${input.secret}|${input.ip}|${input.userAgent}`).digest("base64url").slice(0, 32)}`;
}
