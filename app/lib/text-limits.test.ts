import { describe, expect, it } from "vitest";
import { shortened } from "./text-limits.ts";

describe("shortened", () => {
  it("keeps a text of at most the limit as it is", () => {
    expect(shortened("Komatsu PC200", 80)).toBe("Komatsu PC200");
    expect(shortened("x".repeat(80), 80)).toBe("x".repeat(80));
  });

  it("cuts a longer text to the limit and adds ...", () => {
    expect(shortened("x".repeat(81), 80)).toBe(`${"x".repeat(80)}...`);
  });

  it("never splits an emoji, a flag or an accented letter", () => {
    const text = `${"a".repeat(79)}🚜 Available now`;
    expect(shortened(text, 80)).toBe(`${"a".repeat(79)}🚜...`);
    expect(shortened(`${"a".repeat(79)}🇿🇦🇿🇦`, 80)).toBe(`${"a".repeat(79)}🇿🇦...`);
    expect(shortened(`${"a".repeat(79)}e\u0301e\u0301`, 80)).toBe(`${"a".repeat(79)}e\u0301...`);
    // Counted as a reader counts: 80 emoji are 80 characters, not cut.
    expect(shortened("👷".repeat(80), 80)).toBe("👷".repeat(80));
    expect(shortened("👷".repeat(81), 80)).toBe(`${"👷".repeat(80)}...`);
    expect(shortened("👷".repeat(81), 80)).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});
