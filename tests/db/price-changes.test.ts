/**
 * A seller's price change on a real database: only the listing's seller, at once (no new review),
 * one history row and one audit row per change, never on a sold listing, and the listing page's
 * "Reduced from" for a drop in the last 30 days.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { reducedFrom } from "#app/domain/listing/change-listing-price.server.ts";
import { action as sellerDashboard } from "#app/routes/seller/seller-dashboard.tsx";
import { loader as listingDetail } from "#app/routes/catalog/listing-detail.tsx";
import { dbLabel, publicListingRow, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;
let listingId: string;

beforeAll(async () => {
  h = await startTestRuntime();
  seller = await h.persona("seller");
  otherSeller = await h.persona("seller");
  const [row] = await h.rt.db
    .insert(s.listings)
    .values(publicListingRow(await h.sellerIdOf(seller.viewer), { title: "Bell B40D", price: "1200000" }))
    .returning({ id: s.listings.id });
  listingId = row!.id;
});
afterAll(() => h.stop());

const change = (p: Persona, price: string, id = listingId) =>
  h.call(sellerDashboard, {
    path: "/seller-dashboard",
    cookie: p.cookie,
    body: new URLSearchParams({ intent: "change-price", listingId: id, price }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const history = () => h.rt.db.select().from(s.listingPriceChanges).where(eq(s.listingPriceChanges.listingId, listingId));
const current = async () => (await h.rt.db.select().from(s.listings).where(eq(s.listings.id, listingId)))[0]!;

describe(`a seller's price change (${dbLabel})`, () => {
  it("applies at once for the listing's seller, public and approved as before, with its history and audit rows", async () => {
    const answer = await change(seller, "1 050 000");
    expect(answer.status).toBe(200);
    expect(JSON.stringify(answer.body)).toContain("Price Changed");
    const row = await current();
    expect(row).toMatchObject({ price: "1050000.00", status: "approved", adminStatus: "approved" });
    expect(await history()).toMatchObject([{ oldPrice: "1200000.00", newPrice: "1050000.00", changedBy: seller.viewer.userId }]);
    const audits = await h.rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, listingId));
    expect(audits.map((a) => [a.action, a.data])).toEqual([
      ["listing.price-change", { before: { price: "1200000.00" }, after: { price: "1050000" } }],
    ]);
  });

  it("shows the drop on the listing page as Reduced from, for 30 days, and not a rise", async () => {
    const page = await h.call(listingDetail, { path: `/listing/${listingId}`, method: "GET", params: { id: listingId } });
    expect(page.body).toMatchObject({ reducedFrom: 1_200_000 });
    // 31 days later the drop is old news.
    expect(await reducedFrom({ db: h.rt.db, listingId, price: 1_050_000, now: new Date(Date.now() + 31 * 86_400_000) })).toBeNull();
    // Raised above every earlier price: nothing to show.
    await change(seller, "1300000");
    expect(await reducedFrom({ db: h.rt.db, listingId, price: 1_300_000 })).toBeNull();
    expect(await history()).toHaveLength(2);
  });

  it("refuses another seller, a price that is not a price, and a sold listing, writing nothing", async () => {
    const before = await h.rowCounts();
    const other = await change(otherSeller, "1");
    expect(other.status).toBe(404);
    const zero = await change(seller, "0");
    expect(zero.status).toBe(400);
    expect(JSON.stringify(zero.body)).toContain("Price must be greater than 0.");
    const words = await change(seller, "cheap");
    expect(words.status).toBe(400);
    const unknown = await change(seller, "100", "not-a-listing");
    expect(unknown.status).toBe(400);
    expect(await h.rowCounts()).toEqual(before);
    expect((await current()).price).toBe("1300000.00");

    await h.rt.db.update(s.listings).set({ status: "sold" }).where(eq(s.listings.id, listingId));
    const sold = await change(seller, "900000");
    expect(sold.status).toBe(409);
    expect(JSON.stringify(sold.body)).toContain("A sold listing's price cannot change.");
    expect((await current()).price).toBe("1300000.00");
    await h.rt.db.update(s.listings).set({ status: "approved" }).where(eq(s.listings.id, listingId));
  });

  it("the same price again changes nothing and says so", async () => {
    const same = await change(seller, "1300000.00");
    expect(same.status).toBe(200);
    expect(JSON.stringify(same.body)).toContain("Price Unchanged");
    expect(await history()).toHaveLength(2);
  });
});
