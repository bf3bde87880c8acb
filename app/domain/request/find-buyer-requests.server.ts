/**
 * The admin's Buyer Requests tab (user_requests with the listing title and
 * price and the buyer's profile name): offers, viewings and quotes
 * (`user_requests`) and purchase requests (`transactions`) in one list, newest
 * first, 25 a page — one UNION ALL query, so paging is exact across both
 * tables.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { buyers, listings, profiles, transactions, user, userRequests } from "#db/schema.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { allowedRequestStatuses, type BuyerRequestKind, type RequestStatus } from "./request-state.ts";
import { findRequestEvents, requestKey, type RequestEvent } from "./find-request-events.server.ts";
import { purchaseDetailColumns, requestDetailColumns } from "./request-columns.server.ts";

export const BUYER_REQUESTS_PAGE_SIZE = 25;

export type BuyerRequest = {
  kind: BuyerRequestKind;
  id: string;
  listingId: string | null;
  listingTitle: string | null;
  listingPrice: number | null;
  buyerUserId: string;
  buyerName: string;
  buyerEmail: string;
  /** The offer amount, or the purchase request's amount (the listing price when asked). */
  amount: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  quoteType: string | null;
  details: string | null;
  message: string | null;
  status: RequestStatus;
  createdAt: string;
  /** Where the admin may move it next (the state map). */
  next: readonly RequestStatus[];
  /** The negotiation between buyer and seller, oldest first. */
  history: RequestEvent[];
};

/** Deals (accepted offers and purchase requests) waiting for the admin: shown above the list, oldest first. */
export const OPEN_DEALS_LIMIT = 50;

function requestRows(db: DbOrTx, only?: "deals") {
  const buyerName = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.name})`;

  const requests = db
    .select({
      kind: sql<BuyerRequestKind>`${userRequests.requestType}`.as("kind"),
      id: userRequests.id,
      listingId: userRequests.listingId,
      listingTitle: listings.title,
      listingPrice: listings.price,
      buyerUserId: userRequests.userId,
      buyerName: buyerName.as("buyer_name"),
      buyerEmail: user.email,
      amount: userRequests.offerAmount,
      ...requestDetailColumns(),
      status: userRequests.status,
      createdAt: userRequests.createdAt,
    })
    .from(userRequests)
    .innerJoin(user, eq(user.id, userRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, userRequests.userId))
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .where(only ? and(eq(userRequests.requestType, "offer"), eq(userRequests.status, "accepted")) : undefined);

  const purchases = db
    .select({
      kind: sql<BuyerRequestKind>`'purchase'`.as("kind"),
      id: transactions.id,
      listingId: transactions.listingId,
      listingTitle: listings.title,
      listingPrice: listings.price,
      buyerUserId: buyers.userId,
      buyerName: buyerName.as("buyer_name"),
      buyerEmail: user.email,
      amount: transactions.amount,
      ...purchaseDetailColumns(),
      status: transactions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .innerJoin(user, eq(user.id, buyers.userId))
    .leftJoin(profiles, eq(profiles.userId, buyers.userId))
    .leftJoin(listings, eq(listings.id, transactions.listingId))
    .where(only ? inArray(transactions.status, ["accepted"]) : undefined);

  return unionAll(requests, purchases);
}

type Row = Awaited<ReturnType<typeof requestRows>>[number];

async function withHistory(db: DbOrTx, rows: Row[]): Promise<BuyerRequest[]> {
  const history = await findRequestEvents({ db, requests: rows });
  return rows.map((r) => ({
    ...r,
    listingPrice: r.listingPrice === null ? null : Number(r.listingPrice),
    createdAt: new Date(r.createdAt).toISOString(),
    next: allowedRequestStatuses(r.status, r.kind),
    history: history.get(requestKey(r.kind, r.id)) ?? [],
  }));
}

export async function findBuyerRequests(options: {
  db: DbOrTx;
  viewer: Viewer;
  page?: number;
  pageSize?: number;
}): Promise<{ requests: BuyerRequest[]; deals: BuyerRequest[]; page: number; hasNext: boolean }> {
  const { db, viewer } = options;
  assertAdmin(viewer);
  const pageSize = options.pageSize ?? BUYER_REQUESTS_PAGE_SIZE;
  const page = Number.isSafeInteger(options.page) && options.page! > 0 ? options.page! : 1;

  // In a UNION the ORDER BY names the result's columns (created_at, id).
  const rows = await requestRows(db)
    .orderBy(desc(userRequests.createdAt), desc(userRequests.id))
    .limit(pageSize + 1)
    .offset((page - 1) * pageSize);
  const deals = await requestRows(db, "deals").orderBy(userRequests.createdAt, userRequests.id).limit(OPEN_DEALS_LIMIT);

  return {
    page,
    hasNext: rows.length > pageSize,
    requests: await withHistory(db, rows.slice(0, pageSize)),
    deals: await withHistory(db, deals),
  };
}
