/**
 * The seller's dashboard data: their own listings (ownership in the query),
 * real view counts, and their signed mandates.
 */
import { and, desc, eq, gte, inArray, lt, sql } from "drizzle-orm";
import { listingRevisions, listings, listingViews, mandateAgreements, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { daysUntilExpiry, listingBadge, nextRenewal } from "./listing-state.ts";
import { mandateSignedSql } from "#app/domain/mandate/mandate-signed.server.ts";

export async function findSellerDashboard(options: { db: DbOrTx; userId: string; now?: Date }) {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  const rows = await db
    .select({
      id: listings.id,
      title: listings.title,
      price: listings.price,
      status: listings.status,
      adminStatus: listings.adminStatus,
      archived: listings.archived,
      createdOn: listings.createdOn,
      expiresOn: listings.expiresOn,
      views: sql<number>`(select count(*)::int from ${listingViews} where ${listingViews.listingId} = ${listings.id})`,
      mandateSigned: mandateSignedSql,
      /** The seller's latest changes to the approved version: waiting, or not approved (null: none, or decided otherwise). */
      changes: sql<"pending" | "rejected" | null>`(select case when ${listingRevisions.status} in ('pending', 'rejected') then ${listingRevisions.status} end from ${listingRevisions} where ${listingRevisions.listingId} = ${listings.id} order by ${listingRevisions.createdAt} desc limit 1)`,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(sellers.userId, userId))
    .orderBy(desc(listings.createdOn));
  const ids = rows.map((r) => r.id);
  const day = 86_400_000;
  const weekAgo = new Date(now.getTime() - 7 * day);
  const twoWeeksAgo = new Date(now.getTime() - 14 * day);
  const [weeks] = ids.length
    ? await db
        .select({
          thisWeek: sql<number>`count(*) filter (where ${listingViews.createdAt} >= ${weekAgo.toISOString()})::int`,
          lastWeek: sql<number>`count(*) filter (where ${listingViews.createdAt} < ${weekAgo.toISOString()})::int`,
        })
        .from(listingViews)
        .where(
          and(
            inArray(listingViews.listingId, ids),
            gte(listingViews.createdAt, twoWeeksAgo),
            lt(listingViews.createdAt, now),
          ),
        )
    : [{ thisWeek: 0, lastWeek: 0 }];
  const mandates = await db
    .select({
      id: mandateAgreements.id,
      listingTitle: mandateAgreements.listingTitle,
      signatureMethod: mandateAgreements.signatureMethod,
      signedAt: mandateAgreements.signedAt,
      hasPdf: sql<boolean>`${mandateAgreements.signedPdfKey} is not null`,
    })
    .from(mandateAgreements)
    .where(and(eq(mandateAgreements.userId, userId), eq(mandateAgreements.status, "signed")))
    .orderBy(desc(mandateAgreements.signedAt));

  const items = rows.map((r) => ({
    id: r.id,
    title: r.title,
    price: Number(r.price),
    views: r.views,
    createdOn: r.createdOn.toISOString(),
    badge: listingBadge(r),
    mandateSigned: r.mandateSigned,
    changes: r.changes,
    // The mandate's end, and whether the seller may renew it now (the state map's rule).
    expiresOn: r.expiresOn.toISOString(),
    expiresInDays: daysUntilExpiry(r.expiresOn, now),
    renewable: nextRenewal(r, now).ok,
  }));
  const thisWeek = weeks?.thisWeek ?? 0;
  const lastWeek = weeks?.lastWeek ?? 0;
  return {
    listings: items,
    stats: {
      totalViews: items.reduce((sum, l) => sum + l.views, 0),
      active: items.filter((l) => l.badge === "Active").length,
      pending: items.filter((l) => l.badge === "Pending").length,
      // A real week-over-week change, or nothing when there is no previous week to compare with.
      viewsChangePercent: lastWeek > 0 ? Math.round(((thisWeek - lastWeek) / lastWeek) * 100) : null,
    },
    mandates: mandates.map((m) => ({ ...m, signedAt: m.signedAt?.toISOString() ?? null })),
  };
}
