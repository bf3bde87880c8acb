/**
 * Reads for the buyer dashboard: the buyer's own requests (user_requests, plus purchase requests from
 * transactions, newest first, with the listing title) and the public listings a request may name. Ownership is
 * part of the query.
 */
import type { VatMode } from "#db/vocabulary.ts";
import { and, desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { buyers, listings, transactions, userRequests } from "#db/schema.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { allowedRequestMoves, type BuyerRequestKind, type RequestMove, type RequestStatus } from "./request-state.ts";
import { findRequestEvents, requestKey, type RequestEvent } from "./find-request-events.server.ts";
import { purchaseDetailColumns, requestDetailColumns } from "./request-columns.server.ts";

export const REQUESTABLE_LISTINGS_LIMIT = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const OWN_REQUESTS_LIMIT = 50;

export type OwnRequest = {
  id: string;
  /** Offers, viewings and quotes (user_requests) and purchase requests (transactions). */
  requestType: BuyerRequestKind;
  listingId: string | null;
  listingTitle: string | null;
  /** The offer amount, or the purchase request's amount. */
  offerAmount: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  quoteType: string | null;
  details: string | null;
  message: string | null;
  status: RequestStatus;
  createdAt: string;
  /** The negotiation so far (the seller's counters, the buyer's answers), oldest first. */
  history: RequestEvent[];
  /** The buyer's possible answers now (the state map): accept a counter, make a new offer, withdraw. */
  moves: RequestMove[];
};

/** The signed-in user's own requests and purchase requests, newest first (one UNION ALL query). */
export async function findUserRequests(options: { db: DbOrTx; userId: string; limit?: number }): Promise<OwnRequest[]> {
  const { db, userId, limit = OWN_REQUESTS_LIMIT } = options;
  const requests = db
    .select({
      id: userRequests.id,
      requestType: sql<BuyerRequestKind>`${userRequests.requestType}`.as("request_type"),
      listingId: userRequests.listingId,
      listingTitle: listings.title,
      offerAmount: userRequests.offerAmount,
      ...requestDetailColumns(),
      status: userRequests.status,
      createdAt: userRequests.createdAt,
    })
    .from(userRequests)
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .where(eq(userRequests.userId, userId));
  const purchases = db
    .select({
      id: transactions.id,
      requestType: sql<BuyerRequestKind>`'purchase'`.as("request_type"),
      listingId: transactions.listingId,
      listingTitle: listings.title,
      offerAmount: transactions.amount,
      ...purchaseDetailColumns(),
      status: transactions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .leftJoin(listings, eq(listings.id, transactions.listingId))
    .where(eq(buyers.userId, userId));
  // In a UNION the ORDER BY names the result's columns (created_at, id).
  const rows = await unionAll(requests, purchases)
    .orderBy(desc(userRequests.createdAt), desc(userRequests.id))
    .limit(limit);
  const history = await findRequestEvents({ db, requests: rows.map((r) => ({ kind: r.requestType, id: r.id })) });
  return rows.map((r) => ({
    ...r,
    createdAt: new Date(r.createdAt).toISOString(),
    history: history.get(requestKey(r.requestType, r.id)) ?? [],
    moves: allowedRequestMoves({ kind: r.requestType, status: r.status, by: "buyer" }),
  }));
}

/** A listing a request may name, with its price for the confirmation's amounts. */
export type RequestableListing = { id: string; title: string; price: number; vat: VatMode | null };

const withPrice = (l: { id: string; title: string; price: string; vat: VatMode | null }): RequestableListing => ({ ...l, price: Number(l.price) });

/**
 * Public listings a request may name: the newest 100, plus `include` (a
 * listing preselected by `?listing=`) when it is public but older.
 */
export async function findRequestableListings(options: { db: DbOrTx; include?: string }): Promise<RequestableListing[]> {
  const { db, include } = options;
  const columns = { id: listings.id, title: listings.title, price: listings.price, vat: listings.vat };
  const newest = (
    await db
      .select(columns)
      .from(listings)
      .where(isPublicListing())
      .orderBy(desc(listings.createdOn), desc(listings.id))
      .limit(REQUESTABLE_LISTINGS_LIMIT)
  ).map(withPrice);
  if (!include || !UUID.test(include) || newest.some((l) => l.id === include)) return newest;
  const [extra] = await db
    .select(columns)
    .from(listings)
    .where(and(eq(listings.id, include), isPublicListing()))
    .limit(1);
  return extra ? [withPrice(extra), ...newest] : newest;
}
