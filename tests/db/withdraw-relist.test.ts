/**
 * A seller withdraws, relists and marks sold an own listing on a real database: withdrawn is hidden
 * from the public and kept for the seller; relisting within 30 days puts it back at once, after that
 * through review; sold is final; each move has its audit row; nobody else moves it.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { action as sellerDashboard, loader as dashboardLoader } from "#app/routes/seller/seller-dashboard.tsx";
import { dbLabel, publicListingRow, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;

beforeAll(async () => {
  h = await startTestRuntime();
  seller = await h.persona("seller");
  otherSeller = await h.persona("seller");
});
afterAll(() => h.stop());

async function newListing(title: string) {
  const [row] = await h.rt.db
    .insert(s.listings)
    .values(publicListingRow(await h.sellerIdOf(seller.viewer), { title }))
    .returning({ id: s.listings.id });
  return row!.id;
}
const act = (p: Persona, intent: string, listingId: string) =>
  h.call(sellerDashboard, {
    path: "/seller-dashboard",
    cookie: p.cookie,
    body: new URLSearchParams({ intent, listingId }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const row = async (id: string) => (await h.rt.db.select().from(s.listings).where(eq(s.listings.id, id)))[0]!;
const isPublic = async (id: string) =>
  (await findListings({ db: h.rt.db, storage: h.rt.storage, limit: 60 })).items.some((l) => l.id === id);
async function badge(id: string) {
  const page = await h.call(dashboardLoader, { path: "/seller-dashboard", method: "GET", cookie: seller.cookie });
  return (page.body as { listings: { id: string; badge: string }[] }).listings.find((l) => l.id === id)?.badge;
}

describe(`the seller's own listing moves (${dbLabel})`, () => {
  it("withdraw hides it from the public and keeps it for the seller; relist within 30 days puts it back at once", async () => {
    const id = await newListing("Komatsu WA380");
    expect(await isPublic(id)).toBe(true);
    const withdrawn = await act(seller, "withdraw", id);
    expect(withdrawn.status).toBe(200);
    expect(JSON.stringify(withdrawn.body)).toContain("is withdrawn");
    expect(await row(id)).toMatchObject({ archived: true, status: "approved", adminStatus: "approved" });
    expect(await isPublic(id)).toBe(false);
    expect(await badge(id)).toBe("Withdrawn");
    // Twice is refused, clearly.
    const again = await act(seller, "withdraw", id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("Only a listing on the market, not sold, can be withdrawn.");

    const relisted = await act(seller, "relist", id);
    expect(relisted.status).toBe(200);
    expect(JSON.stringify(relisted.body)).toContain("is back on the market");
    expect(await row(id)).toMatchObject({ archived: false, withdrawnAt: null, adminStatus: "approved" });
    expect(await isPublic(id)).toBe(true);
    const audits = await h.rt.db.select({ action: s.auditEvents.action }).from(s.auditEvents).where(eq(s.auditEvents.entityId, id));
    expect(audits.map((a) => a.action).sort()).toEqual(["listing.relist", "listing.withdraw"]);
  });

  it("relisting after more than 30 days away goes back to review", async () => {
    const id = await newListing("Bell 315SJ");
    await act(seller, "withdraw", id);
    await h.rt.db
      .update(s.listings)
      .set({ withdrawnAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(s.listings.id, id));
    const relisted = await act(seller, "relist", id);
    expect(JSON.stringify(relisted.body)).toContain("back with our team for review");
    expect(await row(id)).toMatchObject({ archived: false, status: "pending", adminStatus: "pending" });
    expect(await isPublic(id)).toBe(false);
    expect(await badge(id)).toBe("Pending");
  });

  it("marks sold once: not public, not withdrawable, not relistable", async () => {
    const id = await newListing("CAT 432F");
    expect((await act(seller, "mark-sold", id)).status).toBe(200);
    expect(await row(id)).toMatchObject({ status: "sold" });
    expect(await isPublic(id)).toBe(false);
    expect(await badge(id)).toBe("Sold");
    for (const intent of ["mark-sold", "withdraw", "relist"]) expect((await act(seller, intent, id)).status).toBe(409);
  });

  it("nobody but the listing's seller moves it, and a malformed id is a 404, writing nothing", async () => {
    const id = await newListing("Volvo EC220");
    const before = await h.rowCounts();
    for (const intent of ["withdraw", "mark-sold", "relist"]) {
      const answer = await act(otherSeller, intent, id);
      expect(answer.status).toBe(404);
      expect(JSON.stringify(answer.body)).toContain("Listing not found.");
    }
    expect((await act(seller, "withdraw", "nope")).status).toBe(404);
    expect(await h.rowCounts()).toEqual(before);
    expect(await row(id)).toMatchObject({ archived: false, status: "approved" });
  });
});
