/**
 * Catalog search parameters (shared): every filter lives in the query string,
 * so a page of results can be shared and bookmarked.
 */
import { z } from "zod";
import { CATEGORIES, CONDITIONS } from "#db/vocabulary.ts";
// The browser-side half (option lists, query string) lives in listing-search-query.ts.
import { PROVINCES, SEARCH_MAX_LENGTH, SORTS } from "./listing-search-query.ts";
import { normaliseMake } from "./makes.ts";
import { plainRand } from "#app/lib/rand-input.ts";

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (v === "" || v === null ? undefined : v), schema.optional());
// Numbers as typed (plainRand): "1 250 000,50" is R 1 250 000.50, never R 125 000 050; "6,5" hours is not 65.
const wholeNumber = (max: number) =>
  z.preprocess((v) => (typeof v === "string" ? plainRand(v) : v), z.coerce.number().int().min(0).max(max));
const amount = z.preprocess((v) => (typeof v === "string" ? plainRand(v) : v), z.coerce.number().min(0).max(1e12));

export const ListingSearchSchema = z.object({
  q: optional(z.string().transform((s) => s.trim().slice(0, SEARCH_MAX_LENGTH).trim() || undefined)),
  category: optional(z.enum(CATEGORIES)),
  condition: optional(z.enum(CONDITIONS)),
  minPrice: optional(amount),
  maxPrice: optional(amount),
  province: optional(z.enum(PROVINCES)),
  urgent: optional(z.enum(["1"])),
  bargain: optional(z.enum(["1"])),
  /** A make as stored (normaliseMake): "cat" finds Caterpillar. */
  make: optional(
    z
      .string()
      .max(40)
      .transform((s) => normaliseMake(s) ?? undefined),
  ),
  /** The start of the model, any case: "320" finds 320D and 320 GC. */
  model: optional(z.string().transform((s) => s.replace(/\s+/g, " ").trim().slice(0, 60) || undefined)),
  yearFrom: optional(wholeNumber(2100)),
  yearTo: optional(wholeNumber(2100)),
  maxHours: optional(wholeNumber(10_000_000)),
  vatRegistered: optional(z.enum(["1"])),
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
  if (result.success) return ordered(result.data);
  // Drop the offending fields one by one.
  const cleaned = { ...raw };
  for (const issue of result.error.issues) delete cleaned[String(issue.path[0])];
  return ordered(ListingSearchSchema.parse(cleaned));
}

function ordered(search: ListingSearch): ListingSearch {
  const { yearFrom, yearTo } = search;
  const years =
    yearFrom !== undefined && yearTo !== undefined && yearFrom > yearTo ? { yearFrom: yearTo, yearTo: yearFrom } : {};
  return orderedPrices({ ...search, ...years });
}

/** A minimum above the maximum is read as the range the user meant (R 500 000 – R 100 000 → R 100 000 – R 500 000), not as "nothing matches". */
function orderedPrices(search: ListingSearch): ListingSearch {
  const { minPrice, maxPrice } = search;
  if (minPrice === undefined || maxPrice === undefined || minPrice <= maxPrice) return search;
  return { ...search, minPrice: maxPrice, maxPrice: minPrice };
}
