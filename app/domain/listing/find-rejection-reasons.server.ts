/**
 * Why the admin rejected a listing: the reason of its latest `listing.reject`
 * audit row (moderate-listing.server.ts writes it there, with the
 * notification and the e-mail). Only for its seller and the admins: callers
 * pass listings the viewer may already see.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { auditEvents } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

/** Listing id → the admin's reason, or null when the admin gave none. Listings never rejected are left out. */
export async function findRejectionReasons(options: { db: DbOrTx; listingIds: string[] }) {
  const reasons = new Map<string, string | null>();
  if (options.listingIds.length === 0) return reasons;
  const rows = await options.db
    .selectDistinctOn([auditEvents.entityId], {
      listingId: auditEvents.entityId,
      reason: sql<string | null>`${auditEvents.data} -> 'after' ->> 'reason'`,
    })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, "listing"),
        inArray(auditEvents.entityId, options.listingIds),
        eq(auditEvents.action, "listing.reject"),
      ),
    )
    .orderBy(auditEvents.entityId, desc(auditEvents.createdAt));
  for (const row of rows) if (row.listingId) reasons.set(row.listingId, row.reason?.trim() || null);
  return reasons;
}
