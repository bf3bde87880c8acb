/**
 * How many public listings a catalog search finds, and which makes they are, at a bounded cost
 * (docs/performance.md): one scan reads at most RESULT_COUNT_CAP + 1 matching rows (id and make).
 * Up to the cap the count and every make's number are exact and the ids come back, so the page
 * can be read from them alone; above it the count reads "1,000+" and the makes seen, with the
 * category's usual makes, are offered without numbers. With a make chosen, the makes are those of the same search without it.
 */
import { and } from "drizzle-orm";
import { listings } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { ListingSearch } from "./listing-search.ts";
import { RESULT_COUNT_CAP } from "./listing-search-query.ts";
import { searchWhere } from "./find-listings.server.ts";
import { makesFor } from "./makes.ts";

export type SearchCounts = {
  /** Matches, up to the cap; `capped` when there are more. */
  total: number;
  capped: boolean;
  /** Makes among the matches (ignoring the make filter itself), most listings first. */
  makes: { make: string; count: number | null }[];
  /** Every match's id when there are no more than the cap (null above it). */
  ids: string[] | null;
};

export async function countListings(options: {
  db: DbOrTx;
  search: Partial<ListingSearch>;
  /** Tests lower the cap to see it at work. */
  cap?: number;
}): Promise<SearchCounts> {
  const { db, search, cap = RESULT_COUNT_CAP } = options;
  // The word query also names the category and province (implied by their own filters, so the rows are
  // the same): the full-text index then narrows by them too, instead of reading every match of the words.
  const scan = (s: Partial<ListingSearch>) =>
    db
      .select({ id: listings.id, make: listings.make })
      .from(listings)
      .where(and(searchWhere(s, { filtersInWords: true })))
      .limit(cap + 1);
  const { make, ...withoutMake } = search;
  const [matches, sample] = make
    ? [await scan(search), await scan(withoutMake)]
    : await scan(search).then((r) => [r, r]);
  const counts = new Map<string, number>();
  for (const r of sample) if (r.make) counts.set(r.make, (counts.get(r.make) ?? 0) + 1);
  const exact = sample.length <= cap;
  // Above the cap the scan saw a sample: its makes, and without words the category's usual ones (a
  // broad search has some of each), are offered without numbers.
  const makes = exact
    ? [...counts]
        .map(([m, count]) => ({ make: m, count }))
        .sort((a, b) => b.count - a.count || a.make.localeCompare(b.make, "en"))
    : [...new Set([...counts.keys(), ...(search.q ? [] : makesFor(search.category))])]
        .sort((a, b) => a.localeCompare(b, "en"))
        .map((m) => ({ make: m, count: null }));
  const capped = matches.length > cap;
  return { total: Math.min(matches.length, cap), capped, makes, ids: capped ? null : matches.map((r) => r.id) };
}
