import { expect, it } from "vitest";
import { isUuid } from "./uuid.ts";

it("accepts only well-formed UUIDs", () => {
  expect(isUuid("2f1c6b1e-8d9a-4c3b-9f0e-1a2b3c4d5e6f")).toBe(true);
  expect(isUuid("-".repeat(36))).toBe(false);
  expect(isUuid("2f1c6b1e8d9a4c3b9f0e1a2b3c4d5e6f0000")).toBe(false);
  expect(isUuid("' or 1=1 --")).toBe(false);
  expect(isUuid(null)).toBe(false);
});
