/**
 * The admin moves a buyer request along the state map (request-state.ts):
 * the row's status, the buyer's notification and an audit row, in one
 * transaction. The row is locked first so two admins cannot both move it.
 */
import { and, eq } from "drizzle-orm";
import { buyers, listings, transactions, userRequests } from "#db/schema.ts";
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

type Locked = { id: string; status: RequestStatus; buyerUserId: string; listingTitle: string | null };

async function lockRequest(options: { tx: Tx; kind: BuyerRequestKind; id: string }): Promise<Locked | undefined> {
  const { tx, kind, id } = options;
  if (kind === "purchase") {
    const [row] = await tx
      .select({ id: transactions.id, status: transactions.status, buyerUserId: buyers.userId, listingTitle: listings.title })
      .from(transactions)
      .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
      .leftJoin(listings, eq(listings.id, transactions.listingId))
      .where(eq(transactions.id, id))
      .for("update", { of: transactions });
    return row;
  }
  const [row] = await tx
    .select({ id: userRequests.id, status: userRequests.status, buyerUserId: userRequests.userId, listingTitle: listings.title })
    .from(userRequests)
    .leftJoin(listings, eq(listings.id, userRequests.listingId))
    .where(and(eq(userRequests.id, id), eq(userRequests.requestType, kind)))
    .for("update", { of: userRequests });
  return row;
}

export async function updateRequestStatus(options: {
  db: Db;
  admin: Viewer;
  kind: string;
  requestId: string;
  status: string;
}): Promise<{ kind: BuyerRequestKind; id: string; status: RequestStatus; previous: RequestStatus; listingTitle: string | null }> {
  const { db, admin, requestId, status } = options;
  assertAdmin(admin);
  const kind = BUYER_REQUEST_KINDS.find((k) => k === options.kind);
  if (!kind || !UUID.test(requestId)) {
    throw new AppError("NOT_FOUND", REQUEST_UPDATE_FAILED, `${REQUEST_UPDATE_FAILED}: request not found.`);
  }
  return db.transaction(async (tx) => {
    const current = await lockRequest({ tx, kind, id: requestId });
    if (!current) throw new AppError("NOT_FOUND", REQUEST_UPDATE_FAILED, `${REQUEST_UPDATE_FAILED}: request not found.`);
    const next = nextRequestStatus(current.status, status);
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
}
