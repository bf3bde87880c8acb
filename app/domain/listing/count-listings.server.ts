/**
 * How many public listings a catalog search finds, and which makes they are, at a bounded cost
 * (docs/performance.md): the count stops at RESULT_COUNT_CAP ("1,000+"), and the makes are read from at
 * most MAKE_SCAN_LIMIT matching listings. Below that every count is exact; above it the makes found are
 * offered without numbers (a search that broad has hundreds of each).
 */
import { and, isNotNull, sql } from "drizzle-orm";
import { listings } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { ListingSearch } from "./listing-search.ts";
import { RESULT_COUNT_CAP } from "./listing-search-query.ts";
import { searchWhere } from "./find-listings.server.ts";

export const MAKE_SCAN_LIMIT = 5000;

export type SearchCounts = {
  /** Matches, up to RESULT_COUNT_CAP; `capped` when there are more. */
  total: number;
  capped: boolean;
  /** Makes among the matches (ignoring the make filter itself), most listings first. */
  makes: { make: string; count: number | null }[];
};

export async function countListings(options: {
  db: DbOrTx;
  search: Partial<ListingSearch>;
  /** Tests lower the bounds to see them at work. */
  cap?: number;
  makeScanLimit?: number;
}): Promise<SearchCounts> {
  const { db, search, cap = RESULT_COUNT_CAP, makeScanLimit = MAKE_SCAN_LIMIT } = options;
  const matches = db
    .select({ one: sql`1` })
    .from(listings)
    .where(searchWhere(search))
    .limit(cap + 1)
    .as("matches");
  const [{ total }] = (await db.select({ total: sql<number>`count(*)::int` }).from(matches)) as [{ total: number }];
  const { make: _make, ...withoutMake } = search;
  const sample = db
    .select({ make: listings.make })
    .from(listings)
    .where(and(searchWhere(withoutMake), isNotNull(listings.make)))
    .limit(makeScanLimit + 1)
    .as("sample");
  const rows = await db
    .select({ make: sql<string>`${sample.make}`, count: sql<number>`count(*)::int` })
    .from(sample)
    .groupBy(sample.make);
  const seen = rows.reduce((n, r) => n + r.count, 0);
  const exact = seen <= makeScanLimit;
  const makes = exact
    ? rows.sort((a, b) => b.count - a.count || a.make.localeCompare(b.make, "en"))
    : rows.map((r) => ({ make: r.make, count: null })).sort((a, b) => a.make.localeCompare(b.make, "en"));
  return { total: Math.min(total, cap), capped: total > cap, makes };
}
