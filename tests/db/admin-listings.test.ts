/**
 * The admin's listing list pages with a cursor: however long the pending
 * queue grows, every listing is reachable, once, in newest-first order
 * (ties on the creation time included), and a forged cursor means page one.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";
import { ADMIN_PAGE_SIZE, findAdminListings, type AdminFilter } from "#app/domain/listing/find-admin-listings.server.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { createTestDatabaseUrl, listingRow } from "./support/harness.ts";

let handle: DbHandle;
let storage: Storage;
let t: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

beforeAll(async () => {
  t = await createTestDatabaseUrl();
  handle = await openDatabase({ databaseUrl: t.url, memory: !t.url, snapshot: t.snapshot });
  storage = createLocalStorage(path.join(t.dataDir, "uploads"));
  await seedDemo({ db: handle.db, storage });
  const [seller] = await handle.db.select({ id: s.sellers.id }).from(s.sellers).limit(1);
  // More pending listings than two pages hold, forty of them created in the same instant.
  const sameInstant = new Date("2026-11-20T08:00:00Z");
  await handle.db.insert(s.listings).values(
    Array.from({ length: ADMIN_PAGE_SIZE * 2 + 5 }, (_, i) =>
      listingRow(seller!.id, {
        title: `Queued machine ${i}`,
        price: String(10_000 + i),
        category: "generators",
        ...(i < 40 ? { createdOn: sameInstant } : {}),
      }),
    ),
  );
});
afterAll(async () => {
  await handle.close();
  await t.drop();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

async function everyPage(filter: AdminFilter) {
  const seen: string[] = [];
  const createdOn: string[] = [];
  let cursor: string | undefined;
  let pages = 0;
  for (;;) {
    const page = await findAdminListings({ db: handle.db, storage, filter, cursor });
    pages++;
    expect(page.listings.length).toBeLessThanOrEqual(ADMIN_PAGE_SIZE);
    seen.push(...page.listings.map((l) => l.id));
    createdOn.push(...page.listings.map((l) => l.createdOn));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  return { seen, createdOn, pages };
}

describe("admin listings", () => {
  it("reaches every pending listing exactly once, a page at a time, newest first", async () => {
    const pending = await handle.db.select({ id: s.listings.id }).from(s.listings).where(eq(s.listings.adminStatus, "pending"));
    expect(pending.length).toBeGreaterThan(ADMIN_PAGE_SIZE * 2);
    const { seen, createdOn, pages } = await everyPage("pending");
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(new Set(seen).size).toBe(seen.length);
    expect(new Set(seen)).toEqual(new Set(pending.map((r) => r.id)));
    expect([...createdOn].sort().reverse()).toEqual(createdOn);
  });

  it("pages the whole list as well", async () => {
    const all = await handle.db.select({ id: s.listings.id }).from(s.listings);
    const { seen } = await everyPage("all");
    expect(seen.sort()).toEqual(all.map((r) => r.id).sort());
  });

  it("treats a forged cursor as the first page", async () => {
    const first = await findAdminListings({ db: handle.db, storage, filter: "pending" });
    for (const cursor of ["garbage", Buffer.from('{"v":"2026-02-30T00:00:00Z","id":"00000000-0000-4000-8000-000000000000"}').toString("base64url")]) {
      const page = await findAdminListings({ db: handle.db, storage, filter: "pending", cursor });
      expect(page.listings.map((l) => l.id)).toEqual(first.listings.map((l) => l.id));
    }
  });
});
