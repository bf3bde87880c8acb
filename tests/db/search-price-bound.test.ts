/**
 * Words sorted by price start their walk at a bound read from
 * listing_term_prices (search at a million listings). The bound may
 * only ever make a search faster: these tests hold every search to the same
 * answer as the plain query without a bound, and hold the table to covering
 * every lexeme of every listing as listings are added, repriced and reworded.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";
import { findListings, listingsPageQuery } from "#app/domain/listing/find-listings.server.ts";
import type { ListingSearch } from "#app/domain/listing/listing-search.ts";
import { refreshTermPrices } from "#app/domain/listing/refresh-term-prices.server.ts";
import { searchPriceBound } from "#app/domain/listing/search-price-bound.server.ts";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { listingRow, publicListingRow, setupTestDatabase } from "./support/harness.ts";

const db = () => getDb().db;
const getDb = setupTestDatabase();
let storage: Storage;
let dir: string;
let sellerId: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-bound-"));
  storage = createLocalStorage(dir);
  await seedDemo({ db: db(), storage });
  sellerId = (await db().select({ id: s.sellers.id }).from(s.sellers).limit(1))[0]!.id;
  // The shape that made the search slow: excavators cost more than everything else...
  for (let i = 0; i < 30; i++) {
    await db()
      .insert(s.listings)
      .values(
        publicListingRow(sellerId, {
          title: `Arc welder ${i}`,
          category: "welding_equipment",
          price: String(5_000 + i * 100),
        }),
      );
  }
  // ...except one cheap public excavator bucket, and a cheaper excavator nobody may see yet.
  await db()
    .insert(s.listings)
    .values(publicListingRow(sellerId, { title: "Excavator bucket teeth", category: "other", price: "7550" }));
  await db()
    .insert(s.listings)
    .values(listingRow(sellerId, { title: "Excavator ripper tooth", category: "other", price: "900" }));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every page of a search, once with the bound (findListings) and once without it (the plain page query). */
async function bothWays(search: Partial<ListingSearch>, limit = 4) {
  const withBound: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 200; i++) {
    const page = await findListings({ db: db(), storage, search: { ...search, cursor }, limit });
    withBound.push(...page.items.map((l) => l.id));
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  const plain = (await listingsPageQuery({ db: db(), search, limit: 1000 })).map((r) => r.id);
  return { withBound, plain };
}

/** What the table must hold: for each lexeme of any listing, bounds at least as wide as the real ones. */
async function uncovered() {
  const { rows } = await db().execute(sql`
    select u.lexeme, min(l.price) as min, max(l.price) as max, t.min_price, t.max_price
    from listings l cross join unnest(l.search_vector) u
    left join listing_term_prices t on t.lexeme = u.lexeme
    group by u.lexeme, t.min_price, t.max_price
    having t.min_price is null or t.min_price > min(l.price) or t.max_price < max(l.price)`);
  return rows;
}

describe("price bounds of the words", () => {
  it("cover every lexeme of every listing after the demo data and the bulk inserts", async () => {
    expect(await uncovered()).toEqual([]);
    const [excav] = await db().select().from(s.listingTermPrices).where(eq(s.listingTermPrices.lexeme, "excav"));
    // Hidden listings count too: the bound is for every listing, public or not.
    expect(Number(excav!.minPrice)).toBe(900);
  });

  it("widen as listings are added, repriced and reworded, and refresh recomputes them exactly", async () => {
    const [row] = await db()
      .insert(s.listings)
      .values(listingRow(sellerId, { title: "Quokka grader", price: "123456" }))
      .returning();
    const bound = async (lexeme: string) =>
      (await db().select().from(s.listingTermPrices).where(eq(s.listingTermPrices.lexeme, lexeme)))[0];
    expect(await bound("quokka")).toMatchObject({ minPrice: "123456.00", maxPrice: "123456.00" });
    await db().update(s.listings).set({ price: "99" }).where(eq(s.listings.id, row!.id));
    expect(await bound("quokka")).toMatchObject({ minPrice: "99.00", maxPrice: "123456.00" });
    await db().update(s.listings).set({ title: "Wombat grader" }).where(eq(s.listings.id, row!.id));
    expect(await bound("wombat")).toMatchObject({ minPrice: "99.00", maxPrice: "99.00" });
    expect(await uncovered()).toEqual([]);

    // Bounds only widen; a refresh tightens them to the listings as they are.
    await refreshTermPrices({ db: db() });
    expect(await bound("quokka")).toBeUndefined();
    expect(await bound("wombat")).toMatchObject({ minPrice: "99.00", maxPrice: "99.00" });
    expect(await uncovered()).toEqual([]);
    await db().delete(s.listings).where(eq(s.listings.id, row!.id));
  });

  it("start a price sort at the cheapest (dearest) listing holding every word", async () => {
    expect(await searchPriceBound({ db: db(), search: { q: "excavator", sort: "price_asc" } })).toEqual({
      op: ">=",
      price: "900.00",
    });
    const dearest = (
      await db().execute(
        sql`select max(price)::text as p from listings where search_vector @@ to_tsquery('english', 'excavator')`,
      )
    ).rows[0] as { p: string };
    expect(await searchPriceBound({ db: db(), search: { q: "excavator", sort: "price_desc" } })).toEqual({
      op: "<=",
      price: Number(dearest.p).toFixed(2),
    });
    // No bound where it would not hold or not help: newest first, OR, a negated word, no words.
    expect(await searchPriceBound({ db: db(), search: { q: "excavator", sort: "newest" } })).toBeUndefined();
    expect(
      await searchPriceBound({ db: db(), search: { q: "excavator or welder", sort: "price_asc" } }),
    ).toBeUndefined();
    expect(await searchPriceBound({ db: db(), search: { q: "excavator -bucket", sort: "price_asc" } })).toBeUndefined();
    expect(await searchPriceBound({ db: db(), search: { sort: "price_asc" } })).toBeUndefined();
    expect(await searchPriceBound({ db: db(), search: { q: "the", sort: "price_asc" } })).toBeUndefined();
  });

  const SEARCHES = [
    "excavator",
    "Excavator bucket",
    "welder",
    '"arc welder"',
    "caterpillar crane",
    "excavator or welder",
    "excavator -bucket",
    "Durban",
    "gauteng used",
    "the",
    "zzzznotamachine",
    "o'brien",
    "R 1,450,000",
  ];
  it.each(
    SEARCHES.flatMap(
      (q) =>
        [
          [q, "price_asc"],
          [q, "price_desc"],
        ] as const,
    ),
  )("finds the same listings in the same order with the bound as without (%s, %s)", async (q, sort) => {
    const { withBound, plain } = await bothWays({ q, sort });
    expect(withBound).toEqual(plain);
  });

  it("keeps the same answer with other filters and a price range", async () => {
    for (const sort of ["price_asc", "price_desc"] as const) {
      for (const extra of [
        { category: "other" as const },
        { minPrice: 6_000, maxPrice: 2_000_000 },
        { condition: "used" as const },
      ]) {
        const { withBound, plain } = await bothWays({ q: "excavator", sort, ...extra }, 3);
        expect(withBound, `${sort} ${JSON.stringify(extra)}`).toEqual(plain);
      }
    }
  });

  it("shows the cheap excavator bucket first and never the hidden ripper tooth", async () => {
    const page = await findListings({ db: db(), storage, search: { q: "excavator", sort: "price_asc" }, limit: 3 });
    expect(page.items[0]!.title).toBe("Excavator bucket teeth");
    expect(page.items.map((l) => l.title)).not.toContain("Excavator ripper tooth");
  });
});
