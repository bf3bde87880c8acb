/**
 * The admin moves a buyer request along the state map (request-state.ts):
 * the row's status, the buyer's notification, a history row and an audit row,
 * in one transaction. The row is locked first so two admins cannot both move
 * it. Closing a deal as sold also marks its listing sold through the listing
 * state map (notifying the seller, with an e-mail when a mailer is given).
 */
import { and, eq } from "drizzle-orm";
import { buyers, listings, requestEvents, sellers, transactions, user, userRequests } from "#db/schema.ts";
import { nextListingState } from "#app/domain/listing/listing-state.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { ReceiptMailer } from "./request-receipt.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db, Tx } from "#app/lib/db.server.ts";
import {
  BUYER_REQUEST_KINDS,
  nextRequestStatus,
  REQUEST_STATUS_LABEL,
  requestStatusNotification,
  type BuyerRequestKind,
  type RequestStatus,
} from "./request-state.ts";

export const REQUEST_UPDATE_FAILED = "Failed to update request";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Locked = { id: string; status: RequestStatus; buyerUserId: string; listingId: string | null; listingTitle: string | null };

async function lockRequest(options: { tx: Tx; kind: BuyerRequestKind; id: string }): Promise<Locked | undefined> {
  const { tx, kind, id } = options;
  if (kind === "purchase") {
    const [row] = await tx
      .select({
        id: transactions.id,
        status: transactions.status,
        buyerUserId: buyers.userId,
        listingId: transactions.listingId,
        listingTitle: listings.title,
      })
      .from(transactions)
      .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
      .leftJoin(listings, eq(listings.id, transactions.listingId))
      .where(eq(transactions.id, id))
      .for("update", { of: transactions });
    return row;
  }
  const [row] = await tx
    .select({
      id: userRequests.id,
      status: userRequests.status,
      buyerUserId: userRequests.userId,
      listingId: userRequests.listingId,
      listingTitle: listings.title,
    })
    .from(userRequests)
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .where(and(eq(userRequests.id, id), eq(userRequests.requestType, kind)))
    .for("update", { of: userRequests });
  return row;
}

/**
 * A deal closed as sold: its listing becomes sold through the listing state map (unless it already is), with
 * the seller's notification, e-mail and an audit row.
 */
async function markDealListingSold(options: { tx: Tx; admin: Viewer; listingId: string; mailer?: ReceiptMailer }) {
  const { tx, admin, listingId, mailer } = options;
  const [listing] = await tx
    .select({
      id: listings.id,
      title: listings.title,
      status: listings.status,
      adminStatus: listings.adminStatus,
      sellerUserId: sellers.userId,
      sellerEmail: user.email,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(eq(listings.id, listingId))
    .for("update", { of: listings });
  if (!listing) return undefined;
  const next = nextListingState({ ...listing, mandateSigned: true }, "mark-sold");
  if (!next) return undefined; // sold already (by its seller): the deal closes all the same
  await tx.update(listings).set({ status: next.status, updatedAt: new Date() }).where(eq(listings.id, listing.id));
  await recordAudit({
    db: tx,
    actorUserId: admin.userId,
    action: "listing.mark-sold",
    entity: "listing",
    entityId: listing.id,
    before: { status: listing.status, adminStatus: listing.adminStatus },
    after: next,
  });
  await notifyUser({
    db: tx,
    userId: listing.sellerUserId,
    type: "listing_status",
    title: `Listing marked as sold: ${listing.title}`,
    message: `Your listing "${listing.title}" was marked as sold by our team: the deal is closed.`,
  });
  if (!mailer) return undefined;
  return mailer.queueEmail(
    composeEmail("send-listing-notification", listing.sellerEmail, {
      title: listing.title,
      status: "marked as sold",
      url: `${mailer.publicUrl}/seller-dashboard`,
    }),
    tx,
  );
}

export async function updateRequestStatus(options: {
  db: Db;
  admin: Viewer;
  kind: string;
  requestId: string;
  status: string;
  /** Sends the seller's e-mail when a deal is closed as sold; the route always passes the runtime's. */
  mailer?: ReceiptMailer;
}): Promise<{ kind: BuyerRequestKind; id: string; status: RequestStatus; previous: RequestStatus; listingTitle: string | null }> {
  const { db, admin, requestId, status, mailer } = options;
  assertAdmin(admin);
  const kind = BUYER_REQUEST_KINDS.find((k) => k === options.kind);
  if (!kind || !UUID.test(requestId)) {
    throw new AppError("NOT_FOUND", REQUEST_UPDATE_FAILED, `${REQUEST_UPDATE_FAILED}: request not found.`);
  }
  let send: (() => Promise<void>) | undefined;
  const result = await db.transaction(async (tx) => {
    const current = await lockRequest({ tx, kind, id: requestId });
    if (!current) throw new AppError("NOT_FOUND", REQUEST_UPDATE_FAILED, `${REQUEST_UPDATE_FAILED}: request not found.`);
    const next = nextRequestStatus(current.status, status, kind);
    if (!next) {
      const from = REQUEST_STATUS_LABEL[current.status];
      throw new AppError(
        "CONFLICT",
        REQUEST_UPDATE_FAILED,
        current.status === status
          ? `${REQUEST_UPDATE_FAILED}: this ${kind} request is already ${from}.`
          : `${REQUEST_UPDATE_FAILED}: a ${from.toLowerCase()} ${kind} request cannot be moved to ${JSON.stringify(status)}.`,
      );
    }
    const now = new Date();
    if (kind === "purchase") {
      await tx.update(transactions).set({ status: next, updatedAt: now }).where(eq(transactions.id, current.id));
    } else {
      await tx.update(userRequests).set({ status: next, updatedAt: now }).where(eq(userRequests.id, current.id));
    }
    await tx.insert(requestEvents).values({
      ...(kind === "purchase" ? { transactionId: current.id } : { userRequestId: current.id }),
      actorUserId: admin.userId,
      actorRole: "admin",
      move: next === "sold" ? "sell" : next === "contacted" ? "contact" : "close",
      fromStatus: current.status,
      toStatus: next,
    });
    if (next === "sold" && current.listingId) {
      send = await markDealListingSold({ tx, admin, listingId: current.listingId, mailer });
    }
    await notifyUser({ db: tx, userId: current.buyerUserId, ...requestStatusNotification(kind, next, current.listingTitle) });
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: `request.${next}`,
      entity: kind === "purchase" ? "transaction" : "user_request",
      entityId: current.id,
      before: { status: current.status },
      after: { status: next },
    });
    return { kind, id: current.id, status: next, previous: current.status, listingTitle: current.listingTitle };
  });
  await send?.();
  return result;
}
