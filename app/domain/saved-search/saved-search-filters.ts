/**
 * A saved search is the catalog's search, kept (docs/product.md#saved-searches-and-alerts): the same
 * filters, read from the same query string by parseListingSearch, so a saved search finds exactly what
 * the catalog shows for its address. Pure: the save form, the page and the e-mails share it.
 */
import { CONDITION_LABELS } from "#db/vocabulary.ts";
import { categoryLabel, formatPrice, formatWhole } from "#app/lib/format.ts";
import type { ListingSearch } from "#app/domain/listing/listing-search.ts";
import { searchToQuery } from "#app/domain/listing/listing-search-query.ts";

/** The most saved searches one account keeps. */
export const SAVED_SEARCHES_MAX = 50;
export const SAVED_SEARCH_NAME_MAX = 80;

/** The filters of a search as the saved_searches columns hold them (no sort, no cursor). */
export type SavedSearchFilters = {
  q: string | null;
  category: ListingSearch["category"] | null;
  condition: ListingSearch["condition"] | null;
  minPrice: string | null;
  maxPrice: string | null;
  province: string | null;
  urgent: boolean;
  bargain: boolean;
  make: string | null;
  modelPrefix: string | null;
  yearFrom: number | null;
  yearTo: number | null;
  maxHours: number | null;
  vatRegistered: boolean;
};

/** A parsed catalog search → the columns a saved search stores, and the address it reopens. */
export function savedSearchFromSearch(search: ListingSearch): { filters: SavedSearchFilters; query: string } {
  const { cursor: _cursor, ...kept } = search;
  return {
    query: searchToQuery(kept),
    filters: {
      q: search.q ?? null,
      category: search.category ?? null,
      condition: search.condition ?? null,
      minPrice: search.minPrice === undefined ? null : String(search.minPrice),
      maxPrice: search.maxPrice === undefined ? null : String(search.maxPrice),
      province: search.province ?? null,
      urgent: search.urgent === "1",
      bargain: search.bargain === "1",
      make: search.make ?? null,
      modelPrefix: search.model ? search.model.toLowerCase() : null,
      yearFrom: search.yearFrom ?? null,
      yearTo: search.yearTo ?? null,
      maxHours: search.maxHours ?? null,
      vatRegistered: search.vatRegistered === "1",
    },
  };
}

/** Whether a search has anything to look for: a blank one would alert on every machine listed. */
export function hasFilters(filters: SavedSearchFilters) {
  return Object.values(filters).some((v) => v !== null && v !== false);
}

/**
 * The search in words, e.g. `"komatsu" · Excavators · Gauteng · up to R 1 500 000`: the name a new
 * saved search is offered, and its summary on the page.
 */
export function describeFilters(filters: SavedSearchFilters) {
  const parts: string[] = [];
  if (filters.q) parts.push(`“${filters.q}”`);
  if (filters.category) parts.push(categoryLabel(filters.category));
  if (filters.make) parts.push(filters.make);
  if (filters.modelPrefix) parts.push(`model ${filters.modelPrefix.toUpperCase()}…`);
  if (filters.condition) parts.push(CONDITION_LABELS[filters.condition].label);
  if (filters.province) parts.push(filters.province);
  const min = filters.minPrice === null ? null : Number(filters.minPrice);
  const max = filters.maxPrice === null ? null : Number(filters.maxPrice);
  if (min !== null && max !== null) parts.push(`${formatPrice(min)} – ${formatPrice(max)}`);
  else if (max !== null) parts.push(`up to ${formatPrice(max)}`);
  else if (min !== null) parts.push(`from ${formatPrice(min)}`);
  if (filters.yearFrom !== null && filters.yearTo !== null) parts.push(`${filters.yearFrom}–${filters.yearTo}`);
  else if (filters.yearFrom !== null) parts.push(`${filters.yearFrom} or newer`);
  else if (filters.yearTo !== null) parts.push(`${filters.yearTo} or older`);
  if (filters.maxHours !== null) parts.push(`at most ${formatWhole(filters.maxHours)} h`);
  if (filters.urgent) parts.push("urgent");
  if (filters.bargain) parts.push("bargains");
  if (filters.vatRegistered) parts.push("VAT-registered sellers");
  return parts.length ? parts.join(" · ") : "All machines";
}

/** The name offered for a new saved search: its description, cut to the name's limit. */
export function defaultSearchName(filters: SavedSearchFilters) {
  const text = describeFilters(filters);
  return text.length <= SAVED_SEARCH_NAME_MAX ? text : `${text.slice(0, SAVED_SEARCH_NAME_MAX - 1).trimEnd()}…`;
}
