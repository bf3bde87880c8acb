/**
 * The seller's leads (docs/product.md#requests): every purchase request,
 * offer, viewing request and quote request about the seller's own listings
 * (optionally one listing), newest first, with its status, its history and the
 * answers the seller may give. The platform brokers the deal, so the buyer is
 * only a first name, a province and whether their address is verified: never
 * an e-mail, a phone number, a surname or a company. Ownership is part of the
 * query.
 */
import { and, desc, eq, sql } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { buyers, listings, profiles, sellers, transactions, user, userRequests } from "#db/schema.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { purchaseDetailColumns, requestDetailColumns } from "./request-columns.server.ts";
import { findRequestEvents, requestKey, type RequestEvent } from "./find-request-events.server.ts";
import { allowedRequestMoves, type BuyerRequestKind, type RequestMove, type RequestStatus } from "./request-state.ts";

export const SELLER_LEADS_LIMIT = 100;

export type SellerLead = {
  kind: BuyerRequestKind;
  id: string;
  listingId: string;
  listingTitle: string;
  listingPrice: number;
  /** The buyer's first name only. */
  buyerFirstName: string;
  buyerProvince: string | null;
  buyerVerified: boolean;
  /** The amount on the table: the offer (or the latest counter or new offer), or the purchase request's price. */
  amount: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  quoteType: string | null;
  details: string | null;
  message: string | null;
  status: RequestStatus;
  createdAt: string;
  history: RequestEvent[];
  /** The seller's possible answers now (the state map). */
  moves: RequestMove[];
};

/** "Sipho" from "Sipho Dlamini" (the profile's name, else the account's). */
export const firstName = (name: string) => name.trim().split(/\s+/)[0] || "Buyer";

export async function findSellerLeads(options: {
  db: DbOrTx;
  viewer: Viewer;
  /** Only the requests about this listing (one of the seller's own). */
  listingId?: string;
  limit?: number;
}): Promise<SellerLead[]> {
  const { db, viewer, listingId, limit = SELLER_LEADS_LIMIT } = options;
  if (viewer.role !== "seller") throw new AppError("FORBIDDEN", "Seller Access Required", "Only sellers see requests about their listings.");
  if (listingId !== undefined && !isUuid(listingId)) return [];
  const mine = and(eq(sellers.userId, viewer.userId), listingId ? eq(listings.id, listingId) : undefined);
  const name = sql<string>`coalesce(nullif(trim(${profiles.fullName}), ''), ${user.name})`;
  const common = {
    // Aliased: a UNION's ORDER BY "id" must name one column only.
    listingId: sql<string>`${listings.id}`.as("listing_id"),
    listingTitle: listings.title,
    listingPrice: listings.price,
    buyerName: name.as("buyer_name"),
    buyerProvince: buyers.province,
    buyerVerified: user.emailVerified,
  };
  const requests = db
    .select({
      kind: sql<BuyerRequestKind>`${userRequests.requestType}`.as("kind"),
      id: userRequests.id,
      ...common,
      amount: userRequests.offerAmount,
      ...requestDetailColumns(),
      status: userRequests.status,
      createdAt: userRequests.createdAt,
    })
    .from(userRequests)
    .innerJoin(listings, eq(listings.id, userRequests.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, userRequests.userId))
    .leftJoin(profiles, eq(profiles.userId, userRequests.userId))
    .leftJoin(buyers, eq(buyers.userId, userRequests.userId))
    .where(mine);
  const purchases = db
    .select({
      kind: sql<BuyerRequestKind>`'purchase'`.as("kind"),
      id: transactions.id,
      ...common,
      amount: transactions.amount,
      ...purchaseDetailColumns(),
      status: transactions.status,
      createdAt: transactions.createdAt,
    })
    .from(transactions)
    .innerJoin(listings, eq(listings.id, transactions.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .innerJoin(user, eq(user.id, buyers.userId))
    .leftJoin(profiles, eq(profiles.userId, buyers.userId))
    .where(mine);
  // In a UNION the ORDER BY names the result's columns (created_at, id).
  const rows = await unionAll(requests, purchases)
    .orderBy(desc(userRequests.createdAt), desc(userRequests.id))
    .limit(limit);
  const history = await findRequestEvents({ db, requests: rows });
  return rows.map(({ buyerName, ...r }) => ({
    ...r,
    listingPrice: Number(r.listingPrice),
    buyerFirstName: firstName(buyerName),
    createdAt: new Date(r.createdAt).toISOString(),
    history: history.get(requestKey(r.kind, r.id)) ?? [],
    moves: allowedRequestMoves({ kind: r.kind, status: r.status, by: "seller" }),
  }));
}
