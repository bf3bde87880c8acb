/**
 * A comparison's machines on a real database (findComparedListings): public
 * listings only, in the order asked for, at most three; malformed and unknown
 * ids are left out, never an error; the serial number is masked.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";
import { findComparedListings } from "#app/domain/listing/find-compared-listings.server.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { createTestDatabaseUrl, dbLabel } from "./support/harness.ts";

let handle: DbHandle;
let storage: Storage;
let t: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
let visible: string[];
/** Each way a listing is not public: pending, rejected, archived, expired (flag), expired (date), sold. */
let hidden: Record<"pending" | "rejected" | "archived" | "expired" | "pastDate" | "sold", string>;

const find = (ids: string | string[]) => findComparedListings({ db: handle.db, storage, ids });
const idsOf = async (ids: string | string[]) => (await find(ids)).map((l) => l.id);

beforeAll(async () => {
  t = await createTestDatabaseUrl();
  handle = await openDatabase({ databaseUrl: t.url, memory: !t.url, snapshot: t.snapshot });
  storage = createLocalStorage(path.join(t.dataDir, "uploads"));
  await seedDemo({ db: handle.db, storage });
  const approved = await handle.db
    .select({ id: s.listings.id })
    .from(s.listings)
    .where(eq(s.listings.adminStatus, "approved"))
    .orderBy(s.listings.id);
  const [archived, expired, pastDate, sold] = approved.slice(-4).map((r) => r.id);
  await handle.db.update(s.listings).set({ archived: true }).where(eq(s.listings.id, archived!));
  await handle.db.update(s.listings).set({ expired: true }).where(eq(s.listings.id, expired!));
  await handle.db
    .update(s.listings)
    .set({ expiresOn: new Date(Date.now() - 1000) })
    .where(eq(s.listings.id, pastDate!));
  await handle.db.update(s.listings).set({ status: "sold" }).where(eq(s.listings.id, sold!));
  const [pending] = await handle.db
    .select({ id: s.listings.id })
    .from(s.listings)
    .where(eq(s.listings.adminStatus, "pending"))
    .limit(1);
  const [rejected] = await handle.db
    .select({ id: s.listings.id })
    .from(s.listings)
    .where(eq(s.listings.adminStatus, "rejected"))
    .limit(1);
  hidden = {
    pending: pending!.id,
    rejected: rejected!.id,
    archived: archived!,
    expired: expired!,
    pastDate: pastDate!,
    sold: sold!,
  };
  const rows = await handle.db.execute(sql`
    select id from listings
    where status = 'approved' and admin_status = 'approved' and not archived and not expired and expires_on > now()
    order by created_on desc, id`);
  visible = (rows.rows as { id: string }[]).map((r) => r.id);
  // A serial number to mask on the first machine compared.
  await handle.db.update(s.listings).set({ serial: "CAT0320DKBZX01234" }).where(eq(s.listings.id, visible[0]!));
});
afterAll(async () => {
  await handle?.close();
  await t?.drop();
  if (t) fs.rmSync(t.dataDir, { recursive: true, force: true });
});

describe(`compared listings (${dbLabel})`, () => {
  it("has public and hidden listings to compare", () => {
    expect(visible.length).toBeGreaterThanOrEqual(10);
    expect(new Set(Object.values(hidden)).size).toBe(6);
    for (const id of Object.values(hidden)) expect(visible).not.toContain(id);
  });

  it("keeps the order asked for", async () => {
    const [a, b, c] = visible;
    expect(await idsOf([c!, a!, b!])).toEqual([c, a, b]);
    expect(await idsOf(`${b},${c},${a}`)).toEqual([b, c, a]);
  });

  it.each(["pending", "rejected", "archived", "expired", "pastDate", "sold"] as const)(
    "leaves out a listing that is not public (%s) and keeps the rest in order",
    async (kind) => {
      const [a, b] = visible;
      expect(await idsOf([a!, hidden[kind], b!])).toEqual([a, b]);
      expect(await idsOf(hidden[kind])).toEqual([]);
    },
  );

  it("compares at most three: the first three asked for", async () => {
    const [a, b, c, d] = visible;
    expect(await idsOf([d!, c!, b!, a!])).toEqual([d, c, b]);
    expect(await idsOf(visible.join(","))).toEqual(visible.slice(0, 3));
  });

  it("counts a hidden listing among the three asked for rather than reaching past them", async () => {
    const [a, b, c] = visible;
    expect(await idsOf([a!, hidden.pending, b!, c!])).toEqual([a, b]);
  });

  it("ignores malformed and unknown ids, never failing the query", async () => {
    const [a, b] = visible;
    const junk = [
      "",
      "not-a-uuid",
      "1",
      "'; drop table listings; --",
      "00000000-0000-0000-0000-00000000000g",
      `${a}x`,
      "%",
      "\u0000",
      "x".repeat(5000),
    ];
    expect(await idsOf([...junk, a!, "00000000-0000-0000-0000-000000000000", b!.toUpperCase()])).toEqual([a, b]);
    expect(await idsOf(junk)).toEqual([]);
    expect(await idsOf(",,,")).toEqual([]);
    expect(await idsOf([a!, a!, a!])).toEqual([a]);
  });

  it("gives what a public card shows, the spec details with the serial number masked, and the first photo", async () => {
    const [first] = await find([visible[0]!]);
    expect(first).toMatchObject({ id: visible[0], serial: "••••••••1234" });
    expect(typeof first!.price).toBe("number");
    expect(first!.sellerName).toBeTruthy();
    expect(first).not.toHaveProperty("description");
    expect(Array.isArray(first!.attachments)).toBe(true);
    const withPhoto = await handle.db
      .select({ listingId: s.listingImages.listingId })
      .from(s.listingImages)
      .where(inArray(s.listingImages.listingId, visible))
      .limit(1);
    if (withPhoto[0]) {
      const [pictured] = await find([withPhoto[0].listingId]);
      expect(pictured!.imageUrl).toMatch(/card/);
    }
  });
});
