/**
 * The demo seed on a fresh database: five verified accounts that can sign in
 * with the demo password, ~40 listings over every category whose photos exist
 * on disk, nothing seeded twice, and no stray files when it fails.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { verifyPassword } from "better-auth/crypto";
import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import * as v from "#db/vocabulary.ts";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { seedDemo, type SeedSummary } from "#db/seed.ts";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { dbLabel, type TestDatabase, withTestDatabase } from "./support/harness.ts";

const DAY_MS = 86_400_000;

function filesUnder(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => e.name);
}

describe(`seedDemo on a fresh ${dbLabel} database`, () => {
  let t: TestDatabase;
  let uploads: string;
  let storage: Storage;
  let summary: SeedSummary;

  beforeAll(async () => {
    t = await withTestDatabase();
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "mm-seed-"));
    storage = createLocalStorage(uploads);
    summary = await seedDemo({ db: t.db, storage });
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("creates the five demo accounts, verified, with the demo password", async () => {
    expect(summary.seeded).toBe(true);
    const users = await t.db.select().from(s.user);
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_ACCOUNTS.users.map((u) => u.email).sort());
    expect(users.every((u) => u.emailVerified)).toBe(true);

    const accounts = await t.db.select().from(s.account);
    expect(accounts).toHaveLength(5);
    for (const a of accounts) {
      expect(a.providerId).toBe("credential");
      expect(a.accountId).toBe(a.userId);
      expect(await verifyPassword({ hash: a.password!, password: DEMO_ACCOUNTS.password })).toBe(true);
    }
    expect(await verifyPassword({ hash: accounts[0]!.password!, password: "wrong-password" })).toBe(false);
  });

  it("gives each account its profile and role rows", async () => {
    const people = await t.db
      .select({ email: s.user.email, profile: s.profiles })
      .from(s.user)
      .innerJoin(s.profiles, eq(s.profiles.userId, s.user.id));
    expect(people).toHaveLength(5);
    for (const demo of DEMO_ACCOUNTS.users) {
      const p = people.find((x) => x.email === demo.email)!;
      expect(p.profile.role).toBe(demo.role);
      expect(p.profile.fullName).toBe(demo.fullName);
      expect(p.profile.email).toBe(demo.email);
      expect(p.profile.phoneNumber).toMatch(/^\+27 [6-8]\d \d{3} \d{4}$/);
    }

    const admin = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    const access = await t.db
      .select({ email: s.user.email, notes: s.adminAccess.notes, isActive: s.adminAccess.isActive })
      .from(s.adminAccess)
      .innerJoin(s.user, eq(s.user.id, s.adminAccess.userId));
    expect(access).toEqual([{ email: admin.email, notes: "Demo administrator", isActive: true }]);

    const sellerRows = await t.db.select().from(s.sellers);
    expect(sellerRows).toHaveLength(2);
    expect(sellerRows.filter((r) => r.isVerified)).toHaveLength(1);
    expect(sellerRows.every((r) => r.sellerType && r.sellerRole && r.phoneNumber)).toBe(true);

    const buyerRows = await t.db.select().from(s.buyers);
    expect(buyerRows).toHaveLength(2);
    expect(buyerRows.every((b) => b.commissionAccepted)).toBe(true);
  });

  it("creates ~40 listings over all nine categories and both sellers", async () => {
    const rows = await t.db.select().from(s.listings);
    expect(rows.length).toBeGreaterThanOrEqual(38);
    expect(summary.listings).toBe(rows.length);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(v.CATEGORIES));
    expect(new Set(rows.map((r) => r.sellerId)).size).toBe(2);
    expect(new Set(rows.map((r) => r.location)).size).toBeGreaterThanOrEqual(6);
    expect(new Set(rows.map((r) => r.condition))).toEqual(new Set(v.CONDITIONS));
    for (const r of rows) {
      expect(r.title.trim().length).toBeGreaterThan(5);
      expect(r.description.length).toBeGreaterThan(40);
      expect(Number(r.price)).toBeGreaterThan(0);
      expect(r.price).toMatch(/^\d+\.\d{2}$/);
    }
  });

  it("signs every listing's exclusive sales mandate, by its own seller, so the pending ones can be approved", async () => {
    const rows = await t.db
      .select({
        listingId: s.listings.id,
        sellerUserId: s.sellers.userId,
        signer: s.mandateAgreements.userId,
        status: s.mandateAgreements.status,
        terms: s.mandateAgreements.termsText,
      })
      .from(s.listings)
      .innerJoin(s.sellers, eq(s.sellers.id, s.listings.sellerId))
      .leftJoin(s.mandateAgreements, eq(s.mandateAgreements.listingId, s.listings.id));
    expect(rows.length).toBe(summary.listings);
    for (const r of rows) {
      expect(r.status).toBe("signed");
      expect(r.signer).toBe(r.sellerUserId);
      expect(r.terms).toContain(r.listingId);
    }
  });

  it("marks some urgent, some bargains, and every one at least one of the two", async () => {
    const rows = await t.db.select().from(s.listings);
    expect(rows.filter((r) => r.isUrgent).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.isBargain).length).toBeGreaterThanOrEqual(5);
    expect(rows.filter((r) => r.isUrgent && r.isBargain).length).toBeGreaterThanOrEqual(1);
    expect(rows.filter((r) => !r.isUrgent && !r.isBargain)).toEqual([]);
  });

  it("has ~34 approved, ~5 pending and 1 rejected listing", async () => {
    const rows = await t.db.select().from(s.listings);
    const approved = rows.filter((r) => r.status === "approved" && r.adminStatus === "approved");
    const pending = rows.filter((r) => r.status === "pending" && r.adminStatus === "pending");
    const rejected = rows.filter((r) => r.adminStatus === "rejected");
    expect(approved.length).toBeGreaterThanOrEqual(30);
    expect(pending.length).toBeGreaterThanOrEqual(4);
    expect(rejected).toHaveLength(1);
    expect(approved.length + pending.length + rejected.length).toBe(rows.length);
  });

  it("spreads creation over the past 60 days and expires each 90 days after creation", async () => {
    const rows = await t.db.select().from(s.listings);
    const now = Date.now();
    for (const r of rows) {
      const age = now - r.createdOn.getTime();
      expect(age).toBeGreaterThanOrEqual(0);
      expect(age).toBeLessThanOrEqual(61 * DAY_MS);
      expect(r.expiresOn.getTime() - r.createdOn.getTime()).toBe(90 * DAY_MS);
    }
    const ages = rows.map((r) => (now - r.createdOn.getTime()) / DAY_MS);
    expect(Math.max(...ages) - Math.min(...ages)).toBeGreaterThan(40);
  });

  it("gives every listing 1-3 photos whose three WebP files exist on disk", async () => {
    const images = await t.db.select().from(s.listingImages);
    const listingIds = (await t.db.select({ id: s.listings.id }).from(s.listings)).map((r) => r.id);
    expect(summary.images).toBe(images.length);
    const perListing = new Map<string, number[]>();
    for (const img of images) perListing.set(img.listingId, [...(perListing.get(img.listingId) ?? []), img.position]);
    expect(new Set(perListing.keys())).toEqual(new Set(listingIds));
    for (const positions of perListing.values()) {
      expect(positions.length).toBeGreaterThanOrEqual(1);
      expect(positions.length).toBeLessThanOrEqual(3);
      expect(positions.sort()).toEqual([0, 1, 2].slice(0, positions.length));
    }
    expect([...perListing.values()].some((p) => p.length > 1)).toBe(true);

    for (const img of images) {
      expect(img.storageKey).toMatch(new RegExp(`^public/listings/${img.listingId}/[a-f0-9]+$`));
      expect([img.width, img.height]).toEqual([1200, 900]);
      for (const variant of ["thumb", "card", "full"]) {
        const file = path.join(uploads, `${img.storageKey}-${variant}.webp`);
        expect(fs.existsSync(file), file).toBe(true);
      }
    }
    // Nothing on disk that the database does not know about.
    expect(filesUnder(path.join(uploads, "public/listings"))).toHaveLength(images.length * 3);
    const card = await sharp(path.join(uploads, `${images[0]!.storageKey}-card.webp`)).metadata();
    expect([card.format, card.width, card.height]).toEqual(["webp", 800, 600]);
  });

  it("does nothing when the demo accounts already exist", async () => {
    const before = await t.db.select({ n: count() }).from(s.listings);
    const again = await seedDemo({ db: t.db, storage });
    expect(again.seeded).toBe(false);
    expect(await t.db.select({ n: count() }).from(s.listings)).toEqual(before);
    expect(await t.db.select({ n: count() }).from(s.user)).toEqual([{ n: 5 }]);
  });
});

describe(`seedDemo failing half-way on ${dbLabel}`, () => {
  let t: TestDatabase;
  let uploads: string;

  beforeAll(async () => {
    t = await withTestDatabase();
    uploads = fs.mkdtempSync(path.join(os.tmpdir(), "mm-seed-fail-"));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(uploads, { recursive: true, force: true });
  });

  it("leaves no files when storage fails", async () => {
    const storage = createLocalStorage(uploads);
    let puts = 0;
    const flaky: Storage = {
      ...storage,
      put: async (key, body, type) => {
        if (++puts === 40) throw new Error("disk full");
        await storage.put(key, body, type);
      },
    };
    await expect(seedDemo({ db: t.db, storage: flaky })).rejects.toThrow("disk full");
    expect(puts).toBeGreaterThanOrEqual(40);
    expect(filesUnder(uploads)).toEqual([]);
    expect(await t.db.select({ n: count() }).from(s.user)).toEqual([{ n: 0 }]);
  }, 120_000);

  it("leaves no rows and no files when the database fails", async () => {
    // The listing insert fails inside the transaction: every earlier insert must roll back too.
    const failing = new Proxy(t.db, {
      get(target, prop, receiver) {
        if (prop !== "transaction") return Reflect.get(target, prop, receiver);
        return (run: (tx: unknown) => Promise<unknown>) =>
          target.transaction((tx) =>
            run(
              new Proxy(tx, {
                get(txTarget, txProp, txReceiver) {
                  if (txProp !== "insert") return Reflect.get(txTarget, txProp, txReceiver);
                  return (table: unknown) => {
                    if (table === s.listings) throw new Error("database went away");
                    return txTarget.insert(table as typeof s.user);
                  };
                },
              }),
            ),
          );
      },
    });
    await expect(seedDemo({ db: failing, storage: createLocalStorage(uploads) })).rejects.toThrow("database went away");
    expect(filesUnder(uploads)).toEqual([]);
    expect(await t.db.select({ n: count() }).from(s.user)).toEqual([{ n: 0 }]);
    expect(await t.db.select({ n: count() }).from(s.profiles)).toEqual([{ n: 0 }]);
    expect(await t.db.select({ n: count() }).from(s.adminAccess)).toEqual([{ n: 0 }]);
  }, 120_000);
});
