import { describe, expect, it } from "vitest";
import { parseListingSearch } from "#app/domain/listing/listing-search.ts";
import { formatPrice } from "#app/lib/format.ts";
import { defaultSearchName, describeFilters, hasFilters, savedSearchFromSearch } from "./saved-search-filters.ts";

const saved = (query: string) => savedSearchFromSearch(parseListingSearch(new URLSearchParams(query)));

describe("a saved search is the catalog's search", () => {
  it("keeps every filter as the catalog reads it, and the address without its cursor", () => {
    const { filters, query } = saved(
      "q=+komatsu+&category=excavators&condition=used&minPrice=1%20000&maxPrice=500000&province=Gauteng&urgent=1&make=cat&model=320%20GC&yearFrom=2020&yearTo=2015&maxHours=8000&vatRegistered=1&sort=price_asc&cursor=abc",
    );
    expect(filters).toEqual({
      q: "komatsu",
      category: "excavators",
      condition: "used",
      minPrice: "1000",
      maxPrice: "500000",
      province: "Gauteng",
      urgent: true,
      bargain: false,
      make: "Caterpillar",
      modelPrefix: "320 gc",
      yearFrom: 2015,
      yearTo: 2020,
      maxHours: 8000,
      vatRegistered: true,
    });
    expect(query).not.toContain("cursor");
    expect(query).toContain("sort=price_asc");
  });

  it("a search without any filter has nothing to alert on; the sort alone is not a filter", () => {
    expect(hasFilters(saved("").filters)).toBe(false);
    expect(hasFilters(saved("sort=price_desc&category=nonsense").filters)).toBe(false);
    expect(hasFilters(saved("bargain=1").filters)).toBe(true);
  });

  it("is described in words, and named after that description within the name's limit", () => {
    expect(describeFilters(saved("category=excavators&province=Gauteng&maxPrice=1500000").filters)).toBe(
      `Excavators · Gauteng · up to ${formatPrice(1500000)}`,
    );
    expect(describeFilters(saved("q=generator&minPrice=100000&maxPrice=200000&yearFrom=2018").filters)).toBe(
      `“generator” · ${formatPrice(100000)} – ${formatPrice(200000)} · 2018 or newer`,
    );
    expect(describeFilters(saved("make=komatsu&model=pc200&maxHours=5000&bargain=1").filters)).toBe(
      "Komatsu · model PC200… · at most 5,000 h · bargains",
    );
    const long = defaultSearchName(
      saved(`q=${"hydraulic ".repeat(9)}&category=excavators&province=Western+Cape`).filters,
    );
    expect(long.length).toBeLessThanOrEqual(80);
    expect(long.endsWith("…")).toBe(true);
  });
});
