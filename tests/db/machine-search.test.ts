/**
 * The machine-details filters and sorts on a real database: make, model, year range, most hours,
 * VAT-registered sellers, each alone and with the older filters, under keyset paging (every
 * matching public listing exactly once, in order, under every sort); full text finds make and
 * model; the result count stops at its cap and the make counts follow the search.
 */
import fs from "node:fs";
import path from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { seedDemo } from "#db/seed.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { countListings } from "#app/domain/listing/count-listings.server.ts";
import { parseListingSearch, type ListingSearch } from "#app/domain/listing/listing-search.ts";
import { SORTS } from "#app/domain/listing/listing-search-query.ts";
import { openDatabase, type DbHandle } from "#app/lib/db.server.ts";
import { createLocalStorage, type Storage } from "#app/lib/storage.server.ts";
import { createTestDatabaseUrl, dbLabel } from "./support/harness.ts";

let handle: DbHandle;
let storage: Storage;
let t: Awaited<ReturnType<typeof createTestDatabaseUrl>>;

type Row = {
  id: string;
  title: string;
  price: number;
  category: string;
  location: string;
  make: string | null;
  model: string | null;
  year: number | null;
  usage: number | null;
  vat: string | null;
  createdOn: string;
};
let visible: Row[];

beforeAll(async () => {
  t = await createTestDatabaseUrl();
  handle = await openDatabase({ databaseUrl: t.url, memory: !t.url, snapshot: t.snapshot });
  storage = createLocalStorage(path.join(t.dataDir, "uploads"));
  await seedDemo({ db: handle.db, storage });
  const approved = await handle.db
    .select({ id: s.listings.id, make: s.listings.make })
    .from(s.listings)
    .where(eq(s.listings.adminStatus, "approved"))
    .orderBy(s.listings.id);
  // The cases below need their Caterpillars and Volvos: the other makes lend rows to the set-ups.
  const spare = approved.filter((r) => r.make !== "Caterpillar" && r.make !== "Volvo");
  // Listings from before machine details (nothing filled in) and ties on year and hours.
  await handle.db
    .update(s.listings)
    .set({ make: null, model: null, year: null, usage: null, vat: null })
    .where(inArray(s.listings.id, spare.slice(0, 4).map((r) => r.id)));
  await handle.db
    .update(s.listings)
    .set({ year: 2015, usage: 5000 })
    .where(inArray(s.listings.id, spare.slice(4, 9).map((r) => r.id)));
  // A hidden Caterpillar: never counted, never found.
  const cat = approved.find((r) => r.make === "Caterpillar")!;
  await handle.db.update(s.listings).set({ archived: true }).where(eq(s.listings.id, cat.id));
  const rows = await handle.db.execute(sql`
    select id, title, price::float8 as price, category, location, make, model, year, usage, vat,
      to_char(created_on at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US') as "createdOn"
    from listings
    where status = 'approved' and admin_status = 'approved' and not archived and not expired and expires_on > now()`);
  visible = rows.rows as Row[];
});
afterAll(async () => {
  await handle.close();
  await t.drop();
  fs.rmSync(t.dataDir, { recursive: true, force: true });
});

async function everyPage(search: Partial<ListingSearch>, limit = 4) {
  const seen: string[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 100; i++) {
    const page = await findListings({ db: handle.db, storage, search: { ...search, cursor }, limit });
    seen.push(...page.items.map((l) => l.id));
    if (!page.nextCursor) return seen;
    cursor = page.nextCursor;
  }
  throw new Error("paging did not end");
}

/** What the search should find, in the order of its sort (the same keys the database sorts by). */
function expected(search: Partial<ListingSearch>, match: (r: Row) => boolean) {
  const rows = visible.filter(match);
  const byId = (a: Row, b: Row) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
  const sort = search.sort ?? "newest";
  const keyed: Record<string, (a: Row, b: Row) => number> = {
    newest: (a, b) => (a.createdOn === b.createdOn ? -byId(a, b) : a.createdOn < b.createdOn ? 1 : -1),
    price_asc: (a, b) => a.price - b.price || byId(a, b),
    price_desc: (a, b) => b.price - a.price || -byId(a, b),
    year_desc: (a, b) => (b.year ?? 0) - (a.year ?? 0) || -byId(a, b),
    usage_asc: (a, b) => (a.usage ?? 2147483647) - (b.usage ?? 2147483647) || byId(a, b),
  };
  return rows.sort(keyed[sort]).map((r) => r.id);
}

const cases: [string, Partial<ListingSearch>, (r: Row) => boolean][] = [
  ["make", { make: "Caterpillar" }, (r) => r.make === "Caterpillar"],
  ["make + year range", { make: "Caterpillar", yearFrom: 2010, yearTo: 2016 }, (r) => r.make === "Caterpillar" && r.year !== null && r.year >= 2010 && r.year <= 2016],
  [
    "year from + most hours + province",
    { yearFrom: 2012, maxHours: 10_000, province: "Gauteng" },
    (r) => r.year !== null && r.year >= 2012 && r.usage !== null && r.usage <= 10_000 && r.location.includes("Gauteng"),
  ],
  ["model prefix, any case", { model: "d" }, (r) => r.model !== null && r.model.toLowerCase().startsWith("d")],
  ["VAT-registered sellers", { vatRegistered: "1" }, (r) => r.vat === "inclusive" || r.vat === "exclusive"],
  [
    "make + category + price range",
    { make: "Volvo", category: "loaders", minPrice: 100_000, maxPrice: 5_000_000 },
    (r) => r.make === "Volvo" && r.category === "loaders" && r.price >= 100_000 && r.price <= 5_000_000,
  ],
  ["year to only", { yearTo: 2012 }, (r) => r.year !== null && r.year <= 2012],
];

describe(`machine details in the catalog (${dbLabel})`, () => {
  it("has listings with and without details, and ties on year and hours", () => {
    expect(visible.filter((r) => r.make === null).length).toBeGreaterThanOrEqual(3);
    expect(visible.filter((r) => r.year === 2015 && r.usage === 5000).length).toBeGreaterThanOrEqual(4);
  });

  for (const [label, search, match] of cases) {
    it(`${label}: every match exactly once, in order, under every sort`, async () => {
      const want = expected({}, match);
      expect(want.length, `${label} finds something`).toBeGreaterThan(0);
      for (const sort of SORTS) {
        const seen = await everyPage({ ...search, sort });
        expect(seen, `${label}, ${sort}`).toEqual(expected({ sort }, match));
      }
    });
  }

  it("pages every public listing exactly once by year and by hours, those without either last", async () => {
    for (const sort of ["year_desc", "usage_asc"] as const) {
      const seen = await everyPage({ sort }, 5);
      expect(seen).toEqual(expected({ sort }, () => true));
      const last = visible.find((r) => r.id === seen.at(-1))!;
      expect(sort === "year_desc" ? last.year : last.usage).toBeNull();
    }
  });

  it("finds make and model by full text, as strongly as the title", async () => {
    const { items } = await findListings({ db: handle.db, storage, search: { q: "Caterpillar" }, limit: 60 });
    const titles = items.map((l) => l.title);
    // Titles that say only "CAT" are found by their make.
    const onlyCat = visible.filter((r) => r.make === "Caterpillar" && !/caterpillar/i.test(r.title));
    expect(onlyCat.length).toBeGreaterThan(0);
    for (const r of onlyCat) expect(titles).toContain(r.title);
    const model = await findListings({ db: handle.db, storage, search: { q: "L1806E" }, limit: 60 });
    expect(model.items.map((l) => l.title)).toEqual(["Bell L1806E Front-End Loader"]);
  });

  it("reads the make filter as one make name: cat, CAT and Caterpillar are the same", () => {
    for (const make of ["cat", "CAT", "Caterpillar", " caterpillar "]) {
      expect(parseListingSearch(new URLSearchParams({ make })).make).toBe("Caterpillar");
    }
    const years = parseListingSearch(new URLSearchParams({ yearFrom: "2020", yearTo: "2010", maxHours: "9,000" }));
    expect(years).toMatchObject({ yearFrom: 2010, yearTo: 2020, maxHours: 9000 });
    const unreadable = parseListingSearch(new URLSearchParams({ yearFrom: "soon", sort: "usage_asc" }));
    expect(unreadable.yearFrom).toBeUndefined();
    expect(unreadable.sort).toBe("usage_asc");
  });

  it("counts the matches exactly below the cap and says so above it", async () => {
    const all = await countListings({ db: handle.db, search: {} });
    expect(all).toMatchObject({ total: visible.length, capped: false });
    const capped = await countListings({ db: handle.db, search: {}, cap: 5 });
    expect(capped).toMatchObject({ total: 5, capped: true });
    const cat = await countListings({ db: handle.db, search: { make: "Caterpillar" } });
    expect(cat.total).toBe(visible.filter((r) => r.make === "Caterpillar").length);
  });

  it("offers each make of the search with its count, ignoring the make chosen, and no empty make", async () => {
    const search = { category: "excavators" as const, make: "Komatsu" };
    const { makes } = await countListings({ db: handle.db, search });
    const want = new Map<string, number>();
    for (const r of visible.filter((r) => r.category === "excavators" && r.make)) want.set(r.make!, (want.get(r.make!) ?? 0) + 1);
    expect(new Map(makes.map((m) => [m.make, m.count]))).toEqual(want);
    expect(makes.every((m) => (m.count ?? 0) > 0)).toBe(true);
    // Most listings first.
    expect(makes.map((m) => m.count)).toEqual([...makes.map((m) => m.count)].sort((a, b) => b! - a!));
  });

  it("offers the makes without numbers when the search is too broad to count them all", async () => {
    const { makes, ids } = await countListings({ db: handle.db, search: {}, cap: 5 });
    expect(makes.length).toBeGreaterThan(0);
    expect(makes.every((m) => m.count === null)).toBe(true);
    expect(ids).toBeNull();
  });

  it("counts words with a category and a province as the page finds them, and the page read from the counted ids is the same", async () => {
    const searches: Partial<ListingSearch>[] = [
      { q: "excavator", category: "excavators" },
      { q: "service", province: "Gauteng" },
      { q: "generator", category: "generators", province: "Western Cape" },
      { q: "diesel", category: "dump_trucks", province: "KwaZulu-Natal" },
      { q: "crane", category: "welding_equipment" },
      { make: "Caterpillar", maxHours: 10_000 },
    ];
    for (const search of searches) {
      const all = await everyPage(search, 60);
      const counts = await countListings({ db: handle.db, search });
      expect(counts.total, JSON.stringify(search)).toBe(all.length);
      expect([...counts.ids!].sort()).toEqual([...all].sort());
      for (const sort of SORTS) {
        const plain = await findListings({ db: handle.db, storage, search: { ...search, sort }, limit: 4 });
        const within = await findListings({ db: handle.db, storage, search: { ...search, sort }, limit: 4, within: counts.ids });
        expect(within, `${JSON.stringify(search)} ${sort}`).toEqual(plain);
      }
    }
    const none = await findListings({ db: handle.db, storage, search: {}, limit: 4, within: [] });
    expect(none.items).toEqual([]);
  });
});
