/**
 * Every page a demo persona may open (the permission matrix's GET rows that
 * answer them 200) loads all its scripts and hydrates without a script error.
 * The build cuts the scripts into files by the pages that use them
 * (vite/bundling.ts); a module left out of a file, an import of a name a file
 * does not export, or a file that does not load would break a page here even
 * when no other test opens it.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { PERMISSION_MATRIX, type Persona } from "./permission-matrix.ts";
import { sessionPage, type DemoRole } from "./support/personas.ts";

/** Each page once, opened by the first of these who gets it (a visitor's page as a visitor, the admin's as the admin). */
const OPENERS = ["visitor", "buyer", "seller", "admin"] as const satisfies readonly Persona[];

function pagesOf(opener: (typeof OPENERS)[number]) {
  return PERMISSION_MATRIX.filter(
    (row) =>
      row.method === "GET" &&
      !row.target &&
      !/[:*]|^\/api\/|\.(xml|txt)$|stream/.test(row.pattern) &&
      OPENERS.find((persona) => row.expect[persona] === 200) === opener,
  ).map((row) => (typeof row.url === "string" ? row.url : row.pattern));
}

/** What went wrong while the page loaded: uncaught errors, console errors, scripts that did not come. */
function watch(page: Page) {
  const problems: string[] = [];
  page.on("pageerror", (error) => problems.push(`error: ${error.message}`));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(`console: ${message.text()}`);
  });
  page.on("requestfailed", (request) => {
    // ERR_ABORTED is a load the next page.goto cancelled, not a file that did not come: a live
    // notification from another test's work can show a toast, whose script starts loading
    // just as the walk moves on.
    const reason = request.failure()?.errorText ?? "";
    if (request.resourceType() === "script" && reason !== "net::ERR_ABORTED")
      problems.push(`failed (${reason}): ${request.url()}`);
  });
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" && response.status() >= 400)
      problems.push(`${response.status()}: ${response.url()}`);
  });
  return problems;
}

for (const opener of OPENERS) {
  test(`the ${opener}'s pages load their scripts and hydrate without an error`, async ({ browser }) => {
    const paths = pagesOf(opener);
    expect(paths.length, "pages found in the permission matrix").toBeGreaterThan(2);
    // One page after another (the admin has the most): each takes about a second alone, but
    // up to ten times that while the permission matrix's workers load the same server.
    test.setTimeout(Math.max(120_000, paths.length * 20_000));
    const page =
      opener === "visitor"
        ? await (await browser.newContext()).newPage()
        : await sessionPage(browser, opener as DemoRole);
    const problems = watch(page);
    const seen: Record<string, string[]> = {};
    for (const path of paths) {
      const response = await page.goto(`${BASE_URL}${path}`);
      expect(response?.status(), path).toBe(200);
      await page.locator("html[data-hydrated]").waitFor({ timeout: 30_000 });
      await page.waitForLoadState("networkidle");
      if (problems.length) seen[path] = problems.splice(0);
    }
    expect(seen).toEqual({});
    await page.context().close();
  });
}
