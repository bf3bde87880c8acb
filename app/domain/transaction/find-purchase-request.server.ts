/**
 * Whether this buyer already has an open purchase request for a listing, so
 * the listing page can say so after a reload instead of offering the button
 * again (a second click would change nothing: one open request per buyer and
 * listing, `transactions_open_once_idx`).
 */
import { and, eq, notInArray } from "drizzle-orm";
import { FINISHED_REQUEST_STATUSES } from "#db/vocabulary.ts";
import { buyers, transactions } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";

export async function hasOpenPurchaseRequest(options: { db: Db; userId: string; listingId: string }): Promise<boolean> {
  const [row] = await options.db
    .select({ id: transactions.id })
    .from(transactions)
    .innerJoin(buyers, eq(buyers.id, transactions.buyerId))
    .where(
      and(
        eq(buyers.userId, options.userId),
        eq(transactions.listingId, options.listingId),
        notInArray(transactions.status, [...FINISHED_REQUEST_STATUSES]),
      ),
    )
    .limit(1);
  return Boolean(row);
}
