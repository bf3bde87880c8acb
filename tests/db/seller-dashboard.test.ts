/**
 * The seller's dashboard on a real database: "Your Listings" a page at a time, newest first, while
 * the counts above it (views, active, pending) are over all the seller's listings; a page past the
 * end shows the last; another seller's listings never show.
 */
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { DASHBOARD_PAGE_SIZE } from "#app/domain/listing/find-seller-listings.server.ts";
import { DASHBOARD_AGREEMENTS_SHOWN } from "#app/domain/listing/dashboard-limits.ts";
import { loader as dashboard } from "#app/routes/seller/seller-dashboard.tsx";
import { dbLabel, listingRow, publicListingRow, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let other: Persona;

type Page = {
  listings: { title: string; badge: string; views: number }[];
  mandates: { listingTitle: string }[];
  agreementsTotal: number;
  paging: { page: number; pageCount: number; total: number; pageSize: number };
  stats: { totalViews: number; active: number; pending: number };
};

const open = async (persona: Persona, query = "") => {
  const reply = await h.call(dashboard, { path: `/seller-dashboard${query}`, method: "GET", cookie: persona.cookie });
  expect(reply.status).toBe(200);
  return reply.body as Page;
};

beforeAll(async () => {
  h = await startTestRuntime();
  seller = await h.persona("seller");
  other = await h.persona("seller");
});
afterAll(() => h.stop());

describe(`the seller's dashboard (${dbLabel})`, () => {
  it("shows the listings a page at a time, newest first, and counts over all of them", async () => {
    const sellerId = await h.sellerIdOf(seller.viewer);
    const total = 2 * DASHBOARD_PAGE_SIZE + 5;
    const start = Date.now() - total * 60_000;
    // Listing n is n minutes newer than the first; every third one still waits for review.
    const rows = Array.from({ length: total }, (_, n) => {
      const over = { title: `Machine ${n}`, createdOn: new Date(start + n * 60_000) };
      return n % 3 === 0 ? listingRow(sellerId, over) : publicListingRow(sellerId, over);
    });
    const inserted = await h.rt.db.insert(s.listings).values(rows).returning({ id: s.listings.id, title: s.listings.title });
    await h.rt.db.insert(s.listings).values(publicListingRow(await h.sellerIdOf(other.viewer), { title: "Not mine" }));
    // Two views of the oldest machine (on the last page) and one of the newest.
    const id = (title: string) => inserted.find((r) => r.title === title)!.id;
    for (const [title, viewer] of [["Machine 0", "a"], ["Machine 0", "b"], [`Machine ${total - 1}`, "a"]] as const) {
      await h.rt.db.execute(sql`insert into listing_views (listing_id, viewer_key) values (${id(title)}, ${viewer})`);
    }

    const first = await open(seller);
    expect(first.paging).toEqual({ page: 1, pageCount: 3, total, pageSize: DASHBOARD_PAGE_SIZE });
    expect(first.listings.map((l) => l.title)).toEqual(
      Array.from({ length: DASHBOARD_PAGE_SIZE }, (_, i) => `Machine ${total - 1 - i}`),
    );
    const pending = rows.filter((_, n) => n % 3 === 0).length;
    expect(first.stats).toMatchObject({ totalViews: 3, active: total - pending, pending });

    const last = await open(seller, "?page=3");
    expect(last.paging.page).toBe(3);
    expect(last.listings.map((l) => l.title)).toEqual(["Machine 4", "Machine 3", "Machine 2", "Machine 1", "Machine 0"]);
    expect(last.listings.at(-1)).toMatchObject({ views: 2, badge: "Pending" });
    expect(last.stats).toEqual(first.stats);

    // Past the end, or not a page number: the last page, or the first.
    expect((await open(seller, "?page=99")).paging.page).toBe(3);
    expect((await open(seller, "?page=x")).paging.page).toBe(1);
    expect((await open(seller, "?page=-2")).listings[0]!.title).toBe(`Machine ${total - 1}`);

    const theirs = await open(other);
    expect(theirs.listings.map((l) => l.title)).toEqual(["Not mine"]);
    expect(theirs.paging).toMatchObject({ page: 1, pageCount: 1, total: 1 });
    expect(theirs.stats).toMatchObject({ totalViews: 0, active: 1, pending: 0 });
  });

  it("lists the latest signed mandates under Legal Agreements, and all of them when asked", async () => {
    const dealer = await h.persona("seller");
    const total = DASHBOARD_AGREEMENTS_SHOWN + 3;
    const start = Date.now() - total * 60_000;
    const mandate = (persona: Persona, title: string, signedAt: Date, status: "signed" | "pdf_requested" = "signed") => ({
      userId: persona.viewer.userId,
      listingTitle: title,
      termsText: "Exclusive sales mandate.",
      signatureMethod: "checkbox" as const,
      status,
      userEmail: "dealer@example.test",
      signedAt,
    });
    await h.rt.db.insert(s.mandateAgreements).values([
      ...Array.from({ length: total }, (_, n) => mandate(dealer, `Mandate ${n}`, new Date(start + n * 60_000))),
      mandate(other, "Not my mandate", new Date()),
      mandate(dealer, "Not signed yet", new Date(), "pdf_requested"),
    ]);

    const latest = await open(dealer);
    expect(latest.agreementsTotal).toBe(total);
    expect(latest.mandates.map((m) => m.listingTitle)).toEqual(
      Array.from({ length: DASHBOARD_AGREEMENTS_SHOWN }, (_, i) => `Mandate ${total - 1 - i}`),
    );
    const all = await open(dealer, "?agreements=all");
    expect(all.mandates.map((m) => m.listingTitle)).toEqual(
      Array.from({ length: total }, (_, i) => `Mandate ${total - 1 - i}`),
    );
    expect(all.agreementsTotal).toBe(total);
    // Any other value is the latest few.
    expect((await open(dealer, "?agreements=yes")).mandates).toHaveLength(DASHBOARD_AGREEMENTS_SHOWN);
  });

  it("a seller without listings gets one empty page", async () => {
    const fresh = await h.persona("seller");
    const page = await open(fresh, "?page=2");
    expect(page.listings).toEqual([]);
    expect(page.paging).toMatchObject({ page: 1, pageCount: 1, total: 0 });
    expect(page.stats).toMatchObject({ totalViews: 0, active: 0, pending: 0 });
  });
});
