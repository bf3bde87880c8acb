/**
 * The negotiation history of some requests (docs/product.md#requests): each
 * move with who made it (buyer, seller or admin, never their identity), the
 * amount or slot it put on the table, its message and when; oldest first.
 */
import { asc, inArray, or } from "drizzle-orm";
import { requestEvents } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { BuyerRequestKind, RequestActor, RequestMove, RequestStatus } from "./request-state.ts";

export type RequestEvent = {
  by: RequestActor;
  move: RequestMove;
  status: RequestStatus;
  amount: string | null;
  preferredDate: string | null;
  preferredTime: string | null;
  message: string | null;
  createdAt: string;
};

export const requestKey = (kind: BuyerRequestKind, id: string) => `${kind === "purchase" ? "purchase" : "request"}:${id}`;

/** The history of each request, by `requestKey`; a request without moves has none. */
export async function findRequestEvents(options: {
  db: DbOrTx;
  requests: readonly { kind: BuyerRequestKind; id: string }[];
}): Promise<Map<string, RequestEvent[]>> {
  const { db, requests } = options;
  const byKey = new Map<string, RequestEvent[]>();
  const purchaseIds = requests.filter((r) => r.kind === "purchase").map((r) => r.id);
  const requestIds = requests.filter((r) => r.kind !== "purchase").map((r) => r.id);
  if (purchaseIds.length === 0 && requestIds.length === 0) return byKey;
  const rows = await db
    .select()
    .from(requestEvents)
    .where(
      or(
        requestIds.length ? inArray(requestEvents.userRequestId, requestIds) : undefined,
        purchaseIds.length ? inArray(requestEvents.transactionId, purchaseIds) : undefined,
      ),
    )
    .orderBy(asc(requestEvents.createdAt), asc(requestEvents.id));
  for (const e of rows) {
    const key = e.transactionId ? `purchase:${e.transactionId}` : `request:${e.userRequestId}`;
    const list = byKey.get(key) ?? [];
    list.push({
      by: e.actorRole,
      move: e.move,
      status: e.toStatus,
      amount: e.amount,
      preferredDate: e.preferredDate,
      preferredTime: e.preferredTime,
      message: e.message,
      createdAt: new Date(e.createdAt).toISOString(),
    });
    byKey.set(key, list);
  }
  return byKey;
}
