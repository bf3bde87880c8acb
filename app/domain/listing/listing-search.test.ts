import { describe, expect, it } from "vitest";
import { parseListingSearch } from "./listing-search.ts";
import { searchToQuery } from "./listing-search-query.ts";

const parse = (qs: string) => parseListingSearch(new URLSearchParams(qs));

describe("catalog search parameters", () => {
  it("reads every filter from the query string", () => {
    expect(
      parse("q=excavator&category=cranes&condition=used&minPrice=100 000&maxPrice=2000000&province=Gauteng&urgent=1&bargain=1&sort=price_desc&cursor=abc"),
    ).toEqual({
      q: "excavator",
      category: "cranes",
      condition: "used",
      minPrice: 100000,
      maxPrice: 2000000,
      province: "Gauteng",
      urgent: "1",
      bargain: "1",
      sort: "price_desc",
      cursor: "abc",
    });
  });

  it("defaults to newest and ignores empty fields", () => {
    expect(parse("q=&category=&sort=")).toEqual({ sort: "newest" });
  });

  it("drops invalid values instead of failing the page", () => {
    expect(parse("category=spaceships&minPrice=-5&sort=random&province=Atlantis&q=crane")).toEqual({ q: "crane", sort: "newest" });
  });

  it("reads a price bound as typed, a decimal comma included", () => {
    expect(parse("maxPrice=1 250 000,50")).toMatchObject({ maxPrice: 1250000.5 });
    expect(parse("minPrice=1,250,000")).toMatchObject({ minPrice: 1250000 });
    expect(parse("minPrice=R 450 000")).toMatchObject({ minPrice: 450000 });
    // Hours with a decimal comma are not a whole number (not 65): the filter is dropped.
    expect(parse("maxHours=6,5")).toEqual({ sort: "newest" });
    expect(parse("maxHours=6,500")).toMatchObject({ maxHours: 6500 });
  });

  it("reads a minimum price above the maximum as the range meant, both ways round", () => {
    expect(parse("minPrice=500000&maxPrice=100000")).toMatchObject({ minPrice: 100000, maxPrice: 500000 });
    expect(parse("minPrice=100000&maxPrice=500000")).toMatchObject({ minPrice: 100000, maxPrice: 500000 });
    expect(parse("minPrice=7000&maxPrice=7000")).toMatchObject({ minPrice: 7000, maxPrice: 7000 });
    expect(parse("minPrice=900&maxPrice=-1")).toEqual({ minPrice: 900, sort: "newest" });
  });

  it("cuts an over-long search to the field's 100 characters instead of dropping it", () => {
    expect(parse(`q=${"crane ".repeat(40)}`).q).toBe("crane ".repeat(17).slice(0, 100).trim());
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
    expect(parse("q=%20%20%20")).toEqual({ sort: "newest" });
  });

  it("writes a short, shareable query string that reads back the same", () => {
    const search = parse("q=loader&minPrice=5000&urgent=1&sort=price_asc");
    const qs = searchToQuery(search);
    expect(qs).toBe("q=loader&minPrice=5000&urgent=1&sort=price_asc");
    expect(parse(qs)).toEqual(search);
    expect(searchToQuery(parse("sort=newest"))).toBe("");
  });
});
