/**
 * The migrations build the whole schema on PGlite and on
 * PostgreSQL, can run again without change, and the schema's own rules hold:
 * check constraints, cascades, uniqueness, exact money.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import * as v from "#db/vocabulary.ts";
import { openDatabase, type Db } from "#app/lib/db.server.ts";
import { dbKind, dbLabel, listingRow, setupTestDatabase } from "./support/harness.ts";

const SPEC_TABLES = [
  "user",
  "session",
  "account",
  "verification",
  "profiles",
  "sellers",
  "buyers",
  "admin_access",
  "approved_sellers",
  "listings",
  "listing_images",
  "listing_views",
  "transactions",
  "notifications",
  "pending_invitations",
  "contact_messages",
  "user_requests",
  "mandate_agreements",
  "feedback",
  "email_outbox",
];

const journal = JSON.parse(fs.readFileSync("db/migrations/meta/_journal.json", "utf8")) as { entries: unknown[] };

// From an empty database: these tests are about what the migrations build.
const getDb = setupTestDatabase({ fromEmpty: true });
const db = () => getDb().db;

async function rows<T>(database: Db, query: ReturnType<typeof sql>) {
  return (await database.execute(query)).rows as T[];
}

/** Everything the migrations define: columns, constraints, indexes. */
async function schemaSnapshot(database: Db) {
  return {
    columns: await rows(
      database,
      sql`select table_name, column_name, data_type, is_nullable, column_default
          from information_schema.columns where table_schema = 'public' order by 1, 2`,
    ),
    constraints: await rows(
      database,
      sql`select conrelid::regclass::text as tbl, conname, pg_get_constraintdef(oid) as def
          from pg_constraint where connamespace = 'public'::regnamespace order by 1, 2`,
    ),
    indexes: await rows(
      database,
      sql`select tablename, indexname, indexdef from pg_indexes where schemaname = 'public' order by 1, 2`,
    ),
  };
}

async function migrationCount(database: Db) {
  const [row] = await rows<{ n: number }>(database, sql`select count(*)::int as n from drizzle.__drizzle_migrations`);
  return row!.n;
}

/** The statement must fail on exactly this constraint (not on a typo or a foreign key). */
async function expectViolation(promise: Promise<unknown>, constraint: string, code = "23514") {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, `expected ${constraint} to refuse the row`).toBeDefined();
  const cause = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
  expect({ code: cause.code, constraint: cause.constraint }).toEqual({ code, constraint });
}

async function makeUser(name = "Test User") {
  const id = randomUUID();
  await db()
    .insert(s.user)
    .values({ id, name, email: `${id}@example.co.za` });
  return id;
}

async function makeSeller() {
  const userId = await makeUser("Pieter Seller");
  await db().insert(s.profiles).values({ userId, role: "seller", fullName: "Pieter Seller" });
  const [seller] = await db()
    .insert(s.sellers)
    .values({ userId, sellerType: "company", sellerRole: "direct" })
    .returning();
  return { userId, sellerId: seller!.id };
}

async function makeBuyer() {
  const userId = await makeUser("Sipho Buyer");
  await db().insert(s.profiles).values({ userId, role: "buyer", fullName: "Sipho Buyer" });
  const [buyer] = await db().insert(s.buyers).values({ userId, commissionAccepted: true }).returning();
  return { userId, buyerId: buyer!.id };
}

const listing = (sellerId: string, over: Partial<typeof s.listings.$inferInsert> = {}) =>
  listingRow(sellerId, { isUrgent: true, expiresOn: new Date(Date.now() + 90 * 86_400_000), ...over });

async function makeListing(sellerId: string, over: Partial<typeof s.listings.$inferInsert> = {}) {
  const [row] = await db().insert(s.listings).values(listing(sellerId, over)).returning();
  return row!;
}

describe(`migrations on ${dbLabel}`, () => {
  it("create a table for every entity of the spec", async () => {
    const names = (
      await rows<{ table_name: string }>(
        db(),
        sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      )
    ).map((r) => r.table_name);
    expect(names.slice().sort()).toEqual(expect.arrayContaining(SPEC_TABLES));
    expect(names.length).toBeGreaterThanOrEqual(SPEC_TABLES.length);
  });

  it("keep money in numeric(14,2) columns, never floats", async () => {
    const money = await rows<{ table_name: string; column_name: string; data_type: string; numeric_scale: number }>(
      db(),
      sql`select table_name, column_name, data_type, numeric_scale from information_schema.columns
          where table_schema = 'public' and column_name in ('price', 'amount', 'offer_amount') order by 1`,
    );
    expect(money.map((c) => `${c.table_name}.${c.column_name}:${c.data_type}:${c.numeric_scale}`)).toEqual([
      "listings.price:numeric:2",
      "request_events.amount:numeric:2",
      "transactions.amount:numeric:2",
      "user_requests.offer_amount:numeric:2",
    ]);
  });

  it("record every migration of the journal", async () => {
    expect(journal.entries.length).toBeGreaterThanOrEqual(1);
    expect(await migrationCount(db())).toBe(journal.entries.length);
  });

  it("run a second time without error or change, keeping the data (as on every restart)", async () => {
    const before = await schemaSnapshot(db());
    expect(before.columns.length).toBeGreaterThan(100);

    if (dbKind === "postgres") {
      const { userId } = await makeSeller();
      const again = await openDatabase({ databaseUrl: getDb().databaseUrl! });
      await again.close();
      expect(await schemaSnapshot(db())).toEqual(before);
      expect(await migrationCount(db())).toBe(journal.entries.length);
      expect(await db().select().from(s.profiles).where(eq(s.profiles.userId, userId))).toHaveLength(1);
    } else {
      // PGlite: the embedded default opens a folder; migrate it, write, close, open again.
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-migrate-"));
      try {
        const first = await openDatabase({ dataDir: dir });
        const snapshot = await schemaSnapshot(first.db);
        await first.db.insert(s.user).values({ id: "u-restart", name: "Restart", email: "restart@example.co.za" });
        await first.close();

        const second = await openDatabase({ dataDir: dir });
        try {
          expect(await schemaSnapshot(second.db)).toEqual(snapshot);
          expect(await migrationCount(second.db)).toBe(journal.entries.length);
          expect(await second.db.select().from(s.user).where(eq(s.user.id, "u-restart"))).toHaveLength(1);
        } finally {
          await second.close();
        }
        // The folder and the in-memory database come from the same migrations.
        expect(snapshot).toEqual(before);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    }
  });
});

describe(`schema rules on ${dbLabel}`, () => {
  it("refuse a negative price, unknown category, condition or status, and a blank title", async () => {
    const { sellerId } = await makeSeller();
    const insert = (over: Partial<typeof s.listings.$inferInsert>) =>
      db().insert(s.listings).values(listing(sellerId, over));
    await expectViolation(insert({ price: "-1" }), "listings_price_check");
    await expectViolation(insert({ price: "-0.01" }), "listings_price_check");
    await expectViolation(insert({ category: "tractors" as never }), "listings_category_check");
    await expectViolation(insert({ condition: "broken" as never }), "listings_condition_check");
    await expectViolation(insert({ status: "live" as never }), "listings_status_check");
    await expectViolation(insert({ adminStatus: "maybe" as never }), "listings_admin_status_check");
    await expectViolation(insert({ title: "   " }), "listings_title_check");
    // Every real category and a zero price are fine.
    for (const category of v.CATEGORIES) await insert({ category, price: "0" });
    const [{ n }] = (await rows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from listings where seller_id = ${sellerId}`,
    )) as [{ n: number }];
    expect(n).toBe(v.CATEGORIES.length);
  });

  it("refuse an unknown notification type and a rating outside 1-5", async () => {
    const userId = await makeUser();
    await expectViolation(
      db()
        .insert(s.notifications)
        .values({ userId, title: "t", message: "m", type: "spam" as never }),
      "notifications_type_check",
    );
    await expectViolation(
      db().insert(s.feedback).values({ userId, userType: "seller", rating: 6 }),
      "feedback_rating_check",
    );
    await expectViolation(
      db().insert(s.feedback).values({ userId, userType: "seller", rating: 0 }),
      "feedback_rating_check",
    );
    for (const type of v.NOTIFICATION_TYPES) {
      await db().insert(s.notifications).values({ userId, title: "t", message: "m", type });
    }
    await db().insert(s.feedback).values({ userId, userType: "buyer", rating: 5 });
    await db().insert(s.feedback).values({ userId, userType: "buyer", rating: 1 });
    // The default type is generic.
    const [n] = await db().insert(s.notifications).values({ userId, title: "t", message: "m" }).returning();
    expect(n!.type).toBe("generic");
  });

  it("refuse an admin role on an invitation, and a reused token hash", async () => {
    const base = { email: "invitee@example.co.za", expiresAt: new Date(Date.now() + 7 * 86_400_000) };
    await db()
      .insert(s.pendingInvitations)
      .values({ ...base, tokenHash: "hash-1" });
    await expectViolation(
      db()
        .insert(s.pendingInvitations)
        .values({ ...base, tokenHash: "hash-1" }),
      "pending_invitations_token_hash_unique",
      "23505",
    );
    await expectViolation(
      db()
        .insert(s.pendingInvitations)
        .values({ ...base, tokenHash: "hash-2", role: "admin" as never }),
      "pending_invitations_role_check",
    );
  });

  it("deleting a user removes their profile, seller row, listings, photos, views, requests and notifications", async () => {
    const { userId, sellerId } = await makeSeller();
    const other = await makeSeller();
    const buyer = await makeBuyer();
    const mine = await makeListing(sellerId);
    const theirs = await makeListing(other.sellerId);
    await db()
      .insert(s.listingImages)
      .values({ listingId: mine.id, position: 0, storageKey: `public/listings/${mine.id}/a` });
    await db().insert(s.listingViews).values({ listingId: mine.id, viewerKey: buyer.userId });
    await db()
      .insert(s.transactions)
      .values({ buyerId: buyer.buyerId, sellerId, listingId: mine.id, amount: "1450000" });
    await db()
      .insert(s.notifications)
      .values({ userId, title: "Listing approved", message: "Live", type: "listing_status" });
    await db().insert(s.notifications).values({ userId: other.userId, title: "Hello", message: "Stays" });

    await db().delete(s.user).where(eq(s.user.id, userId));

    expect(await db().select().from(s.profiles).where(eq(s.profiles.userId, userId))).toHaveLength(0);
    expect(await db().select().from(s.sellers).where(eq(s.sellers.id, sellerId))).toHaveLength(0);
    expect(await db().select().from(s.listings).where(eq(s.listings.id, mine.id))).toHaveLength(0);
    expect(await db().select().from(s.listingImages).where(eq(s.listingImages.listingId, mine.id))).toHaveLength(0);
    expect(await db().select().from(s.listingViews).where(eq(s.listingViews.listingId, mine.id))).toHaveLength(0);
    expect(await db().select().from(s.transactions).where(eq(s.transactions.listingId, mine.id))).toHaveLength(0);
    expect(await db().select().from(s.notifications).where(eq(s.notifications.userId, userId))).toHaveLength(0);
    // Nobody else's rows go with them.
    expect(await db().select().from(s.listings).where(eq(s.listings.id, theirs.id))).toHaveLength(1);
    expect(await db().select().from(s.notifications).where(eq(s.notifications.userId, other.userId))).toHaveLength(1);
    expect(await db().select().from(s.buyers).where(eq(s.buyers.id, buyer.buyerId))).toHaveLength(1);
  });

  it("count a listing view once per listing, viewer and day", async () => {
    const { sellerId } = await makeSeller();
    const a = await makeListing(sellerId);
    const b = await makeListing(sellerId);
    await db().insert(s.listingViews).values({ listingId: a.id, viewerKey: "viewer-1" });
    await expectViolation(
      db().insert(s.listingViews).values({ listingId: a.id, viewerKey: "viewer-1" }),
      "listing_views_once_per_day_idx",
      "23505",
    );
    // Another viewer, another listing, or another day all count.
    await db().insert(s.listingViews).values({ listingId: a.id, viewerKey: "viewer-2" });
    await db().insert(s.listingViews).values({ listingId: b.id, viewerKey: "viewer-1" });
    await db().insert(s.listingViews).values({ listingId: a.id, viewerKey: "viewer-1", viewedOn: "2020-01-01" });
    // ON CONFLICT DO NOTHING is how a repeat view is ignored.
    await db().insert(s.listingViews).values({ listingId: a.id, viewerKey: "viewer-1" }).onConflictDoNothing();
    const views = await db().select().from(s.listingViews).where(eq(s.listingViews.listingId, a.id));
    expect(views).toHaveLength(3);
  });

  it("allow one open purchase request per buyer and listing", async () => {
    const { sellerId } = await makeSeller();
    const l = await makeListing(sellerId);
    const buyer = await makeBuyer();
    const otherBuyer = await makeBuyer();
    const request = { buyerId: buyer.buyerId, sellerId, listingId: l.id, amount: "1450000" };
    const [first] = await db().insert(s.transactions).values(request).returning();
    expect(first!.status).toBe("new");
    await expectViolation(db().insert(s.transactions).values(request), "transactions_open_once_idx", "23505");
    // Still open once contacted.
    await db().update(s.transactions).set({ status: "contacted" }).where(eq(s.transactions.id, first!.id));
    await expectViolation(db().insert(s.transactions).values(request), "transactions_open_once_idx", "23505");
    // Another buyer may ask for the same listing.
    await db()
      .insert(s.transactions)
      .values({ ...request, buyerId: otherBuyer.buyerId });
    // Once closed, the buyer may ask again.
    await db().update(s.transactions).set({ status: "closed" }).where(eq(s.transactions.id, first!.id));
    await db().insert(s.transactions).values(request);
    await expectViolation(
      db()
        .insert(s.transactions)
        .values({ ...request, amount: "-5" }),
      "transactions_amount_check",
    );
    await expectViolation(
      db()
        .insert(s.transactions)
        .values({ ...request, buyerId: otherBuyer.buyerId, status: "paid" as never }),
      "transactions_status_check",
    );
  });

  it("keep money exact and return it as a string", async () => {
    const { sellerId } = await makeSeller();
    const exact = await makeListing(sellerId, { price: "1234567.89" });
    expect(exact.price).toBe("1234567.89");
    const big = await makeListing(sellerId, { price: "999999999999.99" });
    expect(big.price).toBe("999999999999.99");
    const whole = await makeListing(sellerId, { price: "1450000" });
    expect(whole.price).toBe("1450000.00");
    const cents = await makeListing(sellerId, { price: "0.10" });
    await makeListing(sellerId, { price: "0.20" });
    const [read] = await db().select({ price: s.listings.price }).from(s.listings).where(eq(s.listings.id, cents.id));
    expect(read!.price).toBe("0.10");
    const [sum] = await rows<{ total: string }>(
      db(),
      sql`select sum(price)::text as total from listings where seller_id = ${sellerId} and price < 1`,
    );
    expect(sum!.total).toBe("0.30");
    // Beyond numeric(14,2) is refused, not rounded into something else.
    const overflow = await makeListing(sellerId, { price: "10000000000000.00" }).then(
      () => undefined,
      (e: { cause?: { code?: string } }) => e.cause?.code,
    );
    expect(overflow).toBe("22003");
  });
});
