/**
 * Reads for the buyer dashboard: the buyer's own requests (spec §7
 * user_requests, newest first, with the listing title) and the public
 * listings a request may name. Ownership is part of the query.
 */
import { and, desc, eq } from "drizzle-orm";
import { listings, userRequests } from "#db/schema.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export const REQUESTABLE_LISTINGS_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const OWN_REQUESTS_LIMIT = 50;

export type OwnRequest = {
  id: string;
  requestType: "offer" | "viewing" | "quote";
  listingId: string | null;
  listingTitle: string | null;
  offerAmount: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  quoteType: string | null;
  details: string | null;
  message: string | null;
  status: "new" | "contacted" | "closed";
  createdAt: string;
};

/** The signed-in user's own requests, newest first. */
export async function findUserRequests(options: { db: DbOrTx; userId: string; limit?: number }): Promise<OwnRequest[]> {
  const { db, userId, limit = OWN_REQUESTS_LIMIT } = options;
  const rows = await db
    .select({
      id: userRequests.id,
      requestType: userRequests.requestType,
      listingId: userRequests.listingId,
      listingTitle: listings.title,
      offerAmount: userRequests.offerAmount,
      preferredDate: userRequests.preferredDate,
      preferredTime: userRequests.preferredTime,
      quoteType: userRequests.quoteType,
      details: userRequests.details,
      message: userRequests.message,
      status: userRequests.status,
      createdAt: userRequests.createdAt,
    })
    .from(userRequests)
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .where(eq(userRequests.userId, userId))
    .orderBy(desc(userRequests.createdAt), desc(userRequests.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export type RequestableListing = { id: string; title: string };

/**
 * Public listings a request may name: the newest 100, plus `include` (a
 * listing preselected by `?listing=`) when it is public but older.
 */
export async function findRequestableListings(options: { db: DbOrTx; include?: string }): Promise<RequestableListing[]> {
  const { db, include } = options;
  const newest = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(isPublicListing())
    .orderBy(desc(listings.createdOn), desc(listings.id))
    .limit(REQUESTABLE_LISTINGS_LIMIT);
  if (!include || !UUID.test(include) || newest.some((l) => l.id === include)) return newest;
  const [extra] = await db
    .select({ id: listings.id, title: listings.title })
    .from(listings)
    .where(and(eq(listings.id, include), isPublicListing()))
    .limit(1);
  return extra ? [extra, ...newest] : newest;
}
