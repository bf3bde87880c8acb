/** Favourites (the watchlist), saved on the server per user. */
import { and, eq, inArray } from "drizzle-orm";
import { favourites, listings } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import type { Role } from "#app/domain/user/viewer.ts";
import { BUYER_ACCOUNT_REQUIRED, maySaveFavourites } from "./favourite-rules.ts";

/**
 * Adds or removes a favourite; only public listings can be added, and (when
 * the caller's role is given) only by a buyer. Idempotent. Returns the new state.
 */
export async function toggleFavourite(options: {
  db: DbOrTx;
  userId: string;
  listingId: string;
  favourite?: boolean;
  role?: Role | null;
}) {
  const { db, userId, listingId } = options;
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", "Not found", "Listing not found.");
  const [existing] = await db
    .select({ id: favourites.id })
    .from(favourites)
    .where(and(eq(favourites.userId, userId), eq(favourites.listingId, listingId)));
  const want = options.favourite ?? !existing;
  if (!want) {
    if (existing) await db.delete(favourites).where(eq(favourites.id, existing.id));
    return false;
  }
  if (existing) return true;
  if (options.role !== undefined && !maySaveFavourites({ role: options.role })) {
    throw new AppError("FORBIDDEN", BUYER_ACCOUNT_REQUIRED.title, BUYER_ACCOUNT_REQUIRED.message);
  }
  const [visible] = await db
    .select({ id: listings.id, price: listings.price })
    .from(listings)
    .where(and(eq(listings.id, listingId), isPublicListing()));
  if (!visible) throw new AppError("NOT_FOUND", "Not found", "Listing not found.");
  // The price when saved: the watchlist shows any drop since.
  await db.insert(favourites).values({ userId, listingId, savedPrice: visible.price }).onConflictDoNothing();
  return true;
}

/** Which of these listings the user has favourited. */
export async function favouriteIds(options: { db: DbOrTx; userId: string; listingIds: string[] }) {
  if (options.listingIds.length === 0) return [];
  const rows = await options.db
    .select({ listingId: favourites.listingId })
    .from(favourites)
    .where(and(eq(favourites.userId, options.userId), inArray(favourites.listingId, options.listingIds)));
  return rows.map((r) => r.listingId);
}
