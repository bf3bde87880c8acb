/**
 * Browse pages for visitors come from a store of a few seconds
 * (server/visitor-pages.js): the stored page is the same document with the
 * answer's own nonce, it runs under the policy, and a change someone makes
 * shows to the next visitor at once.
 */
import { type APIRequestContext, type APIResponse, expect, test } from "@playwright/test";
import { publishListing } from "./support/listings.ts";
import { gotoReady } from "./support/steps.ts";

const nonceOf = (csp: string) => /'nonce-([^']+)'/.exec(csp)?.[1] ?? "";

/**
 * The next answer for `path` that comes from the store. Other tests running meanwhile write, and
 * every write empties the store: asked again until a visitor's page is answered from it.
 */
async function storedAnswer(request: APIRequestContext, path: string) {
  let answer: APIResponse | undefined;
  await expect(async () => {
    answer = await request.get(path);
    expect(answer.headers()["x-visitor-page"]).toBe("stored");
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
  return answer!;
}

test("a visitor's page from the store carries its own nonce and runs under the policy", async ({ request, browser }) => {
  const path = `/catalog?q=stored-${Date.now().toString(36)}`;
  const first = await request.get(path);
  expect(first.headers()["x-visitor-page"]).toBeUndefined();
  const second = await storedAnswer(request, path);
  const nonce = nonceOf(second.headers()["content-security-policy"] ?? "");
  expect(nonce).not.toBe(nonceOf(first.headers()["content-security-policy"] ?? ""));
  const html = await second.text();
  const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !m[1]!.includes("application/ld+json"));
  expect(inline.length).toBeGreaterThan(0);
  for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);

  // A browser without cookies gets the stored document, hydrates it and navigates in it without a violation.
  const context = await browser.newContext();
  const page = await context.newPage();
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  await expect(async () => {
    const response = await gotoReady(page, path);
    expect(response?.headers()["x-visitor-page"]).toBe("stored");
  }).toPass({ timeout: 15_000, intervals: [100, 250, 500] });
  await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(violations).toEqual([]);
  await context.close();
});

test("a listing approved a moment ago shows to the next visitor at once", async ({ request }) => {
  const title = `Stored Volvo EC220 ${Date.now().toString(36)}`;
  const path = `/catalog?q=${encodeURIComponent(title)}`;
  const before = await storedAnswer(request, path);
  expect(await before.text()).toContain("No listings found");

  const listingId = await publishListing({ title, description: "Excavator, kept in a store for visitors." });
  const after = await request.get(path);
  expect(after.headers()["x-visitor-page"]).toBeUndefined();
  const afterHtml = await after.text();
  expect(afterHtml).not.toContain("No listings found");
  expect(afterHtml).toMatch(new RegExp(`listing(/|%2F)${listingId}`));

  // Its own page, twice: the second from the store, the same listing.
  const listing = await storedAnswer(request, `/listing/${listingId}`);
  expect(await listing.text()).toContain(title);
});
