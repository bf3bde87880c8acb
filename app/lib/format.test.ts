import { describe, expect, test } from "vitest";
import {
  categoryLabel,
  conditionDescription,
  formatAdminDate,
  formatDateTime,
  formatPrice,
  formatShortDate,
} from "./format.ts";

const NBSP = "\u00a0";

describe("formatPrice", () => {
  test("formats rand in en-ZA with no-break space groups and no decimals", () => {
    expect(formatPrice(1250000)).toBe(`R${NBSP}1${NBSP}250${NBSP}000`);
    expect(formatPrice(1234)).toBe(`R${NBSP}1${NBSP}234`);
    expect(formatPrice(0)).toBe(`R${NBSP}0`);
  });

  test("rounds to whole rand", () => {
    expect(formatPrice(999.6)).toBe(`R${NBSP}1${NBSP}000`);
    expect(formatPrice(1234.4)).toBe(`R${NBSP}1${NBSP}234`);
  });
});

describe("dates", () => {
  // 22:30 UTC is already the next day in South Africa (UTC+2).
  const lateEvening = "2025-01-15T22:30:00Z";

  test("formatShortDate gives the en-ZA short date in South African time", () => {
    expect(formatShortDate(lateEvening)).toBe("2025/01/16");
    expect(formatShortDate(new Date("2025-06-01T08:00:00Z"))).toBe("2025/06/01");
  });

  test("formatDateTime gives the en-ZA long date with a 24-hour time, for a user's own pages", () => {
    expect(formatDateTime(lateEvening)).toBe("16 January 2025 at 00:30");
    expect(formatDateTime(new Date("2025-03-04T12:05:00Z"))).toBe("4 March 2025 at 14:05");
  });

  test("formatAdminDate gives the en-US long date with hours and minutes", () => {
    expect(formatAdminDate(lateEvening)).toBe("January 16, 2025 at 12:30 AM");
    expect(formatAdminDate(new Date("2025-03-04T12:05:00Z"))).toBe("March 4, 2025 at 02:05 PM");
  });
});

describe("categoryLabel", () => {
  test.each([
    ["excavators", "Excavators"],
    ["cranes", "Cranes"],
    ["bulldozers", "Bulldozers"],
    ["loaders", "Loaders"],
    ["dump_trucks", "Dump Trucks"],
    ["generators", "Generators"],
    ["compressors", "Compressors"],
    ["welding_equipment", "Welding Equipment"],
    ["other", "Other"],
  ])("%s reads %s", (value, label) => {
    expect(categoryLabel(value)).toBe(label);
  });

  test("falls back to Uncategorized", () => {
    expect(categoryLabel(null)).toBe("Uncategorized");
    expect(categoryLabel(undefined)).toBe("Uncategorized");
    expect(categoryLabel("")).toBe("Uncategorized");
    expect(categoryLabel("tractors")).toBe("Uncategorized");
    expect(categoryLabel("constructor")).toBe("Uncategorized");
  });
});

describe("conditionDescription", () => {
  test.each([
    ["new", "New — brand new, never used"],
    ["used", "Used — previously used, good condition"],
    ["refurbished", "Refurbished — restored to like-new condition"],
    ["salvage", "salvage"],
    ["constructor", "constructor"],
  ])("%s reads %s", (value, text) => {
    expect(conditionDescription(value)).toBe(text);
  });
});
