/**
 * A `console.error` during a unit or database test fails that test: React's
 * warnings, unhandled rejections a library reports, and our own slips all
 * land there, and a passing test should not hide one.
 */
import { afterEach, beforeEach, expect, vi } from "vitest";

let errors: unknown[][] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args);
  });
});

afterEach(() => {
  vi.mocked(console.error).mockRestore();
  const seen = errors.map((args) => args.map((a) => (a instanceof Error ? a.stack ?? a.message : String(a))).join(" "));
  errors = [];
  expect(seen, "console.error was called during the test").toEqual([]);
});
