import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import routes from "../../app/routes.ts";
import { PERMISSION_MATRIX, PERSONAS, ROUTE_INTENTS } from "../e2e/permission-matrix.ts";

type Entry = { path?: string; index?: boolean; file: string; children?: Entry[] };
type RouteInfo = { pattern: string; file: string };

function flatten(entries: Entry[], prefix = ""): RouteInfo[] {
  return entries.flatMap((e) => {
    const own = e.index ? prefix || "/" : e.path === undefined ? prefix : `${prefix}/${e.path}`.replace(/\/+/g, "/");
    const self = e.index || e.path !== undefined ? [{ pattern: own === "/*" ? "*" : own, file: e.file }] : [];
    return [...self, ...flatten(e.children ?? [], own === "/" ? "" : own)];
  });
}

const source = (file: string) => readFileSync(fileURLToPath(new URL(`../../app/${file}`, import.meta.url)), "utf8");
/** A route module's sibling list of the intents its action handles (`<route>.intents.ts`), when it has one. */
const intentsFile = (file: string) => fileURLToPath(new URL(`../../app/${file.replace(/\.tsx?$/, "")}.intents.ts`, import.meta.url));
const intentsOf = async (file: string) =>
  existsSync(intentsFile(file)) ? ((await import(intentsFile(file))) as { intents: readonly string[] }).intents : undefined;

/** The intents a route module names in its source: comparisons, switch cases and hidden inputs (a cross-check of its list). */
function intentsIn(code: string): string[] {
  if (!code.includes("intent")) return [];
  const found = [
    ...code.matchAll(/intent"?\)?\s*[!=]==\s*"([\w-]+)"/g),
    ...code.matchAll(/case\s+"([\w-]+)"\s*:/g),
    ...code.matchAll(/name="intent"\s+value="([\w-]+)"/g),
  ].map((m) => m[1]!);
  return [...new Set(found)];
}

describe("permission matrix", () => {
  const routeInfos = flatten(routes as Entry[]);
  const rows = (pattern: string, method: "GET" | "POST") => PERMISSION_MATRIX.filter((r) => r.pattern === pattern && r.method === method);

  it("has a GET row for every route in app/routes.ts", () => {
    const missing = routeInfos.filter((r) => rows(r.pattern, "GET").length === 0).map((r) => r.pattern);
    expect(missing, `routes without a GET row: ${missing.join(", ")}`).toEqual([]);
  });

  it("has a POST row for every route module that exports an action", () => {
    const withAction = routeInfos.filter((r) => /export\s+(async\s+)?function\s+action\b|export\s+const\s+action\b/.test(source(r.file)));
    expect(withAction.length).toBeGreaterThan(10);
    const missing = withAction.filter((r) => rows(r.pattern, "POST").length === 0).map((r) => `${r.pattern} (${r.file})`);
    expect(missing, `actions without a POST row: ${missing.join(", ")}`).toEqual([]);
  });

  it("has a row for every intent a route's action handles", () => {
    const missing: string[] = [];
    for (const r of routeInfos) {
      const covered = new Set(rows(r.pattern, "POST").map((row) => row.intent));
      for (const intent of ROUTE_INTENTS[r.pattern] ?? []) if (!covered.has(intent)) missing.push(`${r.pattern} intent=${intent}`);
    }
    expect(missing, `intents without a row: ${missing.join(", ")}`).toEqual([]);
  });

  it("reads each route's intents from the list its action dispatches on", async () => {
    const lists: Record<string, readonly string[]> = {};
    for (const r of routeInfos) {
      const intents = await intentsOf(r.file);
      if (intents) lists[r.pattern] = intents;
    }
    expect(Object.keys(lists).length).toBeGreaterThan(10);
    expect(ROUTE_INTENTS).toEqual(lists);
  });

  it("finds every intent a route's source names in the route's list", async () => {
    const unlisted: string[] = [];
    for (const r of routeInfos) {
      const listed = new Set(await intentsOf(r.file));
      for (const intent of intentsIn(source(r.file))) if (!listed.has(intent)) unlisted.push(`${r.pattern} intent=${intent}`);
    }
    expect(unlisted, `intents missing from the route's <route>.intents.ts: ${unlisted.join(", ")}`).toEqual([]);
  });

  it("finds intents however the action compares them", () => {
    expect(intentsIn(`if (intent === "a") {} if (form.get("intent") === "b") {} if (field("intent") !== "c") {}`)).toEqual(["a", "b", "c"]);
    expect(intentsIn(`switch (intent) { case "d": }\n<input type="hidden" name="intent" value="e" />`)).toEqual(["d", "e"]);
    expect(intentsIn(`switch (kind) { case "x": }`)).toEqual([]);
  });

  it("has no row for a route that does not exist", () => {
    const known = new Set(routeInfos.map((r) => r.pattern));
    expect(PERMISSION_MATRIX.map((r) => r.pattern).filter((p) => !known.has(p))).toEqual([]);
  });

  it("gives every row an outcome for each of the seven personas", () => {
    expect(PERSONAS).toHaveLength(7);
    for (const row of PERMISSION_MATRIX) expect(Object.keys(row.expect).sort(), row.pattern).toEqual([...PERSONAS].sort());
  });

  it("gives a banned user's old cookie a visitor's answers, except when they sign in again", () => {
    const differ = PERMISSION_MATRIX.filter((r) => r.expect.banned !== r.expect.visitor).map((r) => `${r.method} ${r.pattern} ${r.intent ?? ""}`);
    expect(differ).toEqual(["POST /signin signin"]);
  });

  it("sends visitors of admin routes to sign in and other roles home", () => {
    const adminOnly = PERMISSION_MATRIX.filter((r) => r.pattern.startsWith("/admin") || r.pattern === "/email-test");
    for (const row of adminOnly) {
      expect(row.expect.visitor).toBe("/signin");
      for (const p of ["buyer", "buyerWithoutProfile", "seller", "otherSeller"] as const) expect(row.expect[p], `${p} ${row.pattern}`).toBe("/");
    }
  });

});
