/**
 * Where a search sorted by price can start. A broad word sorted by price
 * (q "excavator", cheapest first) used to walk the price index from the
 * cheapest listing of all, checking every row's words: 240,000 cheaper
 * welders and compressors before the first excavator at a million listings
 * (~1 s). listing_term_prices holds, per lexeme, the lowest and highest price
 * of any listing containing it; the lowest price a match can have is then
 * known before the walk starts (docs/performance.md, decision 014).
 *
 * The bound is only ever loose, never tight: the table covers every listing
 * (public or not) and only widens between refreshes, and a query whose shape
 * is not a plain AND of words (OR, a negated word) gets no bound at all.
 */
import { inArray, sql } from "drizzle-orm";
import { listingTermPrices } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { ListingSearch } from "./listing-search.ts";

/** The text-search query the catalogue builds from the words typed, in both configurations. */
export const searchTsQuery = (q: string) =>
  sql`(websearch_to_tsquery('english', ${q}) || websearch_to_tsquery('simple', ${q}))`;

const LEXEME = String.raw`'(?:[^']|'')*'`;
const AND_OF_LEXEMES = new RegExp(String.raw`^${LEXEME}(?:\s+(?:&|<->|<\d+>)\s+${LEXEME})*$`);

/**
 * The lexemes of a tsquery's text when every one of them must be present
 * (words joined by & or a phrase operator); null for any other shape (|, !,
 * parentheses), which gets no bound. An empty query matches nothing: [].
 */
export function requiredLexemes(tsquery: string): string[] | null {
  const text = tsquery.trim();
  if (text === "") return [];
  if (!AND_OF_LEXEMES.test(text)) return null;
  return [...text.matchAll(new RegExp(LEXEME, "g"))].map((m) => m[0].slice(1, -1).replace(/''/g, "'"));
}

export type PriceBound = { op: ">=" | "<="; price: string };

/**
 * For a price sort with words typed: the lowest price a match can have
 * (cheapest first) or the highest (dearest first); undefined when there is no
 * useful bound. Two small queries, well under a millisecond.
 */
export async function searchPriceBound(options: {
  db: DbOrTx;
  search: Partial<ListingSearch>;
}): Promise<PriceBound | undefined> {
  const { db, search } = options;
  const ascending = search.sort === "price_asc";
  if (!search.q || (!ascending && search.sort !== "price_desc")) return undefined;
  const [texts] = (
    await db.execute(
      sql`select websearch_to_tsquery('english', ${search.q})::text as english, websearch_to_tsquery('simple', ${search.q})::text as simple`,
    )
  ).rows as { english: string; simple: string }[];
  const variants = [requiredLexemes(texts!.english), requiredLexemes(texts!.simple)];
  if (variants.some((v) => v === null)) return undefined;
  const lexemes = [...new Set(variants.flat() as string[])];
  if (lexemes.length === 0) return undefined;
  const rows = await db.select().from(listingTermPrices).where(inArray(listingTermPrices.lexeme, lexemes));
  const known = new Map(rows.map((r) => [r.lexeme, { min: Number(r.minPrice), max: Number(r.maxPrice) }]));

  // A variant matches only listings holding all its lexemes: a match costs at least the highest
  // of their minimums (at most the lowest of their maximums). A lexeme no listing holds: no match.
  // The query matches when either variant does: the lower (higher) of the two.
  const perVariant = (variants as string[][])
    .filter((v) => v.length > 0)
    .map((v) => {
      if (v.some((l) => !known.has(l))) return null;
      const bounds = v.map((l) => known.get(l)!);
      return ascending ? Math.max(...bounds.map((b) => b.min)) : Math.min(...bounds.map((b) => b.max));
    })
    .filter((b): b is number => b !== null);
  if (perVariant.length === 0) return undefined; // nothing can match; the text index says so quickly
  const price = ascending ? Math.min(...perVariant) : Math.max(...perVariant);
  return { op: ascending ? ">=" : "<=", price: price.toFixed(2) };
}
