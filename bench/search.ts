/**
 * Search at a million listings: seeds PostgreSQL with 1,000,000
 * listings, then times the app's own catalog query (findListings: the page
 * query plus the photo query) for 33 filter combinations (20 on words, category,
 * condition, province and price; 10 on the machine details: make, model, year,
 * hours, VAT and their sorts; 3 whose filters match nothing together), the catalog's result and make counts
 * (countListings) for the same combinations, and keyset pages at depth 1, 100
 * and 10,000. Targets: p95 < 20 ms per combination; counts p95 < 30 ms; any depth < 5 ms.
 *
 *   npm run bench -- search
 *   BENCH_SEARCH_ROWS=100000   fewer listings (a quick run)
 *   BENCH_KEEP_DB=1            keep the seeded database (mm_bench_search_keep) for the next run
 *   BENCH_EXPLAIN=1            print EXPLAIN ANALYZE of each combination's queries on listings
 *                              (BENCH_EXPLAIN=misses: only of those over their target)
 *   BENCH_SEARCH_ONLY=make,year  only the combinations and sorts whose label contains one of these
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { countListings, type SearchCounts } from "#app/domain/listing/count-listings.server.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import type { ListingSearch } from "#app/domain/listing/listing-search.ts";
import { openDatabase } from "#app/lib/db.server.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { createThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { seedListings } from "./lib/seed-listings.ts";
import { ms, nowMs, percentile, printTable, machineNote } from "./lib/stats.ts";

const ROWS = Number(process.env.BENCH_SEARCH_ROWS ?? 1_000_000);
const RUNS = Number(process.env.BENCH_SEARCH_RUNS ?? 30);
const PAGE_SIZE = 12; // the catalog's page size
const COMBO_TARGET_MS = 20;
const DEPTH_TARGET_MS = 5;
const COUNT_TARGET_MS = 30;
const keep = process.env.BENCH_KEEP_DB === "1";
const EXPLAIN = process.env.BENCH_EXPLAIN; // "1": every query; "misses": those over their target
const ONLY = (process.env.BENCH_SEARCH_ONLY ?? "")
  .split(",")
  .map((s) => s.trim().toLowerCase())
  .filter(Boolean);
const chosen = <T>(list: [string, T][]) =>
  ONLY.length ? list.filter(([label]) => ONLY.some((o) => label.toLowerCase().includes(o))) : list;
const shouldExplain = (met: boolean) => EXPLAIN === "1" || (EXPLAIN === "misses" && !met);

type Search = Partial<ListingSearch>;
const COMBINATIONS: [string, Search][] = [
  ["no filter (newest)", {}],
  ['q "excavator" (broad)', { q: "excavator" }],
  ['q "hydraulic" (very broad)', { q: "hydraulic" }],
  ['q "Komatsu" (medium)', { q: "Komatsu" }],
  ['q "demolition" (2%)', { q: "demolition" }],
  ['q "tiltrotator" (rare)', { q: "tiltrotator" }],
  ['q "amphibious" (very rare)', { q: "amphibious" }],
  ['q "zzyzx" (no match)', { q: "zzyzx" }],
  ['q "caterpillar crane"', { q: "caterpillar crane" }],
  ["category cranes", { category: "cranes" }],
  ["category welding + new", { category: "welding_equipment", condition: "new" }],
  ["condition refurbished", { condition: "refurbished" }],
  ["province Northern Cape", { province: "Northern Cape" }],
  ["province Gauteng + loaders", { province: "Gauteng", category: "loaders" }],
  ["price R500k–R1m", { minPrice: 500_000, maxPrice: 1_000_000 }],
  ["sort price low→high", { sort: "price_asc" }],
  ["excavators, price high→low", { category: "excavators", sort: "price_desc" }],
  ['q "excavator", price low→high', { q: "excavator", sort: "price_asc" }],
  ['q "generator" + W Cape + used', { q: "generator", province: "Western Cape", condition: "used" }],
  [
    "urgent dump trucks ≤R600k high→low",
    { urgent: "1", category: "dump_trucks", maxPrice: 600_000, sort: "price_desc" },
  ],
  // Machine details (make as stored, model prefix, year range, hours, VAT) and their sorts.
  ["make Caterpillar", { make: "Caterpillar" }],
  ["make Dressta (rare)", { make: "Dressta" }],
  ["Caterpillar 2015–2020", { make: "Caterpillar", yearFrom: 2015, yearTo: 2020 }],
  ["2018+, ≤ 5,000 h, Gauteng", { yearFrom: 2018, maxHours: 5_000, province: "Gauteng" }],
  ["Komatsu, lowest hours first", { make: "Komatsu", sort: "usage_asc" }],
  ['model "320" (prefix)', { model: "320" }],
  ["sort year newest first", { sort: "year_desc" }],
  ["sort hours lowest first", { sort: "usage_asc" }],
  ["VAT-registered excavators, year newest", { vatRegistered: "1", category: "excavators", sort: "year_desc" }],
  [
    "Bell dump trucks ≤ 100,000 km, year newest",
    { make: "Bell", category: "dump_trucks", maxHours: 100_000, sort: "year_desc" },
  ],
  // Filters that each match many listings but none together (a make kept while the category changes,
  // a word of another category, hours for a make whose machines have no meter).
  ["Caterpillar + cranes (none), year newest", { make: "Caterpillar", category: "cranes", sort: "year_desc" }],
  ['q "crane" + welding (none)', { q: "crane", category: "welding_equipment" }],
  ["Lincoln Electric ≤ 500 h (none)", { make: "Lincoln Electric", maxHours: 500 }],
];
const DEPTH_SEARCHES: [string, Search][] = [
  ["newest", { sort: "newest" }],
  ["price low→high", { sort: "price_asc" }],
  ["used, price high→low", { condition: "used", sort: "price_desc" }],
  ["year newest first", { sort: "year_desc" }],
  ["hours lowest first", { sort: "usage_asc" }],
];
const DEPTHS = [1, 100, 10_000];

const log = (s: string) => console.log(`[search] ${s}`);

async function main() {
  const bench = await createThrowawayDatabase(keep ? { keepName: "mm_bench_search_keep" } : {});
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-bench-search-"));
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    log(`database ${bench.name}${bench.existed ? " (kept from an earlier run)" : ""}`);
    handle = await openDatabase({ databaseUrl: bench.url }); // applies the app's migrations
    const client = new pg.Client({ connectionString: bench.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ n: number }>("select count(*)::int as n from listings");
      if (rows[0]!.n !== ROWS) {
        if (rows[0]!.n) await client.query('truncate listings, listing_images, sellers, "user" cascade');
        const t0 = nowMs();
        await seedListings(client, { listings: ROWS, log });
        log(`seeded in ${((nowMs() - t0) / 1000).toFixed(0)} s`);
      } else {
        await client.query("analyze listings");
      }
      const { rows: stats } = await client.query<{ visible: number }>(
        `select count(*)::int as visible from listings where status = 'approved' and admin_status = 'approved'
         and not archived and not expired and expires_on > now()`,
      );
      log(`${ROWS.toLocaleString("en")} listings, ${stats[0]!.visible.toLocaleString("en")} public`);
    } finally {
      await client.end();
    }

    const db = handle.db;
    const storage = createLocalStorage(storageDir);
    const pool = handle.pool!;
    const run = (search: Search, within?: string[] | null) =>
      findListings({ db, storage, search, limit: PAGE_SIZE, within });
    const count = (search: Search) => countListings({ db, search });

    async function sample<T>(fn: () => Promise<T>, runs = RUNS) {
      for (let i = 0; i < 3; i++) await fn(); // warm-up
      const times: number[] = [];
      let last: T | undefined;
      for (let i = 0; i < runs; i++) {
        const t = nowMs();
        last = await fn();
        times.push(nowMs() - t);
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), last: last! };
    }

    // The filter combinations.
    const combinations = chosen(COMBINATIONS);
    const comboRows: (string | number)[][] = [["combination", "rows", "p50", "p95", "target p95", "met"]];
    let combosMet = 0;
    for (const [label, search] of combinations) {
      // As the catalog reads it: the counts come first, and with no more than 1,000 matches their ids.
      const { ids } = await count(search);
      const r = await sample(() => run(search, ids));
      const met = r.p95 < COMBO_TARGET_MS;
      if (met) combosMet++;
      comboRows.push([label, r.last.items.length, ms(r.p50), ms(r.p95), `< ${COMBO_TARGET_MS} ms`, met ? "yes" : "NO"]);
      if (shouldExplain(met)) await explain(pool, () => run(search, ids), label);
    }
    printTable(
      `Catalog search, ${ROWS.toLocaleString("en")} listings, ${RUNS} runs each (findListings, page of ${PAGE_SIZE}, read from the counted ids when there are no more than 1,000)`,
      comboRows,
    );
    console.log(`${combosMet}/${combinations.length} combinations meet p95 < ${COMBO_TARGET_MS} ms`);

    // The catalog's counts for the same combinations (its loader drops the cursor, so do we).
    const countRows: (string | number)[][] = [["combination", "results", "makes", "p50", "p95", "target p95", "met"]];
    let countsMet = 0;
    for (const [label, search] of combinations) {
      const r = await sample(() => count(search));
      const met = r.p95 < COUNT_TARGET_MS;
      if (met) countsMet++;
      countRows.push([
        label,
        resultsText(r.last),
        makesText(r.last),
        ms(r.p50),
        ms(r.p95),
        `< ${COUNT_TARGET_MS} ms`,
        met ? "yes" : "NO",
      ]);
      if (shouldExplain(met)) await explain(pool, () => count(search), `${label} (counts)`);
    }
    printTable(
      `Result and make counts (countListings: one scan of at most 1,001 matches, a second without the make filter when one is chosen), ${RUNS} runs each`,
      countRows,
    );
    console.log(`${countsMet}/${combinations.length} counts meet p95 < ${COUNT_TARGET_MS} ms`);

    // Keyset paging: walk the cursor to the page, then time that page.
    const depthSearches = chosen(DEPTH_SEARCHES);
    const depthRows: (string | number)[][] = [["sort", "page", "p50", "p95", "target", "met"]];
    let depthsMet = 0;
    for (const [label, search] of depthSearches) {
      let cursor: string | undefined = undefined;
      let page = 1;
      const t0 = nowMs();
      for (const depth of DEPTHS) {
        while (page < depth) {
          const next: string | null = (await run({ ...search, cursor })).nextCursor;
          if (!next) break;
          cursor = next;
          page++;
        }
        if (page < depth) {
          depthRows.push([
            label,
            depth.toLocaleString("en"),
            "–",
            "–",
            `< ${DEPTH_TARGET_MS} ms`,
            `only ${page} pages`,
          ]);
          continue;
        }
        const at = { ...search, cursor };
        const r = await sample(() => run(at));
        const met = r.p95 < DEPTH_TARGET_MS;
        if (met) depthsMet++;
        depthRows.push([
          label,
          depth.toLocaleString("en"),
          ms(r.p50),
          ms(r.p95),
          `< ${DEPTH_TARGET_MS} ms`,
          met ? "yes" : "NO",
        ]);
        if (shouldExplain(met)) await explain(pool, () => run(at), `${label} @ ${depth}`);
      }
      log(`${label}: walked ${page.toLocaleString("en")} pages in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
    }
    printTable(`Keyset pages (cursor walked page by page, ${PAGE_SIZE} a page; p95 judged)`, depthRows);
    console.log(`${depthsMet}/${depthSearches.length * DEPTHS.length} pages meet p95 < ${DEPTH_TARGET_MS} ms`);
    console.log(`[machine] ${machineNote()}`);
  } finally {
    await handle?.close();
    await bench.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
    if (keep) log(`kept database ${bench.name} (drop it with: psql -c 'drop database ${bench.name}')`);
  }
}

const resultsText = (c: SearchCounts) => (c.capped ? `${c.total.toLocaleString("en")}+` : c.total.toLocaleString("en"));
const makesText = (c: SearchCounts) =>
  c.makes.length && c.makes[0]!.count === null ? `${c.makes.length} (no numbers)` : String(c.makes.length);

/** Runs `fn` once while capturing its SQL, then prints EXPLAIN ANALYZE of each query on listings (not the photos'). */
async function explain(pool: pg.Pool, fn: () => Promise<unknown>, label: string) {
  const captured: { text: string; values: unknown[] }[] = [];
  const original = pool.query.bind(pool);
  // drizzle's node-postgres driver calls pool.query({ text, ... }, values)
  (pool as unknown as { query: unknown }).query = (config: unknown, values?: unknown[]) => {
    const text = typeof config === "string" ? config : (config as { text: string }).text;
    captured.push({ text, values: values ?? [] });
    return (original as (c: unknown, v?: unknown[]) => unknown)(config, values);
  };
  try {
    await fn();
  } finally {
    (pool as unknown as { query: unknown }).query = original;
  }
  for (const query of captured.filter((q) => q.text.includes('from "listings"'))) {
    const { rows } = await original(`explain (analyze, buffers) ${query.text}`, query.values as unknown[]);
    console.log(`\n--- ${label}\n${rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
  }
}

await main();
