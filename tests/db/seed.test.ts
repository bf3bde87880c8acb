import fs from "node:fs";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { createTestDatabaseUrl } from "./test-database-url.ts";

let handle: DbHandle;
let t: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

beforeAll(async () => {
  t = await createTestDatabaseUrl();
  handle = await openDatabase({ databaseUrl: t.url, memory: !t.url });
  await seedDemo({ db: handle.db, storage: createLocalStorage(path.join(t.dataDir, "uploads")) });
});
afterAll(async () => {
  await handle.close();
  await t.drop();
});

it("seeds an admin, two sellers, two buyers with verified e-mails", async () => {
  const users = await handle.db.select().from(s.user);
  expect(users).toHaveLength(5);
  expect(users.every((u) => u.emailVerified)).toBe(true);
  const roles = (await handle.db.select({ role: s.profiles.role }).from(s.profiles)).map((r) => r.role).sort();
  expect(roles).toEqual(["admin", "buyer", "buyer", "seller", "seller"]);
  const admins = await handle.db.select().from(s.adminAccess).where(eq(s.adminAccess.isActive, true));
  expect(admins).toHaveLength(1);
  const buyers = await handle.db.select().from(s.buyers);
  expect(buyers.every((b) => b.commissionAccepted)).toBe(true);
});

it("seeds ~40 listings over every category: urgent, bargain, pending and rejected ones", async () => {
  const rows = await handle.db.select().from(s.listings);
  expect(rows.length).toBeGreaterThanOrEqual(38);
  expect(new Set(rows.map((r) => r.category))).toEqual(new Set(s.CATEGORIES));
  expect(rows.some((r) => r.isUrgent)).toBe(true);
  expect(rows.some((r) => r.isBargain)).toBe(true);
  expect(rows.every((r) => r.isUrgent || r.isBargain)).toBe(true);
  expect(rows.filter((r) => r.adminStatus === "pending").length).toBeGreaterThanOrEqual(3);
  expect(rows.filter((r) => r.adminStatus === "rejected").length).toBeGreaterThanOrEqual(1);
  expect(rows.filter((r) => r.adminStatus === "approved" && r.status === "approved").length).toBeGreaterThanOrEqual(30);
  expect(rows.every((r) => r.condition && r.location)).toBe(true);
});

it("gives every listing photos whose files exist", async () => {
  const [{ n }] = (await handle.db
    .select({ n: sql<number>`count(distinct ${s.listingImages.listingId})::int` })
    .from(s.listingImages)) as [{ n: number }];
  const listingCount = (await handle.db.select().from(s.listings)).length;
  expect(n).toBe(listingCount);
  const images = await handle.db.select().from(s.listingImages);
  for (const img of images.slice(0, 20)) {
    for (const v of ["thumb", "card", "full"]) {
      expect(fs.existsSync(path.join(t.dataDir, "uploads", `${img.storageKey}-${v}.webp`))).toBe(true);
    }
  }
});
