/**
 * The sign-in's last hop opens a page inside the app, and anything else with the browser's own
 * navigation (app/lib/redirect-after-sign-in.server.ts). What is not a page is a list in
 * app/lib/safe-redirect.ts: every route of the table without a component must be on it, every page off it.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import { destinationKind } from "#app/lib/safe-redirect.ts";
import routes from "../../app/routes.ts";

/** Every route of the table with its full path pattern and whether its module renders a page (.tsx). */
function flatten(entries: RouteConfigEntry[], parent = ""): { path: string; page: boolean }[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    return [{ path: `/${path}`, page: entry.file.endsWith(".tsx") }, ...flatten(entry.children ?? [], path)];
  });
}
/** A path the pattern matches: each :param and the catch-all's * filled in. */
const sample = (pattern: string) =>
  pattern.replace(/:[A-Za-z]+/g, "00000000-0000-4000-8000-000000000001").replace("*", "x");

describe("the route table and destinationKind", () => {
  it("knows every route of the table without a page for what it is: a route added without one fails here", () => {
    const table = flatten(routes);
    expect(table.length).toBeGreaterThan(40);
    for (const { path, page } of table) {
      expect([path, destinationKind(sample(path)) === "page"]).toEqual([path, page]);
    }
  });
});
