/**
 * The migrations build the whole schema on PGlite and on PostgreSQL, and the
 * schema's own rules hold: checks, cascades, uniqueness, exact money.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { createTestDatabaseUrl } from "./test-database-url.ts";

let handle: DbHandle;
let drop: () => Promise<void>;
let url: string | undefined;

beforeAll(async () => {
  const t = await createTestDatabaseUrl();
  drop = t.drop;
  url = t.url;
  handle = await openDatabase({ databaseUrl: t.url, memory: !t.url });
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const SPEC_TABLES = [
  "user", "session", "account", "verification", "profiles", "sellers", "buyers", "admin_access",
  "approved_sellers", "listings", "listing_images", "listing_views", "transactions", "notifications",
  "pending_invitations", "contact_messages", "user_requests", "mandate_agreements", "feedback", "email_outbox",
];

async function makeSeller() {
  const userId = randomUUID();
  await handle.db.insert(s.user).values({ id: userId, name: "Seller", email: `${userId}@example.co.za` });
  await handle.db.insert(s.profiles).values({ userId, role: "seller", fullName: "Seller" });
  const [seller] = await handle.db.insert(s.sellers).values({ userId }).returning();
  return { userId, sellerId: seller!.id };
}

const listing = (sellerId: string, over: Partial<typeof s.listings.$inferInsert> = {}) => ({
  sellerId,
  title: "CAT 320D",
  price: "1450000",
  category: "excavators" as const,
  condition: "used" as const,
  expiresOn: new Date(Date.now() + 90 * 86_400_000),
  ...over,
});

async function rejects(p: Promise<unknown>) {
  let failed = false;
  await p.catch(() => (failed = true));
  expect(failed).toBe(true);
}

describe(`schema on ${process.env.DATABASE_URL ? "PostgreSQL" : "PGlite"}`, () => {
  it("creates every entity of the spec", async () => {
    const rows = await handle.db.execute(sql`select table_name from information_schema.tables where table_schema = 'public'`);
    const names = (rows.rows as { table_name: string }[]).map((r) => r.table_name);
    for (const t of SPEC_TABLES) expect(names, t).toContain(t);
  });

  it("applies the migrations again without change (idempotent)", async () => {
    if (url) {
      const again = await openDatabase({ databaseUrl: url });
      await again.close();
    }
    const rows = await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
    expect((rows.rows[0] as { n: number }).n).toBeGreaterThanOrEqual(1);
  });

  it("refuses a negative price, an unknown category, condition or status", async () => {
    const { sellerId } = await makeSeller();
    await rejects(handle.db.insert(s.listings).values(listing(sellerId, { price: "-1" })));
    await rejects(handle.db.insert(s.listings).values(listing(sellerId, { category: "tractors" as never })));
    await rejects(handle.db.insert(s.listings).values(listing(sellerId, { condition: "broken" as never })));
    await rejects(handle.db.insert(s.listings).values(listing(sellerId, { adminStatus: "maybe" as never })));
    await rejects(handle.db.insert(s.listings).values(listing(sellerId, { title: "   " })));
  });

  it("keeps money exact", async () => {
    const { sellerId } = await makeSeller();
    const [row] = await handle.db.insert(s.listings).values(listing(sellerId, { price: "1234567.89" })).returning();
    expect(row!.price).toBe("1234567.89");
  });

  it("refuses an unknown notification type and a rating outside 1-5", async () => {
    const { userId } = await makeSeller();
    await rejects(handle.db.insert(s.notifications).values({ userId, title: "t", message: "m", type: "spam" as never }));
    await rejects(handle.db.insert(s.feedback).values({ userId, userType: "seller", rating: 6 }));
    await rejects(handle.db.insert(s.feedback).values({ userId, userType: "seller", rating: 0 }));
    await handle.db.insert(s.feedback).values({ userId, userType: "seller", rating: 5 });
  });

  it("deleting a user removes their profile, seller row, listings, images and notifications", async () => {
    const { userId, sellerId } = await makeSeller();
    const [l] = await handle.db.insert(s.listings).values(listing(sellerId)).returning();
    await handle.db.insert(s.listingImages).values({ listingId: l!.id, position: 0, storageKey: "public/listings/x/y" });
    await handle.db.insert(s.notifications).values({ userId, title: "Approved", message: "Live", type: "listing_status" });
    await handle.db.delete(s.user).where(eq(s.user.id, userId));
    expect(await handle.db.select().from(s.profiles).where(eq(s.profiles.userId, userId))).toHaveLength(0);
    expect(await handle.db.select().from(s.sellers).where(eq(s.sellers.id, sellerId))).toHaveLength(0);
    expect(await handle.db.select().from(s.listings).where(eq(s.listings.id, l!.id))).toHaveLength(0);
    expect(await handle.db.select().from(s.listingImages).where(eq(s.listingImages.listingId, l!.id))).toHaveLength(0);
    expect(await handle.db.select().from(s.notifications).where(eq(s.notifications.userId, userId))).toHaveLength(0);
  });

  it("counts a listing view once per viewer per day", async () => {
    const { sellerId } = await makeSeller();
    const [l] = await handle.db.insert(s.listings).values(listing(sellerId)).returning();
    await handle.db.insert(s.listingViews).values({ listingId: l!.id, viewerKey: "u1" });
    await rejects(handle.db.insert(s.listingViews).values({ listingId: l!.id, viewerKey: "u1" }));
    await handle.db.insert(s.listingViews).values({ listingId: l!.id, viewerKey: "u2" });
  });

  it("allows one open purchase request per buyer and listing", async () => {
    const { sellerId } = await makeSeller();
    const [l] = await handle.db.insert(s.listings).values(listing(sellerId)).returning();
    const buyerUser = randomUUID();
    await handle.db.insert(s.user).values({ id: buyerUser, name: "Buyer", email: `${buyerUser}@example.co.za` });
    const [b] = await handle.db.insert(s.buyers).values({ userId: buyerUser }).returning();
    const request = { buyerId: b!.id, sellerId, listingId: l!.id, amount: "1450000" };
    const [first] = await handle.db.insert(s.transactions).values(request).returning();
    await rejects(handle.db.insert(s.transactions).values(request));
    await handle.db.update(s.transactions).set({ status: "closed" }).where(eq(s.transactions.id, first!.id));
    await handle.db.insert(s.transactions).values(request);
    await rejects(handle.db.insert(s.transactions).values({ ...request, amount: "-5" }));
  });

  it("an invitation's role is buyer or seller only, and its token hash is unique", async () => {
    const base = { email: "invitee@example.co.za", expiresAt: new Date(Date.now() + 7 * 86_400_000) };
    await handle.db.insert(s.pendingInvitations).values({ ...base, tokenHash: "h1" });
    await rejects(handle.db.insert(s.pendingInvitations).values({ ...base, tokenHash: "h1" }));
    await rejects(handle.db.insert(s.pendingInvitations).values({ ...base, tokenHash: "h2", role: "admin" as never }));
  });
});
