/**
 * Comparing machines (/compare) and a listing's printed spec sheet: up to
 * three machines picked on catalog cards (a fourth refused), their rows lined
 * up, the pick kept across pages and reloads, the address as the comparison
 * (also without JavaScript), no sideways page scroll at 360 px or 1280 px,
 * and the print view of a listing page. With COMPARE_SCREENSHOTS=1 the pages
 * are kept as PNGs under test-results/compare/ for a look.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { BASE_URL } from "../../playwright.config.ts";
import { COMPARE_LIMIT_MESSAGE } from "../../app/domain/listing/compare-selection.ts";
import { firstListingPath, gotoReady, sessionPage } from "./support/personas.ts";

const WIDTHS = [360, 1280] as const;
const SCREENSHOTS = process.env.COMPARE_SCREENSHOTS === "1";

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");
/** The card of one listing (by id: other suites add listings at the top of the catalog meanwhile). */
const cardOf = (page: Page, id: string) => cards(page).filter({ has: page.locator(`a[href*="${id}"]`) });
const compareToggle = (scope: Page | Locator) => scope.getByRole("button", { name: /^Compare / });
const comparison = (page: Page) => page.getByRole("region", { name: /^Comparison/ });

/** The id of the listing a catalog card links to (a visitor's link goes through sign-in). */
async function listingIdOf(card: Locator) {
  const href = decodeURIComponent((await card.getByRole("link", { name: "View Details" }).getAttribute("href")) ?? "");
  const id = /\/listing\/([0-9a-f-]{36})$/.exec(href)?.[1];
  expect(id, href).toBeTruthy();
  return id!;
}

/** The machines' ids in the order of the comparison's columns. */
async function columnIds(page: Page) {
  return comparison(page)
    .locator("thead th[scope=col]")
    .evaluateAll((ths) =>
      ths.map(
        (th) =>
          /\/listing\/([0-9a-f-]{36})/.exec(
            decodeURIComponent(th.querySelector("a")?.getAttribute("href") ?? ""),
          )?.[1] ?? "",
      ),
    );
}

/** Each body row: its name, its cells' texts, and the distinct tops of its cells (one when they line up). */
async function comparisonRows(page: Page) {
  return comparison(page)
    .locator("tbody tr")
    .evaluateAll((trs) =>
      trs.map((tr) => {
        const label = tr.querySelector("th[scope=row]")?.textContent?.trim() ?? "";
        const tds = [...tr.querySelectorAll("td")];
        return {
          label,
          values: tds.map((td) => (td.textContent ?? "").trim()),
          tops: [...new Set([tr.querySelector("th")!, ...tds].map((c) => Math.round(c.getBoundingClientRect().top)))]
            .length,
        };
      }),
    );
}

async function pageOverflow(page: Page) {
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

/** WCAG 2.2 AA violations on the page (as the accessibility suite checks them). */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

async function shot(page: Page, name: string) {
  if (SCREENSHOTS) await page.screenshot({ path: `test-results/compare/${name}.png`, fullPage: true });
}

test("a visitor picks three machines, a fourth is refused, and compares them side by side at 360 px and 1280 px", async ({
  page,
}) => {
  await gotoReady(page, "/equipment");
  const picked: string[] = [];
  for (let i = 0; i < 3; i++) {
    const card = cards(page).nth(i);
    picked.push(await listingIdOf(card));
    await compareToggle(card).click();
    await expect(compareToggle(card)).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("link", { name: `Compare (${i + 1})` })).toBeVisible();
  }
  const fourth = cards(page).nth(3);
  await compareToggle(fourth).click();
  await expect(page.getByText(COMPARE_LIMIT_MESSAGE)).toBeVisible();
  await expect(compareToggle(fourth)).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("link", { name: "Compare (3)" })).toBeVisible();

  await page.getByRole("link", { name: "Compare (3)" }).click();
  await expect(page).toHaveURL(`/compare?ids=${picked.join(",")}`);
  await expect(page.getByRole("heading", { level: 1, name: "Compare Machines" })).toBeVisible();
  expect(await columnIds(page)).toEqual(picked);

  // One row per detail, every machine a cell in it, the cells of a row side by side.
  const rows = await comparisonRows(page);
  const labels = rows.map((r) => r.label);
  expect(labels.slice(0, 4)).toEqual(["Category", "Make", "Model", "Year"]);
  expect(labels.slice(-3)).toEqual(["Location", "VAT", "Seller"]);
  for (const row of rows) {
    expect(row.values, row.label).toHaveLength(3);
    expect(row.tops, `${row.label}: its cells line up`).toBe(1);
  }

  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await gotoReady(page, `/compare?ids=${picked.join(",")}`);
    await expect(comparison(page)).toBeVisible();
    await shot(page, `compare-${width}`);
    expect(await pageOverflow(page), `the page does not scroll sideways at ${width}px`).toBeLessThanOrEqual(0);
    expect(await axeViolations(page)).toEqual([]);
    const box = await comparison(page).evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    if (width === 360) {
      // The machines scroll sideways inside the comparison, under row names that stay put.
      expect(box.scroll).toBeGreaterThan(box.client);
      const label = comparison(page).locator("tbody th[scope=row]").first();
      const before = (await label.boundingBox())!.x;
      await comparison(page).evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
      await expect.poll(() => comparison(page).evaluate((el) => el.scrollLeft)).toBeGreaterThan(100);
      expect((await label.boundingBox())!.x).toBe(before);
      await shot(page, `compare-${width}-scrolled`);
      expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
    } else {
      expect(box.scroll, "three machines fit a laptop's width").toBeLessThanOrEqual(box.client);
    }
  }

  // Each column holds its machine's spec table, row for row, as the listing page shows it.
  for (const [column, id] of picked.entries()) {
    await gotoReady(page, `/listing/${id}`);
    const specs = await page
      .getByRole("region", { name: "Specifications" })
      .locator("tr")
      .evaluateAll((trs) =>
        trs.map((tr) => [tr.querySelector("th")!.textContent!.trim(), tr.querySelector("td")!.textContent!.trim()]),
      );
    expect(specs.length).toBeGreaterThanOrEqual(10);
    const mine = rows.filter((r) => specs.some(([label]) => label === r.label));
    expect(mine.map((r) => [r.label, r.values[column]])).toEqual(specs);
  }
});

test("the pick survives reloads and other pages; on /compare the address decides, and Remove takes one out", async ({
  page,
}) => {
  await gotoReady(page, "/equipment");
  const [a, b, c] = [
    await listingIdOf(cards(page).nth(4)),
    await listingIdOf(cards(page).nth(5)),
    await listingIdOf(cards(page).nth(6)),
  ];
  await compareToggle(cardOf(page, a)).click();
  await compareToggle(cardOf(page, b)).click();
  await expect(page.getByRole("link", { name: "Compare (2)" })).toBeVisible();

  await page.reload();
  await page.locator("html[data-hydrated]").waitFor();
  await expect(compareToggle(cardOf(page, a))).toHaveAttribute("aria-pressed", "true");
  await expect(compareToggle(cardOf(page, b))).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Compare (2)" })).toBeVisible();

  // On the listing page the same pick: the toggle there takes the machine out again.
  await gotoReady(page, `/listing/${a}`);
  await expect(compareToggle(page)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("link", { name: "Compare (2)" })).toBeVisible();
  await compareToggle(page).click();
  await expect(compareToggle(page)).toHaveAttribute("aria-pressed", "false");
  await expect(page.getByRole("link", { name: "Compare (1)" })).toBeVisible();

  // A bare /compare opens the pick.
  await gotoReady(page, "/compare");
  await expect(page).toHaveURL(`/compare?ids=${b}`);
  expect(await columnIds(page)).toEqual([b]);

  // A shared comparison replaces the pick.
  await gotoReady(page, `/compare?ids=${c},${a},${b}`);
  expect(await columnIds(page)).toEqual([c, a, b]);
  await page
    .getByRole("link", { name: /^Remove .* from the comparison$/ })
    .nth(1)
    .click();
  await expect(page).toHaveURL(`/compare?ids=${c},${b}`);
  await expect.poll(() => columnIds(page)).toEqual([c, b]);
  await gotoReady(page, "/equipment");
  await expect(page.getByRole("link", { name: "Compare (2)" })).toBeVisible();
  await expect(compareToggle(cardOf(page, c))).toHaveAttribute("aria-pressed", "true");
  await expect(compareToggle(cardOf(page, a))).toHaveAttribute("aria-pressed", "false");

  await page.getByRole("button", { name: "Clear" }).click();
  await expect(page.getByRole("link", { name: /^Compare \(/ })).toHaveCount(0);
});

test("without JavaScript /compare renders the machines its address names, the first three", async ({ browser }) => {
  const scout = await browser.newPage();
  await gotoReady(scout, "/equipment");
  const ids = await Promise.all([0, 1, 2, 3].map((i) => listingIdOf(cards(scout).nth(i))));
  await scout.close();

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    const response = await page.goto(`/compare?ids=${ids[0]},not-a-listing,${ids[1]},${ids[2]},${ids[3]}`);
    expect(response?.status()).toBe(200);
    expect(await columnIds(page)).toEqual(ids.slice(0, 3));
    const rows = await comparisonRows(page);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) expect(row.values, row.label).toHaveLength(3);
    expect(await pageOverflow(page)).toBeLessThanOrEqual(0);
  }
  // Remove is a plain link: it works without JavaScript too.
  await page
    .getByRole("link", { name: /^Remove .* from the comparison$/ })
    .first()
    .click();
  await expect(page).toHaveURL(`/compare?ids=${ids[1]},${ids[2]}`);
  expect(await columnIds(page)).toEqual([ids[1], ids[2]]);
  await context.close();
});

test("a listing prints as one spec sheet: photo, title, price, spec table, price breakdown and its address, nothing else", async ({
  browser,
}) => {
  const page = await sessionPage(browser, "buyer");
  const path = await firstListingPath(page, "/buyer-catalog");
  await gotoReady(page, path);
  // On screen: the buttons, and requests for a buyer.
  await expect(page.getByRole("button", { name: "Print spec sheet" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Make an Offer" })).toBeVisible();

  await page.emulateMedia({ media: "print" });
  await page.setViewportSize({ width: 794, height: 1123 });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByRole("region", { name: "Specifications" })).toBeVisible();
  await expect(page.getByLabel("Price breakdown")).toBeVisible();
  await expect(page.locator("main img").first()).toBeVisible();
  await expect(page.getByText(`${BASE_URL}${path}`, { exact: true })).toBeVisible();
  for (const hidden of [
    page.getByRole("banner"),
    page.getByRole("button", { name: "Print spec sheet" }),
    page.getByRole("button", { name: /^Compare / }),
    page.getByRole("button", { name: /watchlist/ }),
    page.getByRole("button", { name: "Back" }),
    page.getByRole("link", { name: "Make an Offer" }),
    page.getByRole("link", { name: "Request Viewing" }),
    page.getByRole("link", { name: "Go back to Home" }),
    page.getByRole("heading", { name: "Description" }),
  ]) {
    await expect(hidden).toBeHidden();
  }
  await shot(page, "print-listing");

  // Saved as PDF: one A4 sheet.
  const pdf = await PDFDocument.load(await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  expect(pdf.getPageCount()).toBe(1);
  await page.context().close();
});
