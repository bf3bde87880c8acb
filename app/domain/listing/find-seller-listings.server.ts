/**
 * The seller's dashboard data: their own listings (ownership in the query),
 * real view counts, and their signed mandates.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { listingRevisions, listings, listingViews, mandateAgreements, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { daysUntilExpiry, listingBadge, nextRenewal } from "./listing-state.ts";
import { mandateSignedSql } from "#app/domain/mandate/mandate-signed.server.ts";
import { DASHBOARD_AGREEMENTS_SHOWN } from "./dashboard-limits.ts";

/** What a listing's badge is made of (`listingBadge`), for a query that shows it. */
export const badgeColumns = {
  status: listings.status,
  adminStatus: listings.adminStatus,
  archived: listings.archived,
  expiresOn: listings.expiresOn,
};

/** Listings on one page of the dashboard: a dealer with hundreds of machines gets them a page at a time. */
export const DASHBOARD_PAGE_SIZE = 20;

export async function findSellerDashboard(options: {
  db: DbOrTx;
  userId: string;
  page?: number;
  /** Every signed mandate instead of the latest DASHBOARD_AGREEMENTS_SHOWN. */
  allAgreements?: boolean;
  now?: Date;
}) {
  const { db, userId } = options;
  const now = options.now ?? new Date();
  // Every listing's state, for the counts; the rest only for the page shown.
  const all = await db
    .select({ id: listings.id, ...badgeColumns })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(sellers.userId, userId))
    .orderBy(desc(listings.createdOn), desc(listings.id));
  const pageCount = Math.max(1, Math.ceil(all.length / DASHBOARD_PAGE_SIZE));
  const page = Math.min(Math.max(1, options.page ?? 1), pageCount);
  const shown = all.slice((page - 1) * DASHBOARD_PAGE_SIZE, page * DASHBOARD_PAGE_SIZE).map((r) => r.id);
  const rows = shown.length
    ? await db
        .select({
          id: listings.id,
          title: listings.title,
          price: listings.price,
          createdOn: listings.createdOn,
          ...badgeColumns,
          views: sql<number>`(select count(*)::int from ${listingViews} where ${listingViews.listingId} = ${listings.id})`,
          mandateSigned: mandateSignedSql,
          /** The seller's latest changes to the approved version: waiting, or not approved (null: none, or decided otherwise). */
          changes: sql<
            "pending" | "rejected" | null
          >`(select case when ${listingRevisions.status} in ('pending', 'rejected') then ${listingRevisions.status} end from ${listingRevisions} where ${listingRevisions.listingId} = ${listings.id} order by ${listingRevisions.createdAt} desc limit 1)`,
        })
        .from(listings)
        // The join keeps the seller's ownership in this query too, and the columns qualified.
        .innerJoin(sellers, eq(sellers.id, listings.sellerId))
        .where(and(eq(sellers.userId, userId), inArray(listings.id, shown)))
        .orderBy(desc(listings.createdOn), desc(listings.id))
    : [];
  const day = 86_400_000;
  const weekAgo = new Date(now.getTime() - 7 * day);
  const twoWeeksAgo = new Date(now.getTime() - 14 * day);
  // All the seller's views, and those of the last two weeks for the week-over-week change.
  const [views] = await db
    .select({
      total: sql<number>`count(*)::int`,
      thisWeek: sql<number>`count(*) filter (where ${listingViews.createdAt} >= ${weekAgo.toISOString()} and ${listingViews.createdAt} < ${now.toISOString()})::int`,
      lastWeek: sql<number>`count(*) filter (where ${listingViews.createdAt} >= ${twoWeeksAgo.toISOString()} and ${listingViews.createdAt} < ${weekAgo.toISOString()})::int`,
    })
    .from(listingViews)
    .innerJoin(listings, eq(listings.id, listingViews.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(sellers.userId, userId));
  const signed = and(eq(mandateAgreements.userId, userId), eq(mandateAgreements.status, "signed"));
  const mandatesQuery = db
    .select({
      id: mandateAgreements.id,
      listingTitle: mandateAgreements.listingTitle,
      signatureMethod: mandateAgreements.signatureMethod,
      signedAt: mandateAgreements.signedAt,
      hasPdf: sql<boolean>`${mandateAgreements.signedPdfKey} is not null`,
    })
    .from(mandateAgreements)
    .where(signed)
    .orderBy(desc(mandateAgreements.signedAt), desc(mandateAgreements.id));
  const [mandates, [agreements]] = await Promise.all([
    options.allAgreements ? mandatesQuery : mandatesQuery.limit(DASHBOARD_AGREEMENTS_SHOWN),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(mandateAgreements)
      .where(signed),
  ]);

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
  const thisWeek = views?.thisWeek ?? 0;
  const lastWeek = views?.lastWeek ?? 0;
  const badges = all.map((r) => listingBadge(r));
  return {
    listings: items,
    paging: { page, pageCount, total: all.length, pageSize: DASHBOARD_PAGE_SIZE },
    stats: {
      totalViews: views?.total ?? 0,
      active: badges.filter((b) => b === "Active").length,
      pending: badges.filter((b) => b === "Pending").length,
      // A real week-over-week change, or nothing when there is no previous week to compare with.
      viewsChangePercent: lastWeek > 0 ? Math.round(((thisWeek - lastWeek) / lastWeek) * 100) : null,
    },
    mandates: mandates.map((m) => ({ ...m, signedAt: m.signedAt?.toISOString() ?? null })),
    /** How many signed mandates there are in all (`mandates` may hold only the latest). */
    agreementsTotal: agreements?.total ?? 0,
  };
}
