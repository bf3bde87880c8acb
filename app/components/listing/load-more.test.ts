import { describe, expect, it } from "vitest";
import { loadMoreTarget, MAX_SHOWN, shownFrom } from "./load-more.tsx";

const shown = (query: string) => shownFrom(new URLSearchParams(query), 12);

describe("how many cards the address asks for", () => {
  it("is one page unless ?shown asks for more, in whole pages, at most MAX_SHOWN", () => {
    expect(shown("")).toBe(12);
    expect(shown("shown=24")).toBe(24);
    expect(shown("shown=13")).toBe(24);
    expect(shown("shown=36&q=crane")).toBe(36);
    expect(shown(`shown=${MAX_SHOWN}`)).toBe(MAX_SHOWN);
    expect(shown("shown=100000")).toBe(MAX_SHOWN);
    for (const bad of ["shown=0", "shown=-24", "shown=abc", "shown=2.5", "shown=1e400", "shown="]) {
      expect(shown(bad), bad).toBe(12);
    }
  });
});

describe("where Load more leads", () => {
  it("asks for one page more of the same list, keeping the search", () => {
    expect(loadMoreTarget({ search: "?q=crane&sort=price_asc", shown: 12, pageSize: 12, nextCursor: "c1" })).toEqual({
      search: "?q=crane&sort=price_asc&shown=24",
      append: true,
    });
    expect(loadMoreTarget({ search: "?shown=24", shown: 24, pageSize: 12, nextCursor: "c2" })).toEqual({
      search: "?shown=36",
      append: true,
    });
  });

  it("past the most one page reads, opens the next cards on a page of their own; nothing when there are no more", () => {
    expect(
      loadMoreTarget({ search: `?q=crane&shown=${MAX_SHOWN}`, shown: MAX_SHOWN, pageSize: 12, nextCursor: "c5" }),
    ).toEqual({ search: "?q=crane&cursor=c5", append: false });
    expect(loadMoreTarget({ search: "?shown=24", shown: 24, pageSize: 12, nextCursor: null })).toBeNull();
  });
});
