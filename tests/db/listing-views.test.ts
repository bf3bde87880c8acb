/**
 * A listing's views are counted once per viewer per day (docs/product.md), now that a page view no
 * longer writes them itself: the listing page records each view in memory and the runtime writes
 * them in batches (record-listing-view.server.ts). Through the real page loader and the real table:
 * repeats in one batch and across batches, another instance (a recorder that never saw the first
 * view), a new day, the seller's own views and previews, and what is waiting at shutdown.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import * as s from "#db/schema.ts";
import { loader as listingPage } from "#app/routes/catalog/listing-detail.tsx";
import { createListingViewRecorder } from "#app/domain/listing/record-listing-view.server.ts";
import { countStoredPageView } from "#app/server/visitor-pages.server.ts";
import { dbLabel, startTestRuntime, type Persona, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let buyer: Persona;

beforeAll(async () => {
  h = await startTestRuntime();
  // The runtime's recorder, with a timer that never fires during a test: only flush() (and stop) write.
  await h.rt.listingViews.stop();
  h.rt.listingViews = await createListingViewRecorder({ db: h.rt.db, flushIntervalMs: 600_000 });
  seller = await h.persona("seller");
  buyer = await h.persona("buyer");
});
afterAll(() => h.stop());

/** Opens the listing page as a visitor with this browser, or as a signed-in persona. */
async function view(listingId: string, who: { userAgent?: string; persona?: Persona }) {
  const answer = await h.call(listingPage, {
    method: "GET",
    path: `/listing/${listingId}`,
    params: { id: listingId },
    cookie: who.persona?.cookie,
    headers: { "user-agent": who.userAgent ?? "Mozilla/5.0 (Linux; Android 14) Chrome/131" },
  });
  expect(answer.status).toBe(200);
}

async function viewRows(listingId: string) {
  return h.rt.db
    .select({ viewerKey: s.listingViews.viewerKey, viewedOn: s.listingViews.viewedOn })
    .from(s.listingViews)
    .where(eq(s.listingViews.listingId, listingId));
}

describe(`listing views, once per viewer per day (${dbLabel})`, () => {
  it("a page view does not wait for the count; the batch holds one row per viewer", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "CAT 320D Excavator" });
    await view(listing.id, { userAgent: "Chrome" });
    await view(listing.id, { userAgent: "Chrome" });
    await view(listing.id, { userAgent: "Firefox" });
    await view(listing.id, { persona: buyer });
    await view(listing.id, { persona: buyer });
    // Nothing written by the page views themselves.
    expect(await viewRows(listing.id)).toHaveLength(0);
    await h.rt.listingViews.flush();
    const rows = await viewRows(listing.id);
    expect(rows).toHaveLength(3);
    expect(rows.filter((r) => r.viewerKey === `u:${buyer.viewer.userId}`)).toHaveLength(1);
    // Anonymous visitors are counted by a hash: no address or browser in the table.
    expect(rows.every((r) => !r.viewerKey.includes("Chrome") && !r.viewerKey.includes("127.0.0.1"))).toBe(true);

    // Later the same day: the same viewers again, in another batch, add nothing.
    await view(listing.id, { userAgent: "Chrome" });
    await view(listing.id, { persona: buyer });
    await h.rt.listingViews.flush();
    expect(await viewRows(listing.id)).toHaveLength(3);
  });

  it("another instance (or this one after a restart) that sees the same viewer the same day adds nothing", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "Bell 315SJ Backhoe" });
    await view(listing.id, { persona: buyer });
    await h.rt.listingViews.flush();
    const other = await createListingViewRecorder({ db: h.rt.db, flushIntervalMs: 60_000 });
    try {
      other.record({ listingId: listing.id, viewerKey: `u:${buyer.viewer.userId}` });
      other.record({ listingId: listing.id, viewerKey: "v:another-visitor" });
      await other.flush();
    } finally {
      await other.stop();
    }
    const rows = await viewRows(listing.id);
    expect(rows.map((r) => r.viewerKey).sort()).toEqual([`u:${buyer.viewer.userId}`, "v:another-visitor"].sort());
  });

  it("a view on another day counts again, dated the day it happened, not the day it was written", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "Komatsu D65 Dozer" });
    const recorder = await createListingViewRecorder({ db: h.rt.db, flushIntervalMs: 60_000 });
    const now = new Date();
    const yesterday = new Date(now.getTime() - 24 * 60 * 60 * 1000);
    try {
      recorder.record({ listingId: listing.id, viewerKey: "v:same-visitor", at: yesterday });
      recorder.record({ listingId: listing.id, viewerKey: "v:same-visitor", at: yesterday });
      recorder.record({ listingId: listing.id, viewerKey: "v:same-visitor", at: now });
      await recorder.flush();
    } finally {
      await recorder.stop();
    }
    // The database's own dates for those two moments (its TimeZone decides where a day ends).
    const days = await h.rt.db.execute(
      sql`select (${yesterday.toISOString()}::timestamptz)::date::text as yesterday, (${now.toISOString()}::timestamptz)::date::text as today`,
    );
    const { yesterday: dayBefore, today } = days.rows[0] as { yesterday: string; today: string };
    const rows = await viewRows(listing.id);
    expect(rows.map((r) => String(r.viewedOn)).sort()).toEqual([dayBefore, today].sort());
  });

  it("the seller's own views and previews are not counted", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "Volvo A30 Dump Truck" });
    await view(listing.id, { persona: seller });
    const pending = await h.createListing({ seller: seller.viewer, title: "Pending Grader", adminStatus: "pending" });
    await view(pending.id, { persona: seller });
    await h.rt.listingViews.flush();
    expect(await viewRows(listing.id)).toHaveLength(0);
    expect(await viewRows(pending.id)).toHaveLength(0);
  });

  it("a listing page a visitor got from the store of visitor pages counts as the rendered page would, once", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "Bell B30E dump truck" });
    // Rendered for the first visitor, then answered from the store (server/visitor-pages.js) for the same and another browser.
    await view(listing.id, { userAgent: "Chrome" });
    const stored = (userAgent: string, path = `/listing/${listing.id}`) =>
      countStoredPageView({ path, clientIp: "127.0.0.1", userAgent });
    await stored("Chrome");
    await stored("Chrome", `/listing/${listing.id}.data`);
    await stored("Safari");
    await stored("Safari", "/catalog");
    await h.rt.listingViews.flush();
    expect(await viewRows(listing.id)).toHaveLength(2);
  });

  it("what is waiting is written when the recorder stops (the runtime stops it on shutdown)", async () => {
    const listing = await h.createListing({ seller: seller.viewer, title: "JCB 3CX" });
    const recorder = await createListingViewRecorder({ db: h.rt.db, flushIntervalMs: 60_000 });
    recorder.record({ listingId: listing.id, viewerKey: "v:last-visitor" });
    await recorder.stop();
    // After stopping, nothing more is taken.
    recorder.record({ listingId: listing.id, viewerKey: "v:too-late" });
    await recorder.flush();
    expect((await viewRows(listing.id)).map((r) => r.viewerKey)).toEqual(["v:last-visitor"]);
  });
});
