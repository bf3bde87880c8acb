import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { PERMISSION_MATRIX } from "../e2e/permission-matrix.ts";

type Entry = { path?: string; index?: boolean; children?: Entry[] };

function patterns(entries: Entry[], prefix = ""): string[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || "/" : e.path === undefined ? prefix : `${prefix}/${e.path}`.replace(/\/+/g, "/");
    const self = e.index || e.path !== undefined ? [own === "/*" ? "*" : own] : [];
    return [...self, ...patterns(e.children ?? [], own === "/" ? "" : own)];
  });
}

describe("permission matrix", () => {
  const routePatterns = patterns(routes as Entry[]);

  it("has a row for every route in app/routes.ts", () => {
    const rows = new Set(PERMISSION_MATRIX.map((r) => r.pattern));
    const missing = routePatterns.filter((p) => !rows.has(p));
    expect(missing, `routes without a permission-matrix row: ${missing.join(", ")}`).toEqual([]);
  });

  it("has no row for a route that does not exist", () => {
    const known = new Set(routePatterns);
    const stale = PERMISSION_MATRIX.map((r) => r.pattern).filter((p) => !known.has(p));
    expect(stale).toEqual([]);
  });

  it("sends visitors of protected routes to sign in and nobody to a page they may not see", () => {
    const adminOnly = PERMISSION_MATRIX.filter((r) => r.pattern.startsWith("/admin"));
    for (const row of adminOnly) {
      expect(row.expect.visitor).toBe("/signin");
      expect(row.expect.buyer).toBe("/");
      expect(row.expect.seller).toBe("/");
    }
  });
});
