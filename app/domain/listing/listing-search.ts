/**
 * Catalog search parameters (shared): every filter lives in the query string,
 * so a page of results can be shared and bookmarked.
 */
import { z } from "zod";
import { CATEGORIES, CONDITIONS } from "#db/vocabulary.ts";
// The browser-side half (option lists, query string) lives in listing-search-query.ts.
import { PROVINCES, SEARCH_MAX_LENGTH, SORTS } from "./listing-search-query.ts";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
const amount = z.preprocess(
  (v) => (typeof v === "string" ? v.replace(/[\s,]/g, "") : v),
  z.coerce.number().min(0).max(1e12),
);

export const ListingSearchSchema = z.object({
  q: optional(z.string().transform((s) => s.trim().slice(0, SEARCH_MAX_LENGTH).trim() || undefined)),
  category: optional(z.enum(CATEGORIES)),
  condition: optional(z.enum(CONDITIONS)),
  minPrice: optional(amount),
  maxPrice: optional(amount),
  province: optional(z.enum(PROVINCES)),
  urgent: optional(z.enum(["1"])),
  bargain: optional(z.enum(["1"])),
  sort: z.preprocess((v) => (v === "" || v == null ? "newest" : v), z.enum(SORTS)).catch("newest"),
  cursor: optional(z.string().max(200)),
});

export type ListingSearch = z.infer<typeof ListingSearchSchema>;

/** Reads the query string; anything invalid is dropped rather than failing the page. */
export function parseListingSearch(params: URLSearchParams): ListingSearch {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(ListingSearchSchema.shape)) {
    const v = params.get(key);
    if (v !== null) raw[key] = v;
  }
  const result = ListingSearchSchema.safeParse(raw);
  if (result.success) return orderedPrices(result.data);
  // Drop the offending fields one by one.
  const cleaned = { ...raw };
  for (const issue of result.error.issues) delete cleaned[String(issue.path[0])];
  return orderedPrices(ListingSearchSchema.parse(cleaned));
}

/** A minimum above the maximum is read as the range the user meant (R 500 000 – R 100 000 → R 100 000 – R 500 000), not as "nothing matches". */
function orderedPrices(search: ListingSearch): ListingSearch {
  const { minPrice, maxPrice } = search;
  if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) return search;
  return { ...search, minPrice: maxPrice, maxPrice: minPrice };
}
