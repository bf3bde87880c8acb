/**
 * The seller's analytics (docs/product.md#roles-and-accounts, seller dashboard): views of their
 * listings per day for the last 90 days (every day, zero where none), and the requests about their
 * machines this week against the week before. Counted from the rows themselves: nothing estimated.
 */
import { sql } from "drizzle-orm";
import { listings, listingViews, sellers, transactions, userRequests } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export const ANALYTICS_DAYS = 90;

export type SellerAnalytics = {
  /** Oldest first, one entry per day up to today (the database's date). */
  viewsByDay: { day: string; views: number }[];
  requestsThisWeek: number;
  requestsLastWeek: number;
};

export async function findSellerAnalytics(options: { db: DbOrTx; userId: string }): Promise<SellerAnalytics> {
  const { db, userId } = options;
  const own = sql`select ${listings.id} from ${listings} join ${sellers} on ${sellers.id} = ${listings.sellerId} where ${sellers.userId} = ${userId}`;
  const days = await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(*)::int from ${listingViews} v where v.viewed_on = d::date and v.listing_id in (${own})) as views
    from generate_series(current_date - ${ANALYTICS_DAYS - 1}::int, current_date, interval '1 day') as d
    order by d`);
  const week = await db.execute(sql`
    select
      count(*) filter (where r.created_at >= now() - interval '7 days')::int as this_week,
      count(*) filter (where r.created_at < now() - interval '7 days')::int as last_week
    from (
      select ${transactions.createdAt} as created_at from ${transactions} where ${transactions.listingId} in (${own})
      union all
      select ${userRequests.createdAt} from ${userRequests} where ${userRequests.listingId} in (${own})
    ) r
    where r.created_at >= now() - interval '14 days'`);
  const w = week.rows[0] as { this_week: number; last_week: number } | undefined;
  return {
    viewsByDay: (days.rows as { day: string; views: number }[]).map((r) => ({ day: r.day, views: Number(r.views) })),
    requestsThisWeek: Number(w?.this_week ?? 0),
    requestsLastWeek: Number(w?.last_week ?? 0),
  };
}
