/**
 * Who may fetch a listing's photos (server.js asks before serving
 * /media/listings/<id>/…), with real sessions: anyone once the listing is
 * public; before that its seller and the admins only; nobody for a listing
 * that does not exist. Only "public" answers are remembered, for a minute.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import {
  forgetListingPhotoAccess,
  listingPhotoAccess,
  PUBLIC_ANSWER_TTL_MS,
} from "#app/server/listing-photo-access.server.ts";
import { listingRow, type Persona, publicListingRow, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;
let buyer: Persona;
let admin: Persona;
let sellerId: string;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  [seller, otherSeller, buyer, admin] = await Promise.all([
    h.persona("seller"),
    h.persona("seller"),
    h.persona("buyer"),
    h.persona("admin"),
  ]);
  const [row] = await h.rt.db.select({ id: s.sellers.id }).from(s.sellers).where(eq(s.sellers.userId, seller.viewer.userId));
  sellerId = row!.id;
});
afterAll(() => h.stop());
beforeEach(() => forgetListingPhotoAccess());

async function insertListing(row: typeof s.listings.$inferInsert) {
  const [inserted] = await h.rt.db.insert(s.listings).values(row).returning({ id: s.listings.id });
  return inserted!.id;
}

describe("listingPhotoAccess", () => {
  it("a listing not public yet: its seller and the admins (private), nobody else", async () => {
    const id = await insertListing(listingRow(sellerId));
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined })).toBe("none");
    expect(await listingPhotoAccess({ listingId: id, cookie: buyer.cookie })).toBe("none");
    expect(await listingPhotoAccess({ listingId: id, cookie: otherSeller.cookie })).toBe("none");
    expect(await listingPhotoAccess({ listingId: id, cookie: "better-auth.session_token=forged" })).toBe("none");
    expect(await listingPhotoAccess({ listingId: id, cookie: seller.cookie })).toBe("private");
    expect(await listingPhotoAccess({ listingId: id, cookie: admin.cookie })).toBe("private");
  });

  it("the same for a listing that was public and is no longer (sold, archived, expired)", async () => {
    for (const over of [
      { status: "sold" as const },
      { archived: true },
      { expiresOn: new Date(Date.now() - 60_000) },
    ]) {
      const id = await insertListing(publicListingRow(sellerId, over));
      expect(await listingPhotoAccess({ listingId: id, cookie: undefined }), JSON.stringify(over)).toBe("none");
      expect(await listingPhotoAccess({ listingId: id, cookie: seller.cookie }), JSON.stringify(over)).toBe("private");
    }
  });

  it("a listing that does not exist, or an id that is not one: nobody, the admins included", async () => {
    expect(await listingPhotoAccess({ listingId: randomUUID(), cookie: admin.cookie })).toBe("none");
    expect(await listingPhotoAccess({ listingId: "not-a-uuid", cookie: admin.cookie })).toBe("none");
    expect(await listingPhotoAccess({ listingId: "..", cookie: admin.cookie })).toBe("none");
  });

  it("a public listing: anyone; the answer is remembered for a minute, then asked again", async () => {
    const id = await insertListing(publicListingRow(sellerId));
    const now = Date.now();
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined, now })).toBe("public");
    // Archived meanwhile: the remembered answer holds until the minute is over, also for the same id in capitals.
    await h.rt.db.update(s.listings).set({ archived: true }).where(eq(s.listings.id, id));
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined, now: now + PUBLIC_ANSWER_TTL_MS - 1 })).toBe(
      "public",
    );
    expect(
      await listingPhotoAccess({ listingId: id.toUpperCase(), cookie: undefined, now: now + PUBLIC_ANSWER_TTL_MS - 1 }),
    ).toBe("public");
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined, now: now + PUBLIC_ANSWER_TTL_MS })).toBe(
      "none",
    );
    expect(await listingPhotoAccess({ listingId: id, cookie: seller.cookie, now: now + PUBLIC_ANSWER_TTL_MS })).toBe(
      "private",
    );
  });

  it("a refusal is not remembered: approved, the photos are public at once", async () => {
    const id = await insertListing(listingRow(sellerId));
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined })).toBe("none");
    await h.rt.db.update(s.listings).set({ status: "approved", adminStatus: "approved" }).where(eq(s.listings.id, id));
    expect(await listingPhotoAccess({ listingId: id, cookie: undefined })).toBe("public");
  });
});
