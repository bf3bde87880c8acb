/**
 * The parts of the catalog search the browser needs (option lists and the
 * query string), kept apart from the Zod schema in listing-search.ts so the
 * catalog page does not ship Zod to visitors.
 */
import type { ListingSearch } from "./listing-search.ts";

/** The longest search kept: the field stops there, and a longer one in the address is cut to it, not dropped. */
export const SEARCH_MAX_LENGTH = 100;

export const SORTS = ["newest", "price_asc", "price_desc", "year_desc", "usage_asc"] as const;
export type Sort = (typeof SORTS)[number];

export const PROVINCES = [
  "Eastern Cape",
  "Free State",
  "Gauteng",
  "KwaZulu-Natal",
  "Limpopo",
  "Mpumalanga",
  "North West",
  "Northern Cape",
  "Western Cape",
] as const;

/** The query string for a search (without empty values), e.g. for "Load more" and shareable links. */
export function searchToQuery(search: Partial<ListingSearch>) {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) {
    if (v === undefined || v === null || v === "") continue;
    if (k === "sort" && v === "newest") continue;
    params.set(k, String(v));
  }
  return params.toString();
}

/** Result counts stop here: "1,000+" costs no more than a page, however many match. */
export const RESULT_COUNT_CAP = 1000;
