/**
 * Saved-search alerts at a million listings: seeds PostgreSQL with 1,000,000
 * listings and 100,000 saved searches of 5,000 buyers, then times
 *   1. matching: the app's findMatchingSearches (one public listing against
 *      every saved search) for 300 random public listings; target p95 < 100 ms;
 *   2. one day's listings: 2,000 public listings queued and matched by the
 *      job's own matchQueuedListings (20 a transaction, the pairs recorded in
 *      saved_search_matches), then the daily digest, sendAlerts "daily"
 *      (claims, notifications and outbox e-mails, 200 saved searches a
 *      transaction); target: the whole daily run < 600 s. Handing each outbox
 *      row to pg-boss (dispatchEmail) and the SMTP sending come after and are
 *      not timed. Each step also shows this process's CPU seconds: the rest of
 *      its time is the database's (or the machine's other work).
 * The saved searches mix the catalog's filters as buyers set them: a category
 * (80 %), a province (50 %), a maximum price around the category's prices
 * (50 %), a make of the category (20 %), words drawn from the listings'
 * vocabulary — machines, makes, models, description words, rare words (25 %),
 * a year range (15 %), a condition (20 %), at most so many hours or
 * kilometres (10 %, categories with a meter), urgent / bargains /
 * VAT-registered (5 % each); none without a filter (the app refuses those).
 * How often: 40 % instant, 40 % daily, 15 % weekly, 5 % off; 2 % paused, and
 * 1 % of the buyers have stopped all alerts. Before the digest the instant
 * matches are marked told (the matching job sends them at once) and
 * saved_search_matches is vacuumed and analysed, as autovacuum would have
 * done in the hours before 07:00; the weekly searches' matches stay pending
 * (those of searches off, paused or stopped are recorded as passed over).
 *
 *   npm run bench -- alerts
 *   BENCH_ALERTS_LISTINGS=100000   fewer listings (a quick run)
 *   BENCH_ALERTS_SEARCHES=10000    fewer saved searches (buyers: one for every 20)
 *   BENCH_ALERTS_SAMPLES=300       listings matched one by one
 *   BENCH_ALERTS_DAY=2000          listings in the day's matching and digest
 *   BENCH_KEEP_DB=1                keep the seeded database (mm_bench_alerts_keep) for the next run
 *   BENCH_EXPLAIN=1                print EXPLAIN ANALYZE of the matching query for three listings
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { CATEGORIES, CATEGORY_LABELS, CONDITION_LABELS } from "#db/vocabulary.ts";
import { findMatchingSearches, matchQueuedListings } from "#app/domain/alert/match-saved-searches.server.ts";
import { sendAlerts } from "#app/domain/alert/send-alerts.server.ts";
import { PROVINCES } from "#app/domain/listing/listing-search-query.ts";
import { usageMeter } from "#app/domain/listing/machine-specs.ts";
import { makesFor } from "#app/domain/listing/makes.ts";
import { openDatabase } from "#app/lib/db.server.ts";
import { createLocalStorage } from "#app/lib/storage.server.ts";
import { createThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { seedListings } from "./lib/seed-listings.ts";
import { ms, nowMs, percentile, printTable, machineNote } from "./lib/stats.ts";

const LISTINGS = Number(process.env.BENCH_ALERTS_LISTINGS ?? 1_000_000);
const SEARCHES = Number(process.env.BENCH_ALERTS_SEARCHES ?? 100_000);
const BUYERS = Math.max(1, Math.round(SEARCHES / 20));
const SAMPLES = Number(process.env.BENCH_ALERTS_SAMPLES ?? 300);
const DAY = Number(process.env.BENCH_ALERTS_DAY ?? 2_000);
const MATCH_TARGET_MS = 100;
const DIGEST_TARGET_S = 600;
const keep = process.env.BENCH_KEEP_DB === "1";
const EXPLAIN = process.env.BENCH_EXPLAIN === "1";
const PUBLIC = `status = 'approved' and admin_status = 'approved' and not archived and not expired and expires_on > now()`;

/** Typical price per category, as bench/lib/seed-listings.ts prices the listings (0.25×–2.5× of it). */
const TYPICAL_PRICE: Record<(typeof CATEGORIES)[number], number> = {
  excavators: 950_000,
  cranes: 2_400_000,
  bulldozers: 1_300_000,
  loaders: 780_000,
  dump_trucks: 1_600_000,
  generators: 180_000,
  compressors: 95_000,
  welding_equipment: 45_000,
  other: 320_000,
};
/** The makes buyers name most when a search has no category. */
const POPULAR_MAKES = ["Caterpillar", "Komatsu", "Volvo", "JCB", "Bell", "Liebherr", "Hitachi", "John Deere"];
/**
 * The words buyers type, with how often, all from the listings' titles and descriptions as
 * bench/lib/seed-listings.ts writes them: machines, makes, models, description words, rare words.
 */
const WORDS: [string, number][] = [
  ["excavator", 8],
  ["mini excavator", 4],
  ["crane", 4],
  ["bulldozer", 3],
  ["dozer", 2],
  ["wheel loader", 3],
  ["backhoe loader", 4],
  ["skid steer", 2],
  ["dump truck", 3],
  ["tipper truck", 2],
  ["generator", 4],
  ["silent generator", 2],
  ["compressor", 3],
  ["welder", 2],
  ["telehandler", 2],
  ["forklift", 2],
  ["motor grader", 2],
  ["roller compactor", 1],
  ["caterpillar", 5],
  ["komatsu", 4],
  ["volvo", 3],
  ["jcb", 3],
  ["bell", 3],
  ["liebherr", 2],
  ["john deere", 2],
  ["caterpillar excavator", 3],
  ["komatsu excavator", 2],
  ["bell dump truck", 2],
  ["jcb backhoe", 2],
  ["320d", 2],
  ["3cx", 2],
  ["b40e", 1],
  ["pc200", 1],
  ["hydraulic", 1],
  ["low hours", 2],
  ["warranty", 1],
  ["undercarriage", 1],
  ["finance", 1],
  ["air conditioning", 1],
  ["demolition", 1],
  ["tiltrotator", 1],
  ["longreach", 1],
  ["amphibious", 1],
];

const log = (s: string) => console.log(`[alerts] ${s}`);
const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: readonly (string | number)[], type = "text") =>
  `array[${xs.map((x) => (typeof x === "number" ? String(x) : lit(x))).join(",")}]::${type}[]`;
/** `(array[…])[random pick]` */
const pick = (xs: readonly (string | number)[], type = "text") =>
  `(${arr(xs, type)})[1 + floor(random() * ${xs.length})::int]`;
const count = (n: number) => n.toLocaleString("en");
/** This process's CPU seconds since `from`: the rest of a step's time is the database's (or waiting). */
const cpuSeconds = (from: NodeJS.CpuUsage) => {
  const used = process.cpuUsage(from);
  return (used.user + used.system) / 1e6;
};

/** 5,000 buyers and their saved searches, in a few statements; deterministic (setseed). */
async function seedSavedSearches(client: pg.Client) {
  await client.query("select setseed(0.21)");
  log(`seeding ${count(BUYERS)} buyers`);
  await client.query(`
    insert into "user" (id, name, email, email_verified, created_at, updated_at)
    select 'bench-buyer-' || g, 'Bench Buyer ' || g, 'bench-buyer-' || g || '@bench.invalid', true,
           now() - interval '400 days', now() - interval '400 days'
    from generate_series(1, ${BUYERS}) g`);
  // A few buyers chose watchlist alerts; 1 % of all stopped every alert.
  await client.query(`
    insert into alert_preferences (user_id, watchlist_frequency, stopped_at)
    select id, ${pick(["instant", "daily", "weekly", "off"])},
           case when r < 0.01 then now() - interval '10 days' end
    from (select id, random() as r from "user" where id like 'bench-buyer-%') u
    where r < 0.05`);

  log(`seeding ${count(SEARCHES)} saved searches`);
  const cats = CATEGORIES.map((c, i) => ({ c, i: i + 1 }));
  const makeCase = `case g.cat ${cats.map(({ c, i }) => `when ${i} then ${pick(makesFor(c))}`).join(" ")} end`;
  const withMeter = (meter: string) =>
    cats
      .filter(({ c }) => usageMeter(c) === meter)
      .map(({ i }) => i)
      .join(",");
  const words = WORDS.flatMap(([w, n]) => Array<string>(n).fill(w));
  const label = (values: Record<string, string>, column: string) =>
    `case ${column} ${Object.entries(values)
      .map(([k, v]) => `when ${lit(k)} then ${lit(v)}`)
      .join(" ")} end`;
  await client.query(`
    with g as (
      select n,
        1 + floor(random() * ${CATEGORIES.length})::int as cat,
        random() as r_cat, random() as r_province, random() as r_price, random() as r_make, random() as r_year,
        random() as r_hours, random() as r_q, random() as r_cond, random() as r_freq, random() as r_age
      from generate_series(1, ${SEARCHES}) n
    ),
    f as (
      select g.*,
        case when g.r_province < 0.5 then ${pick(PROVINCES)} end as province,
        case when g.r_price >= 0.5 then null
             when g.r_cat < 0.8 then greatest(50000, round(
               (${arr(
                 CATEGORIES.map((c) => TYPICAL_PRICE[c]),
                 "numeric",
               )})[g.cat] * (0.4 + random() * 1.6) / 50000) * 50000)
             else ${pick([100_000, 250_000, 500_000, 750_000, 1_000_000, 2_000_000], "numeric")} end as max_price,
        case when g.r_make >= 0.2 then null when g.r_cat < 0.8 then ${makeCase} else ${pick(POPULAR_MAKES)} end as make,
        case when g.r_year < 0.15 then 2005 + floor(random() * 18)::int end as year_from,
        case when g.r_hours >= 0.1 or (g.r_cat < 0.8 and g.cat not in (${withMeter("hours")}, ${withMeter("km")})) then null
             when g.r_cat < 0.8 and g.cat in (${withMeter("km")}) then ${pick([50_000, 100_000, 200_000, 300_000], "int")}
             else ${pick([1_000, 2_000, 3_000, 5_000, 8_000, 10_000], "int")} end as max_hours,
        case when g.r_q < 0.25 then ${pick(words)} end as q,
        case when g.r_cond >= 0.2 then null when random() < 0.6 then 'used' when random() < 0.75 then 'new'
             else 'refurbished' end as condition,
        random() < 0.05 as urgent, random() < 0.05 as bargain, random() < 0.05 as vat_registered,
        random() as r_year_to, random() as r_user, random() as r_paused
      from g
    ),
    h as (
      select f.*,
        case when f.year_from is not null and f.r_year_to < 0.4 then f.year_from + 2 + floor(random() * 8)::int end
          as year_to,
        -- A category for every search, and for one that would otherwise have no filter at all.
        case when f.r_cat < 0.8 or (f.province is null and f.max_price is null and f.make is null
               and f.year_from is null and f.max_hours is null and f.q is null and f.condition is null
               and not f.urgent and not f.bargain and not f.vat_registered)
             then (${arr(CATEGORIES)})[f.cat] end as category
      from f
    )
    insert into saved_searches (user_id, name, query, q, category, condition, max_price, province, urgent, bargain,
                                make, year_from, year_to, max_hours, vat_registered, frequency, paused_at,
                                last_opened_at, created_at, updated_at)
    select
      'bench-buyer-' || (1 + floor(h.r_user * ${BUYERS})::int),
      left(coalesce(nullif(concat_ws(' · ', '“' || h.q || '”', ${label(CATEGORY_LABELS, "h.category")}, h.make,
        ${label(
          Object.fromEntries(Object.entries(CONDITION_LABELS).map(([k, v]) => [k, v.label])),
          "h.condition",
        )}, h.province, 'up to R ' || h.max_price::bigint, h.year_from || '–' || coalesce(h.year_to::text, ''),
        'at most ' || h.max_hours || ' h', case when h.urgent then 'urgent' end,
        case when h.bargain then 'bargains' end, case when h.vat_registered then 'VAT-registered sellers' end), ''),
        'All machines'), 80),
      concat_ws('&', 'q=' || replace(h.q, ' ', '+'), 'category=' || h.category, 'make=' || replace(h.make, ' ', '+'),
        'condition=' || h.condition, 'province=' || replace(h.province, ' ', '+'), 'maxPrice=' || h.max_price::bigint,
        'yearFrom=' || h.year_from, 'yearTo=' || h.year_to, 'maxHours=' || h.max_hours,
        case when h.urgent then 'urgent=1' end, case when h.bargain then 'bargain=1' end,
        case when h.vat_registered then 'vatRegistered=1' end),
      h.q, h.category, h.condition, h.max_price, h.province, h.urgent, h.bargain,
      h.make, h.year_from, h.year_to, h.max_hours, h.vat_registered,
      case when h.r_freq < 0.4 then 'instant' when h.r_freq < 0.8 then 'daily' when h.r_freq < 0.95 then 'weekly'
           else 'off' end,
      case when h.r_paused < 0.02 then now() - interval '5 days' end,
      now() - h.r_age * interval '30 days',
      now() - h.r_age * interval '365 days',
      now() - h.r_age * interval '30 days'
    from h`);
  await client.query("analyze saved_searches");
  await client.query('analyze "user"');
  await client.query("analyze alert_preferences");
}

async function main() {
  const bench = await createThrowawayDatabase(keep ? { keepName: "mm_bench_alerts_keep" } : {});
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-bench-alerts-"));
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  const client = new pg.Client({ connectionString: bench.url });
  let failed = false;
  try {
    log(`database ${bench.name}${bench.existed ? " (kept from an earlier run)" : ""}`);
    try {
      handle = await openDatabase({ databaseUrl: bench.url }); // applies the app's migrations
    } catch (error) {
      // A migration changed since the database was kept cannot be applied to it again.
      if (bench.existed) log(`the kept database does not migrate: drop it (psql -c 'drop database ${bench.name}')`);
      throw error;
    }
    await client.connect();
    const one = async <T>(text: string, values?: unknown[]) => (await client.query(text, values)).rows[0] as T;

    // Listings, then saved searches, each seeded again only when its count differs.
    const { n: listingCount } = await one<{ n: number }>("select count(*)::int as n from listings");
    if (listingCount !== LISTINGS) {
      if (listingCount) await client.query('truncate listings, listing_images, sellers, "user" cascade');
      const t0 = nowMs();
      await seedListings(client, { listings: LISTINGS, log });
      log(`listings seeded in ${((nowMs() - t0) / 1000).toFixed(0)} s`);
    } else {
      await client.query("analyze listings");
    }
    const { n: searchCount } = await one<{ n: number }>("select count(*)::int as n from saved_searches");
    if (searchCount !== SEARCHES) {
      await client.query("truncate saved_searches cascade");
      await client.query(`delete from "user" where id like 'bench-buyer-%'`);
      const t0 = nowMs();
      await seedSavedSearches(client);
      log(`saved searches seeded in ${((nowMs() - t0) / 1000).toFixed(1)} s`);
    }
    // What an earlier run of a kept database left.
    await client.query("truncate saved_search_matches, saved_search_match_queue, email_outbox, notifications");

    const { visible } = await one<{ visible: number }>(`select count(*)::int as visible from listings where ${PUBLIC}`);
    const mix = await one<Record<string, number>>(`
      select count(*) filter (where frequency = 'instant')::int as instant,
             count(*) filter (where frequency = 'daily')::int as daily,
             count(*) filter (where frequency = 'weekly')::int as weekly,
             count(*) filter (where frequency = 'off')::int as off,
             count(*) filter (where category is not null)::int as category,
             count(*) filter (where q is not null)::int as words,
             count(distinct user_id)::int as buyers
      from saved_searches`);
    log(
      `${count(LISTINGS)} listings (${count(visible)} public); ${count(SEARCHES)} saved searches of ` +
        `${count(mix.buyers!)} buyers: ${count(mix.instant!)} instant, ${count(mix.daily!)} daily, ` +
        `${count(mix.weekly!)} weekly, ${count(mix.off!)} off; ${count(mix.category!)} with a category, ` +
        `${count(mix.words!)} with words`,
    );

    const db = handle.db;
    const pool = handle.pool!;
    const sampleIds = async (seed: number, n: number) => {
      await client.query(`select setseed(${seed})`);
      const { rows } = await client.query<{ id: string }>(
        `select id from listings where ${PUBLIC} order by random() limit $1`,
        [n],
      );
      return rows.map((r) => r.id);
    };

    // 1. One listing against every saved search.
    const ids = await sampleIds(0.5, SAMPLES);
    for (const listingId of ids.slice(0, 5)) await findMatchingSearches({ db, listingId }); // warm-up
    const times: number[] = [];
    const found: number[] = [];
    for (const listingId of ids) {
      const t = nowMs();
      const matches = await findMatchingSearches({ db, listingId });
      times.push(nowMs() - t);
      found.push(matches.length);
    }
    const p95 = percentile(times, 95);
    const matchMet = p95 < MATCH_TARGET_MS;
    const average = found.reduce((a, b) => a + b, 0) / Math.max(1, found.length);
    printTable(
      `Matching one public listing against ${count(SEARCHES)} saved searches (findMatchingSearches: the listing, then the searches), ${count(ids.length)} listings`,
      [
        ["listings", "p50", "p95", "p99", "max", "matches (avg)", "matches (max)", "target p95", "met"],
        [
          count(ids.length),
          ms(percentile(times, 50)),
          ms(p95),
          ms(percentile(times, 99)),
          ms(Math.max(...times)),
          average.toFixed(0),
          count(Math.max(...found)),
          `< ${MATCH_TARGET_MS} ms`,
          matchMet ? "yes" : "NO",
        ],
      ],
    );
    if (EXPLAIN) {
      for (const listingId of ids.slice(0, 3)) {
        await explain(pool, () => findMatchingSearches({ db, listingId }), `listing ${listingId}`);
      }
    }

    // 2. One day's listings: queued, matched by the job's function, then the daily digest.
    const dayIds = await sampleIds(0.25, DAY);
    await client.query(
      "insert into saved_search_match_queue (listing_id, queued_at) select unnest($1::uuid[]), now() on conflict do nothing",
      [dayIds],
    );
    const matchedAt = new Date();
    const tMatch = nowMs();
    const cpuMatch = process.cpuUsage();
    const pairs = await matchQueuedListings({ db, now: matchedAt });
    const matchSeconds = (nowMs() - tMatch) / 1000;
    const matchCpu = cpuSeconds(cpuMatch);
    log(`matched ${count(dayIds.length)} listings in ${matchSeconds.toFixed(1)} s: ${count(pairs)} pairs`);

    // The instant alerts went out as the listings were matched; autovacuum has been by before 07:00.
    await client.query(
      "update saved_search_matches set notified_at = $1 where frequency = 'instant' and notified_at is null",
      [matchedAt],
    );
    await client.query("vacuum analyze saved_search_matches");
    const pending = await one<{ rows: number; searches: number; total: number }>(`
      select count(*) filter (where m.frequency = 'daily' and s.paused_at is null
               and not exists (select 1 from alert_preferences p where p.user_id = s.user_id and p.stopped_at is not null))::int as rows,
             count(distinct m.saved_search_id) filter (where m.frequency = 'daily' and s.paused_at is null
               and not exists (select 1 from alert_preferences p where p.user_id = s.user_id and p.stopped_at is not null))::int as searches,
             count(*)::int as total
      from saved_search_matches m join saved_searches s on s.id = m.saved_search_id
      where m.notified_at is null`);
    log(
      `pending before the digest: ${count(pending.total)} matches, of them ${count(pending.rows)} for ` +
        `${count(pending.searches)} daily searches`,
    );

    const storage = createLocalStorage(storageDir);
    const sentAt = new Date(matchedAt.getTime() + 1000);
    const progress = new pg.Client({ connectionString: bench.url });
    await progress.connect();
    const tDigest = nowMs();
    const cpuDigest = process.cpuUsage();
    const timer = setInterval(() => {
      void progress
        .query<{ n: number }>("select count(*)::int as n from email_outbox")
        .then(({ rows }) => log(`  … ${count(rows[0]!.n)} e-mails after ${((nowMs() - tDigest) / 1000).toFixed(0)} s`))
        .catch(() => {});
    }, 30_000);
    let outboxIds: string[];
    try {
      outboxIds = await sendAlerts({
        db,
        storage,
        publicUrl: "http://localhost:3000",
        secret: "bench-alerts-secret-0123456789abcdef0123456789",
        frequency: "daily",
        now: sentAt,
      });
    } finally {
      clearInterval(timer);
      await progress.end();
    }
    const digestSeconds = (nowMs() - tDigest) / 1000;
    const digestCpu = cpuSeconds(cpuDigest);
    const claimed = await one<{ n: number }>(
      "select count(*)::int as n from saved_search_matches where notified_at = $1",
      [sentAt],
    );
    const size = await one<{ avg: number; max: number }>(
      "select coalesce(avg(length(html)), 0)::int as avg, coalesce(max(length(html)), 0)::int as max from email_outbox",
    );
    const digestMet = digestSeconds < DIGEST_TARGET_S;
    const emails = outboxIds.length;
    printTable(`One day: ${count(dayIds.length)} new public listings matched, then the daily digest`, [
      ["step", "time", "Node CPU", "count", "rate", "target", "met"],
      [
        "match the day's listings (matchQueuedListings)",
        `${matchSeconds.toFixed(1)} s`,
        `${matchCpu.toFixed(1)} s`,
        `${count(dayIds.length)} listings, ${count(pairs)} pairs`,
        `${(dayIds.length / matchSeconds).toFixed(1)} listings/s`,
        "–",
        "–",
      ],
      [
        'daily digest (sendAlerts "daily")',
        `${digestSeconds.toFixed(1)} s`,
        `${digestCpu.toFixed(1)} s`,
        `${count(emails)} e-mails, ${count(claimed.n)} rows claimed`,
        `${(emails / digestSeconds).toFixed(1)} e-mails/s`,
        `< ${DIGEST_TARGET_S} s`,
        `${digestMet ? "yes" : "NO"} (${(digestSeconds / DIGEST_TARGET_S).toFixed(2)}× the target)`,
      ],
    ]);
    console.log(
      `e-mails: ${(claimed.n / Math.max(1, emails)).toFixed(1)} listings each on average, HTML ${(size.avg / 1024).toFixed(0)} KB on average, ${(size.max / 1024).toFixed(0)} KB the largest`,
    );
    console.log(
      `matching: ${matchMet ? "met" : "MISSED"} p95 < ${MATCH_TARGET_MS} ms; daily digest: ${digestMet ? "met" : "MISSED"} < ${DIGEST_TARGET_S} s`,
    );
    console.log(`[machine] ${machineNote()}`);
    failed = !matchMet || !digestMet;
  } finally {
    await client.end().catch(() => {});
    await handle?.close();
    await bench.drop();
    fs.rmSync(storageDir, { recursive: true, force: true });
    if (keep) log(`kept database ${bench.name} (drop it with: psql -c 'drop database ${bench.name}')`);
  }
  if (failed) process.exit(1);
}

/** Runs `fn` once while capturing its SQL, then prints EXPLAIN ANALYZE of its query on saved_searches. */
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
  for (const query of captured.filter((q) => q.text.includes('from "saved_searches"'))) {
    const { rows } = await original(`explain (analyze, buffers) ${query.text}`, query.values as unknown[]);
    console.log(`\n--- ${label}\n${rows.map((r: Record<string, string>) => r["QUERY PLAN"]).join("\n")}`);
  }
}

await main();
