/**
 * The seller's analytics (docs/product.md#listing-lifecycle), for all their listings or one: views per
 * day for the last 90 days (every day, zero where none), requests per week for the last 13 weeks, and
 * the requests this week against the week before. Counted from the rows themselves: nothing estimated.
 */
import { sql } from "drizzle-orm";
import { listings, listingViews, sellers, transactions, userRequests } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export const ANALYTICS_DAYS = 90;
export const ANALYTICS_WEEKS = 13;

export type SellerAnalytics = {
  /** Oldest first, one entry per day up to today (the database's date). */
  viewsByDay: { day: string; views: number }[];
  /** Oldest first: the 7 days ending on each `weekEnds` (the last one is the past 7 days). */
  requestsByWeek: { weekEnds: string; requests: number }[];
  requestsThisWeek: number;
  requestsLastWeek: number;
};

export async function findSellerAnalytics(options: {
  db: DbOrTx;
  userId: string;
  /** One of the seller's listings (its own page); all of them when left out. */
  listingId?: string;
}): Promise<SellerAnalytics> {
  const { db, userId, listingId } = options;
  const own = sql`select ${listings.id} from ${listings} join ${sellers} on ${sellers.id} = ${listings.sellerId} where ${sellers.userId} = ${userId}${listingId ? sql` and ${listings.id} = ${listingId}` : sql``}`;
  const days = await db.execute(sql`
    select to_char(d, 'YYYY-MM-DD') as day,
      (select count(*)::int from ${listingViews} v where v.viewed_on = d::date and v.listing_id in (${own})) as views
    from generate_series(current_date - ${ANALYTICS_DAYS - 1}::int, current_date, interval '1 day') as d
    order by d`);
  // Week n (0 = the past 7 days) holds the requests made between n+1 and n weeks ago.
  const weeks = await db.execute(sql`
    with r as (
      select ${transactions.createdAt} as created_at from ${transactions} where ${transactions.listingId} in (${own})
      union all
      select ${userRequests.createdAt} from ${userRequests} where ${userRequests.listingId} in (${own})
    )
    select n, to_char((now() - n * interval '7 days') at time zone 'Africa/Johannesburg', 'YYYY-MM-DD') as week_ends,
      (select count(*)::int from r where r.created_at > now() - (n + 1) * interval '7 days' and r.created_at <= now() - n * interval '7 days') as requests
    from generate_series(0, ${ANALYTICS_WEEKS - 1}::int) as n
    order by n desc`);
  const requestsByWeek = (weeks.rows as { week_ends: string; requests: number }[]).map((r) => ({
    weekEnds: r.week_ends,
    requests: Number(r.requests),
  }));
  return {
    viewsByDay: (days.rows as { day: string; views: number }[]).map((r) => ({ day: r.day, views: Number(r.views) })),
    requestsByWeek,
    requestsThisWeek: requestsByWeek.at(-1)?.requests ?? 0,
    requestsLastWeek: requestsByWeek.at(-2)?.requests ?? 0,
  };
}
