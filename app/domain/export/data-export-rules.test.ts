import { describe, expect, it } from "vitest";
import { exportFileName, exportStorageKey, formatExportTime, formatSize } from "./data-export-rules.ts";

describe("the rules of a copy of one's data", () => {
  it("names the download after the day it was prepared, in South African time", () => {
    expect(exportFileName(new Date("2026-03-14T09:30:00Z"))).toBe("dealequip-data-2026-03-14.zip");
    // 23:30 UTC is already the next day in Johannesburg (UTC+2).
    expect(exportFileName("2026-03-14T23:30:00Z")).toBe("dealequip-data-2026-03-15.zip");
  });

  it("says a moment as the page and the e-mail do", () => {
    expect(formatExportTime(new Date("2026-03-14T07:05:00Z"))).toBe("14 March 2026 at 09:05");
  });

  it("stores a copy privately, under its owner", () => {
    expect(exportStorageKey("u1", "e1")).toBe("private/exports/u1/e1.zip");
  });

  it("gives sizes in KB or MB", () => {
    expect(formatSize(300)).toBe("1 KB");
    expect(formatSize(310 * 1024)).toBe("310 KB");
    expect(formatSize(2.44 * 1024 * 1024)).toBe("2.4 MB");
  });
});
