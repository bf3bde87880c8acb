import { describe, expect, it } from "vitest";
import { badgeText, hasMorePages } from "./badge.ts";

describe("notification badge and paging", () => {
  it("shows the count, 9+ above 9, never below 0", () => {
    expect(badgeText(0)).toBe("0");
    expect(badgeText(1)).toBe("1");
    expect(badgeText(9)).toBe("9");
    expect(badgeText(10)).toBe("9+");
    expect(badgeText(250)).toBe("9+");
    expect(badgeText(-3)).toBe("0");
  });
  it("offers Load more only after a full page of 20", () => {
    expect(hasMorePages(20)).toBe(true);
    expect(hasMorePages(19)).toBe(false);
    expect(hasMorePages(0)).toBe(false);
  });
});
