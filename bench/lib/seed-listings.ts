/**
 * Seeds a benchmark database with many realistic listings in a few SQL
 * statements (`insert … select … from generate_series`): sellers, listings
 * (categories, conditions, towns in every province, prices per category,
 * titles and descriptions from word lists so full-text search has common,
 * medium and rare terms) and one photo row per listing. Deterministic
 * (setseed). The listings' secondary indexes are dropped during the insert
 * and rebuilt from their own definitions afterwards (much faster), then ANALYZE.
 * Created over the past year; the oldest 4% have run past their mandate
 * (expired), 2% are archived, 85% are approved twice (public). The trigger
 * that keeps listing_term_prices is off during the insert;
 * refresh_listing_term_prices() computes the words' price bounds once after.
 */
import type pg from "pg";

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
    insert into sellers (user_id, full_name, seller_type, seller_role, is_verified)
    select id, name, case when random() < 0.6 then 'company' else 'private' end, 'direct', true
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
  const noun = `case g.cat ${categories
    .map((c, i) => {
      const list = CATEGORY_NOUNS[c]!;
      return `when ${i + 1} then (${arr(list)})[1 + floor(random() * ${list.length})::int]`;
    })
    .join(" ")} end`;
  const rareCase = RARE_WORDS.map(([w, share]) => `case when random() < ${share} then ' ${w}' else '' end`).join(
    " || ",
  );
  await client.query(`
    with s as (select array_agg(id order by id) as ids from sellers),
    g as (
      select n,
        1 + floor(random() * ${categories.length})::int as cat,
        random() as r_status, random() as r_cond, random() as r_price, random() as r_age
      from generate_series(1, ${options.listings}) n
    )
    insert into listings (seller_id, title, description, price, category, condition, location, is_urgent, is_bargain,
                          status, admin_status, archived, expired, created_on, expires_on)
    select
      s.ids[1 + floor(random() * array_length(s.ids, 1))::int],
      (${arr(MAKES)})[1 + floor(random() * ${MAKES.length})::int] || ' ' ||
        ${noun} || ' ' ||
        (2005 + floor(random() * 21)::int)::text,
      (select string_agg((${arr(COMMON_WORDS)})[1 + floor(random() * ${COMMON_WORDS.length})::int], ' ')
         from generate_series(1, 18) w where w > 0 * g.n) || ${rareCase} || '.',
      round(((array[${categories.map((c) => BASE_PRICE[c]).join(",")}])[g.cat] * (0.25 + g.r_price * 2.25))::numeric, -3),
      (${arr(categories)})[g.cat],
      case when g.r_cond < 0.7 then 'used' when g.r_cond < 0.9 then 'new' else 'refurbished' end,
      (${arr(TOWNS)})[1 + floor(random() * ${TOWNS.length})::int],
      random() < 0.05,
      random() < 0.08,
      case when g.r_status < 0.85 then 'approved' when g.r_status < 0.90 then 'pending'
           when g.r_status < 0.93 then 'sold' when g.r_status < 0.96 then 'draft' else 'pending' end,
      case when g.r_status < 0.85 or (g.r_status >= 0.90 and g.r_status < 0.93) then 'approved'
           when g.r_status >= 0.96 then 'rejected' else 'pending' end,
      random() < 0.02,
      g.r_age > 0.96,
      now() - (g.r_age * interval '365 days'),
      case when g.r_age > 0.96 then now() - interval '1 day' * (1 + floor(random() * 30))
           else now() + interval '1 day' * (1 + floor(random() * 180)) end
    from g, s`);

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
