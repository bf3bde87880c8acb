/**
 * The seller's analytics on a real database: views per day for 90 days (every day present, zero where
 * none), requests per week and this week against last week, counted from the rows, the seller's own
 * listings only; in total and for one listing (its page).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import * as s from "#db/schema.ts";
import { ANALYTICS_DAYS, ANALYTICS_WEEKS, findSellerAnalytics } from "#app/domain/listing/find-seller-analytics.server.ts";
import { loader as ownListingPage } from "#app/routes/seller/seller-listing.tsx";
import { dbLabel, publicListingRow, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let other: Persona;
let buyer: Persona;

beforeAll(async () => {
  h = await startTestRuntime();
  seller = await h.persona("seller");
  other = await h.persona("seller");
  buyer = await h.persona("buyer");
});
afterAll(() => h.stop());

describe(`the seller's analytics (${dbLabel})`, () => {
  it("counts views per day and requests per week from the rows, for the seller's own listings only", async () => {
    const [mine] = await h.rt.db.insert(s.listings).values(publicListingRow(await h.sellerIdOf(seller.viewer), { title: "Mine" })).returning();
    const [theirs] = await h.rt.db.insert(s.listings).values(publicListingRow(await h.sellerIdOf(other.viewer), { title: "Theirs" })).returning();
    const daysAgo = (n: number) => sql`current_date - ${n}::int`;
    const views: [string, number, number][] = [
      // [listing, days ago, how many viewers]
      [mine!.id, 0, 3],
      [mine!.id, 2, 1],
      [mine!.id, 40, 2],
      [mine!.id, 95, 5], // older than 90 days: not shown
      [theirs!.id, 0, 7], // another seller's: not counted
    ];
    for (const [listingId, ago, n] of views) {
      for (let i = 0; i < n; i++) {
        await h.rt.db.execute(
          sql`insert into listing_views (listing_id, viewer_key, viewed_on) values (${listingId}, ${`v${ago}-${i}`}, ${daysAgo(ago)})`,
        );
      }
    }
    const [buyerRow] = await h.rt.db.select({ id: s.buyers.id }).from(s.buyers).where(sql`${s.buyers.userId} = ${buyer.viewer.userId}`);
    const request = (listingId: string, ago: number) =>
      h.rt.db.insert(s.userRequests).values({
        userId: buyer.viewer.userId,
        requestType: "offer",
        offerAmount: "100000",
        listingId,
        createdAt: new Date(Date.now() - ago * 86_400_000),
      });
    await request(mine!.id, 1);
    await request(mine!.id, 3);
    await request(mine!.id, 9);
    await request(theirs!.id, 1);
    await h.rt.db.insert(s.transactions).values({
      buyerId: buyerRow!.id,
      sellerId: await h.sellerIdOf(seller.viewer),
      listingId: mine!.id,
      amount: "1",
      createdAt: new Date(Date.now() - 2 * 86_400_000),
    });

    const a = await findSellerAnalytics({ db: h.rt.db, userId: seller.viewer.userId });
    expect(a.viewsByDay).toHaveLength(ANALYTICS_DAYS);
    const byAgo = (n: number) => a.viewsByDay[ANALYTICS_DAYS - 1 - n]!.views;
    expect([byAgo(0), byAgo(1), byAgo(2), byAgo(40)]).toEqual([3, 0, 1, 2]);
    expect(a.viewsByDay.reduce((n, d) => n + d.views, 0)).toBe(6);
    // Consecutive days, oldest first.
    const dates = a.viewsByDay.map((d) => Date.parse(`${d.day}T00:00:00Z`));
    expect(dates.every((t, i) => i === 0 || t - dates[i - 1]! === 86_400_000)).toBe(true);
    expect(a).toMatchObject({ requestsThisWeek: 3, requestsLastWeek: 1 });
    // Requests per week, 13 weeks, oldest first: the same rows (days 1, 2, 3 this week; day 9 last week).
    expect(a.requestsByWeek).toHaveLength(ANALYTICS_WEEKS);
    expect(a.requestsByWeek.map((w) => w.requests)).toEqual([...Array(11).fill(0), 1, 3]);

    // One listing's own figures: another of the seller's listings is left out.
    const [second] = await h.rt.db.insert(s.listings).values(publicListingRow(await h.sellerIdOf(seller.viewer), { title: "Second" })).returning();
    await h.rt.db.execute(sql`insert into listing_views (listing_id, viewer_key, viewed_on) values (${second!.id}, 'solo', current_date)`);
    await request(second!.id, 0);
    const one = await findSellerAnalytics({ db: h.rt.db, userId: seller.viewer.userId, listingId: second!.id });
    expect(one.viewsByDay.reduce((n, d) => n + d.views, 0)).toBe(1);
    expect(one).toMatchObject({ requestsThisWeek: 1, requestsLastWeek: 0 });
    // Not the seller's listing: nothing.
    const foreign = await findSellerAnalytics({ db: h.rt.db, userId: seller.viewer.userId, listingId: theirs!.id });
    expect(foreign.viewsByDay.every((d) => d.views === 0)).toBe(true);
    expect(foreign.requestsThisWeek).toBe(0);

    // The listing's page: its seller sees the figures; another seller gets a 404.
    const page = await h.call(ownListingPage, { path: `/seller/listings/${second!.id}`, method: "GET", cookie: seller.cookie, params: { id: second!.id } });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ listing: { title: "Second", badge: "Active" }, analytics: { requestsThisWeek: 1 } });
    // Its requests only: the one offer about it, not the four about the seller's other listing.
    expect((page.body as { leads: { kind: string; listingId: string }[] }).leads).toMatchObject([{ kind: "offer" }]);
    const notTheirs = await h.call(ownListingPage, { path: `/seller/listings/${second!.id}`, method: "GET", cookie: other.cookie, params: { id: second!.id } });
    expect(notTheirs.status).toBe(404);

    const none = await findSellerAnalytics({ db: h.rt.db, userId: buyer.viewer.userId });
    expect(none).toMatchObject({ requestsThisWeek: 0, requestsLastWeek: 0 });
    expect(none.viewsByDay.every((d) => d.views === 0)).toBe(true);
  });
});
