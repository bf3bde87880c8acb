/**
 * Seeds a benchmark database with many realistic listings in a few SQL
 * statements (`insert … select … from generate_series`): sellers, listings
 * (categories, conditions, towns in every province, prices per category,
 * machine details, titles and descriptions from word lists so full-text
 * search has common, medium and rare terms) and one photo row per listing.
 * Machine details: a make from the category's curated makes (makesFor; the
 * big names three times as likely), 5 % without one like listings from
 * before the field; a model from a few codes per make; a year 1985–2027
 * skewed to recent ones (new machines 2025–2027), 5 % without; hours
 * (0–30,000) or kilometres for dump trucks (0–800,000) growing with age,
 * none where the category has no meter (USAGE_METERS), 6 % not given; VAT
 * none / inclusive / exclusive / not given. The title reads "year make model
 * machine" ("2015 Caterpillar 320D crawler excavator"); a listing without a
 * make keeps the older free-text title (a make from a fixed list, machine,
 * year). Deterministic (setseed). The listings' secondary indexes are
 * dropped during the insert and rebuilt from their own definitions afterwards
 * (much faster), then ANALYZE.
 * Created over the past year; the oldest 4% have run past their mandate
 * (expired), 2% are archived, 85% are approved twice (public). The trigger
 * that keeps listing_term_prices is off during the insert;
 * refresh_listing_term_prices() computes the words' price bounds once after.
 */
import type pg from "pg";
import { usageMeter } from "#app/domain/listing/machine-specs.ts";
import { makesFor } from "#app/domain/listing/makes.ts";

const CATEGORY_NOUNS: Record<string, string[]> = {
  excavators: ["excavator", "crawler excavator", "mini excavator", "wheeled excavator"],
  cranes: ["mobile crane", "tower crane", "crawler crane", "truck-mounted crane"],
  bulldozers: ["bulldozer", "crawler dozer", "track dozer"],
  loaders: ["wheel loader", "backhoe loader", "skid steer loader", "track loader"],
  dump_trucks: ["articulated dump truck", "rigid dump truck", "tipper truck"],
  generators: ["diesel generator", "standby generator", "silent generator set"],
  compressors: ["air compressor", "portable compressor", "screw compressor"],
  welding_equipment: ["welding machine", "MIG welder", "engine-driven welder"],
  other: ["roller compactor", "motor grader", "telehandler", "forklift", "attachment"],
};
/** Typical price (rand) per category; each listing gets 0.25×–2.5× of it. */
const BASE_PRICE: Record<string, number> = {
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
/** Free-text makes in the titles of listings without a make (written before the make field existed). */
const MAKES = [
  "Caterpillar",
  "Komatsu",
  "Volvo",
  "JCB",
  "Hitachi",
  "Liebherr",
  "Bell",
  "Doosan",
  "Hyundai",
  "Case",
  "John Deere",
  "Terex",
  "Tadano",
  "Atlas Copco",
  "Kobelco",
  "Sany",
  "XCMG",
  "Manitou",
  "Cummins",
  "Lincoln",
];
/** The makes seen most often: three times as likely as the others of their category. */
const BIG_MAKES = new Set([
  "Caterpillar",
  "Komatsu",
  "Volvo",
  "JCB",
  "Bell",
  "Liebherr",
  "Hitachi",
  "John Deere",
  "Tadano",
  "Mercedes-Benz",
  "Cummins",
  "Perkins",
  "Atlas Copco",
  "Ingersoll Rand",
  "Lincoln Electric",
  "Miller",
  "Bomag",
]);
/** Model codes as sellers write them, for the common makes; other makes get a few generated codes (modelsFor). */
const MODELS: Record<string, string[]> = {
  Caterpillar: ["320D", "320GC", "330D", "336F", "950H", "966H", "D6R", "D8T", "740B", "426F", "C15", "XQ500"],
  Komatsu: ["PC200-8", "PC210LC-10", "PC300-8", "WA380-6", "WA470-6", "D65EX-16", "HM400-5", "GD655-5"],
  Volvo: ["EC210D", "EC380D", "L120H", "L150H", "A30G", "A40G", "FMX 440"],
  JCB: ["3CX", "4CX", "JS205", "JS220", "531-70", "540-170", "8026 CTS"],
  Bell: ["B30E", "B40E", "B45E", "B50E", "L1806E", "225A"],
  Liebherr: ["R 926", "R 945", "LTM 1060-3.1", "LTM 1100-5.2", "L 566", "PR 736", "A 918"],
  Hitachi: ["ZX135US", "ZX200-5G", "ZX210LC-5", "ZX350H-5", "ZX470LCH-5"],
  "John Deere": ["310L", "670G", "850K", "210G", "460E", "544K"],
  Tadano: ["GR-500EX", "GR-750XL", "ATF 70G-4", "TR-250M", "GT-600EX"],
  Cummins: ["C110 D5", "C150 D5", "C275 D5", "C500 D5", "QSK60"],
  "Atlas Copco": ["XAS 185", "XAS 375", "QAS 100", "QAS 250", "GA 37", "XATS 350"],
  "Lincoln Electric": ["Vantage 500", "Ranger 305D", "Idealarc DC-600", "Power MIG 350MP", "Flextec 450"],
};
/** Five codes for a make without a curated list: its initials and a size ("SA135", "SA215C", …). */
function modelsFor(make: string): string[] {
  if (MODELS[make]) return MODELS[make];
  const letters = make.replace(/[^A-Za-z ]/g, "");
  const initials = letters.includes(" ")
    ? letters
        .split(" ")
        .map((w) => w[0])
        .join("")
    : letters.slice(0, 2);
  const seed = [...make].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 997, 7);
  const sizes = [55, 75, 135, 215, 300, 365, 500, 750];
  const suffixes = ["", "C", "-9", " LC", "E"];
  return Array.from({ length: 5 }, (_, i) => {
    const size = sizes[(seed + i * 3) % sizes.length]!;
    return `${initials.toUpperCase()}${size}${suffixes[(seed + i) % suffixes.length]}`;
  });
}
const TOWNS = [
  "Johannesburg, Gauteng",
  "Pretoria, Gauteng",
  "Kempton Park, Gauteng",
  "Germiston, Gauteng",
  "Midrand, Gauteng",
  "Durban, KwaZulu-Natal",
  "Pietermaritzburg, KwaZulu-Natal",
  "Richards Bay, KwaZulu-Natal",
  "Cape Town, Western Cape",
  "George, Western Cape",
  "Paarl, Western Cape",
  "Gqeberha, Eastern Cape",
  "East London, Eastern Cape",
  "Bloemfontein, Free State",
  "Welkom, Free State",
  "Polokwane, Limpopo",
  "Lephalale, Limpopo",
  "Mbombela, Mpumalanga",
  "Witbank, Mpumalanga",
  "Secunda, Mpumalanga",
  "Rustenburg, North West",
  "Klerksdorp, North West",
  "Kimberley, Northern Cape",
  "Upington, Northern Cape",
];
/** Common description words (each listing draws 18 of them). */
const COMMON_WORDS = [
  "hydraulic",
  "engine",
  "service",
  "history",
  "low",
  "hours",
  "tyres",
  "good",
  "condition",
  "bucket",
  "cab",
  "air",
  "conditioning",
  "full",
  "records",
  "available",
  "immediately",
  "finance",
  "delivery",
  "nationwide",
  "inspected",
  "recently",
  "serviced",
  "original",
  "paint",
  "new",
  "battery",
  "tracks",
  "undercarriage",
  "warranty",
  "dealer",
  "maintained",
  "fleet",
  "owner",
  "operated",
  "mining",
  "construction",
  "quarry",
  "farm",
  "rental",
  "ready",
  "work",
  "quick",
  "hitch",
  "reverse",
  "camera",
  "GPS",
  "tracking",
  "diesel",
  "turbo",
  "clean",
  "documents",
  "roadworthy",
  "licensed",
  "spares",
  "manuals",
  "keys",
  "strong",
  "reliable",
];
/** Rare words: each appears in roughly the given share of descriptions. */
const RARE_WORDS: [string, number][] = [
  ["tiltrotator", 0.004],
  ["amphibious", 0.0003],
  ["demolition", 0.02],
  ["longreach", 0.002],
];

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `array[${xs.map(lit).join(",")}]::text[]`;

export async function seedListings(
  client: pg.Client,
  options: { listings: number; sellers?: number; log?: (s: string) => void },
) {
  const log = options.log ?? (() => {});
  const sellers = options.sellers ?? 2_000;
  const categories = Object.keys(CATEGORY_NOUNS);
  await client.query("select setseed(0.42)");
  await client.query("set maintenance_work_mem = '512MB'");

  log(`seeding ${sellers} sellers`);
  await client.query(`
    insert into "user" (id, name, email, email_verified)
    select 'bench-seller-' || g, 'Bench Seller ' || g, 'bench-seller-' || g || '@bench.invalid', true
    from generate_series(1, ${sellers}) g`);
  await client.query(`
    insert into sellers (user_id, full_name, seller_type, seller_role, verification_status)
    select id, name, case when random() < 0.6 then 'company' else 'private' end, 'direct', 'verified'
    from "user" where id like 'bench-seller-%'`);

  // Secondary indexes: remember, drop, rebuild after the bulk insert.
  const { rows: indexRows } = await client.query<{ indexname: string; indexdef: string }>(`
    select i.indexname, i.indexdef from pg_indexes i
    where i.tablename in ('listings', 'listing_images') and i.schemaname = 'public'
      and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`);
  for (const { indexname } of indexRows) await client.query(`drop index "${indexname}"`);

  // The words' price bounds (listing_term_prices): computed once after the insert, not row by row.
  await client.query("alter table listings disable trigger listings_term_prices_track");

  log(`inserting ${options.listings.toLocaleString("en")} listings`);
  const noun = `case e.cat ${categories
    .map((c, i) => {
      const list = CATEGORY_NOUNS[c]!;
      return `when ${i + 1} then (${arr(list)})[1 + floor(random() * ${list.length})::int]`;
    })
    .join(" ")} end`;
  const rareCase = RARE_WORDS.map(([w, share]) => `case when random() < ${share} then ' ${w}' else '' end`).join(
    " || ",
  );
  // Each category's makes, the big ones listed three times so they come up three times as often.
  const makeCase = `case g.cat ${categories
    .map((c, i) => {
      const list = makesFor(c).flatMap((m) => (BIG_MAKES.has(m) ? [m, m, m] : [m]));
      return `when ${i + 1} then (${arr(list)})[1 + floor(random() * ${list.length})::int]`;
    })
    .join(" ")} end`;
  const models = [...new Set(categories.flatMap((c) => makesFor(c)))]
    .map((m) => `(${lit(m)}, ${arr(modelsFor(m))})`)
    .join(",\n      ");
  const meterOf = (meter: string) =>
    categories.flatMap((c, i) => (usageMeter(c) === meter ? [i + 1] : [])).join(",") || "0";
  // Years of wear: hours (150–1,500 a year, at most 30,000) or kilometres (8,000–60,000 a year, at most 800,000).
  const age = "greatest(1, 2027 - coalesce(e.year, 2012))";
  await client.query(`
    with s as (select array_agg(id order by id) as ids from sellers),
    models(make, codes) as (values
      ${models}
    ),
    g as (
      select n,
        1 + floor(random() * ${categories.length})::int as cat,
        random() as r_status, random() as r_cond, random() as r_price, random() as r_age,
        random() as r_rate, random() as r_vat
      from generate_series(1, ${options.listings}) n
    ),
    d as (
      select g.*,
        case when g.r_cond < 0.7 then 'used' when g.r_cond < 0.9 then 'new' else 'refurbished' end as cond,
        case when random() < 0.05 then null else ${makeCase} end as make,
        case when g.r_cond >= 0.7 and g.r_cond < 0.9 then 2025 + floor(random() * random() * 3)::int
             when random() < 0.05 then null
             else 2026 - floor(42 * power(random(), 1.8))::int end as year
      from g
    ),
    e as (
      select d.*,
        case when d.make is null or random() < 0.04 then null
             else m.codes[1 + floor(random() * array_length(m.codes, 1))::int] end as model
      from d left join models m on m.make = d.make
    )
    insert into listings (seller_id, title, description, price, category, condition, location, is_urgent, is_bargain,
                          status, admin_status, archived, expired, created_on, expires_on,
                          make, model, year, usage, vat)
    select
      s.ids[1 + floor(random() * array_length(s.ids, 1))::int],
      case when e.make is null then
        (${arr(MAKES)})[1 + floor(random() * ${MAKES.length})::int] || ' ' || ${noun} || ' ' ||
          (2005 + floor(random() * 21)::int)::text
      else
        coalesce(e.year::text || ' ', '') || e.make || coalesce(' ' || e.model, '') || ' ' || ${noun}
      end,
      (select string_agg((${arr(COMMON_WORDS)})[1 + floor(random() * ${COMMON_WORDS.length})::int], ' ')
         from generate_series(1, 18) w where w > 0 * e.n) || ${rareCase} || '.',
      round(((array[${categories.map((c) => BASE_PRICE[c]).join(",")}])[e.cat] * (0.25 + e.r_price * 2.25))::numeric, -3),
      (${arr(categories)})[e.cat],
      e.cond,
      (${arr(TOWNS)})[1 + floor(random() * ${TOWNS.length})::int],
      random() < 0.05,
      random() < 0.08,
      case when e.r_status < 0.85 then 'approved' when e.r_status < 0.90 then 'pending'
           when e.r_status < 0.93 then 'sold' when e.r_status < 0.96 then 'draft' else 'pending' end,
      case when e.r_status < 0.85 or (e.r_status >= 0.90 and e.r_status < 0.93) then 'approved'
           when e.r_status >= 0.96 then 'rejected' else 'pending' end,
      random() < 0.02,
      e.r_age > 0.96,
      now() - (e.r_age * interval '365 days'),
      case when e.r_age > 0.96 then now() - interval '1 day' * (1 + floor(random() * 30))
           else now() + interval '1 day' * (1 + floor(random() * 180)) end,
      e.make,
      e.model,
      e.year,
      case when e.cat not in (${meterOf("hours")}, ${meterOf("km")}) or random() < 0.06 then null
           when e.cond = 'new' then floor(random() * case when e.cat in (${meterOf("km")}) then 2000 else 50 end)::int
           when e.cat in (${meterOf("km")}) then least(800000, floor(${age} * (8000 + e.r_rate * 52000)))::int
           else least(30000, floor(${age} * (150 + e.r_rate * 1350)))::int end,
      case when e.r_vat < 0.15 then null when e.r_vat < 0.40 then 'none'
           when e.r_vat < 0.75 then 'inclusive' else 'exclusive' end
    from e, s`);

  log("inserting photo rows");
  await client.query(`
    insert into listing_images (listing_id, position, storage_key, width, height)
    select id, 0, 'public/listings/' || id || '/bench', 1600, 1200 from listings`);

  log("price bounds of the words");
  await client.query("alter table listings enable trigger listings_term_prices_track");
  await client.query("select refresh_listing_term_prices()");

  log(`rebuilding ${indexRows.length} indexes`);
  for (const { indexdef } of indexRows) await client.query(indexdef);
  log("vacuum analyze");
  await client.query("vacuum analyze listings");
  await client.query("vacuum analyze listing_images");
  await client.query("analyze sellers");
}
