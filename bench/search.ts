/**
 * Search at a million listings: seeds PostgreSQL with 1,000,000
 * listings, then times the app's own catalog query (findListings: the page
 * query plus the photo query) for 20 filter combinations and for keyset pages
 * at depth 1, 100 and 10,000. Targets: p95 < 20 ms per combination; any depth < 5 ms.
 *
 *   npm run bench -- search
 *   BENCH_SEARCH_ROWS=100000   fewer listings (a quick run)
 *   BENCH_KEEP_DB=1            keep the seeded database (mm_bench_search_keep) for the next run
 *   BENCH_EXPLAIN=1            print EXPLAIN ANALYZE of each combination's page query
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
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
const keep = process.env.BENCH_KEEP_DB === "1";

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
];
const DEPTH_SEARCHES: [string, Search][] = [
  ["newest", { sort: "newest" }],
  ["price low→high", { sort: "price_asc" }],
  ["used, price high→low", { condition: "used", sort: "price_desc" }],
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
    const run = (search: Search) => findListings({ db, storage, search, limit: PAGE_SIZE });

    async function sample(search: Search, runs = RUNS) {
      for (let i = 0; i < 3; i++) await run(search); // warm-up
      const times: number[] = [];
      let count = 0;
      for (let i = 0; i < runs; i++) {
        const t = nowMs();
        const page = await run(search);
        times.push(nowMs() - t);
        count = page.items.length;
      }
      return { p50: percentile(times, 50), p95: percentile(times, 95), count };
    }

    // 20 filter combinations.
    const comboRows: (string | number)[][] = [["combination", "rows", "p50", "p95", "target p95", "met"]];
    let combosMet = 0;
    for (const [label, search] of COMBINATIONS) {
      const r = await sample(search);
      const met = r.p95 < COMBO_TARGET_MS;
      if (met) combosMet++;
      comboRows.push([label, r.count, ms(r.p50), ms(r.p95), `< ${COMBO_TARGET_MS} ms`, met ? "yes" : "NO"]);
      if (process.env.BENCH_EXPLAIN === "1") await explain(pool, () => run(search), label);
    }
    printTable(
      `Catalog search, ${ROWS.toLocaleString("en")} listings, ${RUNS} runs each (findListings, page of ${PAGE_SIZE})`,
      comboRows,
    );
    console.log(`${combosMet}/${COMBINATIONS.length} combinations meet p95 < ${COMBO_TARGET_MS} ms`);

    // Keyset paging: walk the cursor to the page, then time that page.
    const depthRows: (string | number)[][] = [["sort", "page", "p50", "p95", "target", "met"]];
    let depthsMet = 0;
    for (const [label, search] of DEPTH_SEARCHES) {
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
        const r = await sample({ ...search, cursor });
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
        if (process.env.BENCH_EXPLAIN === "1")
          await explain(pool, () => run({ ...search, cursor }), `${label} @ ${depth}`);
      }
      log(`${label}: walked ${page.toLocaleString("en")} pages in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
    }
    printTable(`Keyset pages (cursor walked page by page, ${PAGE_SIZE} a page; p95 judged)`, depthRows);
    console.log(`${depthsMet}/${DEPTH_SEARCHES.length * DEPTHS.length} pages meet p95 < ${DEPTH_TARGET_MS} ms`);
    console.log(`[machine] ${machineNote()}`);
  } finally {
    await handle?.close();
    await bench.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
    if (keep) log(`kept database ${bench.name} (drop it with: psql -c 'drop database ${bench.name}')`);
  }
}

/** Runs `fn` once while capturing its SQL, then prints EXPLAIN ANALYZE of the first (page) query. */
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
  const first = captured[0];
  if (!first) return;
  const { rows } = await original(`explain (analyze, buffers) ${first.text}`, first.values as unknown[]);
  console.log(`\n--- ${label}\n${rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
}

await main();
