import { describe, expect, it } from "vitest";
import { requiredLexemes } from "./search-price-bound.server.ts";

describe("requiredLexemes (the tsquery text PostgreSQL prints)", () => {
  it("reads words that must all be there: AND and phrases", () => {
    expect(requiredLexemes("'excav'")).toEqual(["excav"]);
    expect(requiredLexemes("'caterpil' & 'crane'")).toEqual(["caterpil", "crane"]);
    expect(requiredLexemes("'arc' <-> 'welder' & 'use'")).toEqual(["arc", "welder", "use"]);
    expect(requiredLexemes("'big' <2> 'red'")).toEqual(["big", "red"]);
    expect(requiredLexemes("'o''brien'")).toEqual(["o'brien"]);
    expect(requiredLexemes("'a & b'")).toEqual(["a & b"]);
  });

  it("matches nothing for an empty query", () => {
    expect(requiredLexemes("")).toEqual([]);
  });

  it("gives up on any other shape: OR, NOT, parentheses, prefixes, weights", () => {
    for (const q of ["'a' | 'b'", "'a' & !'b'", "!'a'", "( 'a' | 'b' ) & 'c'", "'a':*", "'a':AB", "'a' 'b'", "a"]) {
      expect(requiredLexemes(q), q).toBeNull();
    }
  });
});
