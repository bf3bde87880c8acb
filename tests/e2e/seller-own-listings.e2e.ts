/**
 * A seller manages live listings from the dashboard on a phone: a price drop applies at once and the
 * listing page says what it was reduced from; a withdrawn listing leaves the public pages and comes
 * back when relisted; sold is asked once more. A dealer's listings come a page at a time.
 */
import { expect, test, type Page } from "@playwright/test";
import { createPendingListing, publishListing } from "./support/listings.ts";
import { gotoReady, sessionPage } from "./support/personas.ts";

test("a seller drops a live listing's price on a phone; the listing page shows Reduced from", async ({ browser }) => {
  const title = `Price drop Volvo L90F ${Date.now().toString(36)}`;
  const listingId = await publishListing({ title, description: "Wheel loader, tidy.", price: "850000" });
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard");
  const card = page.getByRole("list", { name: "Your listings" }).getByRole("listitem", { name: title });
  await card.getByText("Change price").click();
  await card.getByLabel(`New price for ${title} (R)`).fill("790 000");
  await card.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText(`"${title}" now costs R`)).toBeVisible();
  await expect(card).toContainText(/R\s790\s000/);
  await expect(card.getByText("Active")).toBeVisible();
  // Saved: the box closes; a refused price keeps it open, with what was typed.
  await expect(card.getByLabel(`New price for ${title} (R)`)).toBeHidden();
  await card.getByText("Change price").click();
  await card.getByLabel(`New price for ${title} (R)`).fill("0");
  await card.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByText("Price not changed")).toBeVisible();
  await expect(card.getByLabel(`New price for ${title} (R)`)).toHaveValue("0");
  await expect(card.getByLabel(`New price for ${title} (R)`)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();

  const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await gotoReady(visitor, `/listing/${listingId}`);
  await expect(visitor.getByText(/^R\s790\s000$/).first()).toBeVisible();
  await expect(visitor.getByText(/Reduced from\s*R\s850\s000/)).toBeVisible();
  await visitor.close();
});

test("a seller withdraws a live listing and relists it; marking another sold asks once more", async ({ browser }) => {
  const title = `Withdraw Bell L1806E ${Date.now().toString(36)}`;
  const listingId = await publishListing({ title, description: "Front-end loader." });
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard");
  const card = () => page.getByRole("list", { name: "Your listings" }).getByRole("listitem", { name: title });
  await card()
    .getByRole("button", { name: `Withdraw ${title}` })
    .click();
  await expect(page.getByText(`"${title}" is withdrawn`)).toBeVisible();
  await expect(card().getByText("Withdrawn", { exact: true })).toBeVisible();

  const visitor = await browser.newPage();
  expect((await visitor.goto(`/listing/${listingId}`))!.status()).toBe(404);

  await card()
    .getByRole("button", { name: `Relist ${title}` })
    .click();
  await expect(page.getByText(`"${title}" is back on the market.`)).toBeVisible();
  await expect(card().getByText("Active", { exact: true })).toBeVisible();
  expect((await visitor.goto(`/listing/${listingId}`))!.status()).toBe(200);

  await card().getByText("Mark as sold", { exact: true }).click();
  await expect(card().getByText("Sold? This cannot be undone")).toBeVisible();
  await card()
    .getByRole("button", { name: `Yes, mark ${title} as sold` })
    .click();
  await expect(page.getByText(`"${title}" is marked sold.`)).toBeVisible();
  await expect(card().getByText("Sold", { exact: true })).toBeVisible();
  await expect(card().getByRole("button", { name: `Relist ${title}` })).toHaveCount(0);
  expect((await visitor.goto(`/listing/${listingId}`))!.status()).toBe(404);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await Promise.all([visitor.close(), page.context().close()]);
});

test("the seller's dashboard charts real views per day, with the numbers as a table for screen readers", async ({
  browser,
}) => {
  const title = `Analytics Hitachi ZX200 ${Date.now().toString(36)}`;
  const listingId = await publishListing({ title, description: "Excavator." });
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard");
  const chart = page.getByText(/views? in the last 30 days; [\d,]+ in 90 days\./);
  const count = async () =>
    Number((/^([\d,]+)/.exec((await chart.innerText()).trim())?.[1] ?? "NaN").replace(/,/g, ""));
  const before = await count();
  const table = page.getByRole("table", { name: "Views per day, last 30 days" });
  await expect(table.getByRole("row")).toHaveCount(31);

  const visitor = await browser.newPage();
  await gotoReady(visitor, `/listing/${listingId}`);
  await visitor.close();

  // At least this visit (other tests may view seller1's machines meanwhile); views are written in
  // batches a couple of seconds apart, so the dashboard is read again until it shows.
  await expect
    .poll(
      async () => {
        await gotoReady(page, "/seller-dashboard");
        return count();
      },
      { timeout: 20_000, intervals: [1_000, 2_000] },
    )
    .toBeGreaterThanOrEqual(before + 1);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();
});

test("without JavaScript the dashboard's answer is written at the top of the page it sends back", async ({
  browser,
}) => {
  const title = `No-JS Hitachi ZX135 ${Date.now().toString(36)}`;
  await publishListing({ title, description: "Excavator, short tail." });
  const page = await sessionPage(browser, "seller", {
    viewport: { width: 360, height: 800 },
    javaScriptEnabled: false,
  });
  await page.goto("/seller-dashboard");
  const card = page.getByRole("list", { name: "Your listings" }).getByRole("listitem", { name: title });
  await card.getByRole("button", { name: `Withdraw ${title}` }).click();
  const notice = page.getByRole("status").filter({ hasText: `"${title}" is withdrawn` });
  await expect(notice).toBeVisible();
  expect((await notice.boundingBox())!.y).toBeLessThan(800);
  await expect(card.getByText("Withdrawn", { exact: true })).toBeVisible();

  // A refused price says why, as an alert.
  await card.getByText("Change price").click();
  await card.getByLabel(`New price for ${title} (R)`).fill("0");
  await card.getByRole("button", { name: "Save price" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Price not changed" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();
});

test("a dealer's listings come a page at a time, newest first, on a phone and a laptop", async ({ browser }) => {
  // The demo seller has 20 machines: one more makes a second page.
  const title = `Pager Bobcat S450 ${Date.now().toString(36)}`;
  await createPendingListing({ title, description: "Skid steer loader." });
  for (const width of [360, 1280]) {
    const page = await sessionPage(browser, "seller", { viewport: { width, height: 800 } });
    await gotoReady(page, "/seller-dashboard");
    // A card per listing on a phone, a table row on a laptop: their titles, in order.
    const titles = () =>
      width === 360
        ? page
            .getByRole("list", { name: "Your listings" })
            .locator(":scope > li")
            .evaluateAll((items) => items.map((item) => item.getAttribute("aria-label")))
        : page.locator("#your-listings tbody tr > td:first-child > a:first-child").allInnerTexts();
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    const summary = page.getByText(/^1–20 of \d+, newest first$/);
    await expect(summary).toBeVisible();
    const total = Number(/of (\d+)/.exec(await summary.innerText())![1]);
    expect(total).toBeGreaterThan(20);
    const first = await titles();
    expect(first).toHaveLength(20);
    // On a laptop the columns keep their places from page to page.
    const columns = () =>
      page.locator("#your-listings thead th").evaluateAll((cells) => cells.map((c) => c.getBoundingClientRect().x));
    const firstColumns = width === 1280 ? await columns() : [];
    expect(first).toContain(title);

    await pages.getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/\/seller-dashboard\?page=2#your-listings$/);
    await expect(pages.getByText(/^Page 2 of \d+$/)).toBeVisible();
    // "21–40 of 57", or "21 of 21" when it holds one.
    await expect(page.getByText(/^21(–\d+)? of \d+, newest first$/)).toBeVisible();
    const second = await titles();
    expect(second.length).toBeGreaterThan(0);
    expect(second).not.toContain(title);
    if (width === 1280) expect(await columns()).toEqual(firstColumns);
    await expectListInSight(page, width);

    await pages.getByRole("link", { name: "Previous" }).click();
    await expect(page).toHaveURL(/\/seller-dashboard#your-listings$/);
    await expect(pages.getByText(/^Page 1 of \d+$/)).toBeVisible();
    expect(await titles()).toContain(title);
    await page.context().close();

    // Without JavaScript the links are the same, and the header (its links in a row of their own) taller.
    const plain = await sessionPage(browser, "seller", { viewport: { width, height: 800 }, javaScriptEnabled: false });
    await plain.goto("/seller-dashboard");
    await plain.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
    await expect(plain).toHaveURL(/\/seller-dashboard\?page=2#your-listings$/);
    await expectListInSight(plain, width);
    await plain.context().close();
  }
});

/** The list's card and heading are in sight, below the header that stays on top from sm up; nothing scrolls sideways. */
async function expectListInSight(page: Page, width: number) {
  const card = (await page.locator("#your-listings").boundingBox())!;
  const heading = (await page.getByText("Your Listings", { exact: true }).boundingBox())!;
  const header = (await page.locator("header").first().boundingBox())!;
  expect(card.y).toBeGreaterThanOrEqual(width === 360 ? 0 : header.y + header.height);
  expect(heading.y + heading.height).toBeLessThan(800);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
}

test("Legal Agreements shows a dealer's latest ten mandates, and all of them on request", async ({ browser }) => {
  // The demo seller signed a mandate for each of their 20 machines.
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard?page=2");
  const card = page.locator("#legal-agreements");
  const items = card.getByRole("listitem");
  await expect(card.getByText(/^The latest 10 of \d+$/)).toBeVisible();
  const total = Number(/of (\d+)/.exec(await card.getByText(/^The latest 10 of/).innerText())![1]);
  expect(total).toBeGreaterThanOrEqual(20);
  await expect(items).toHaveCount(10);

  await card.getByRole("link", { name: `Show all ${total} agreements` }).click();
  // The listings' page is kept.
  await expect(page).toHaveURL(/\/seller-dashboard\?page=2&agreements=all#legal-agreements$/);
  await expect(items).toHaveCount(total);
  await expect(card.getByText(/^The latest/)).toHaveCount(0);
  const heading = (await card.getByText("Legal Agreements", { exact: true }).boundingBox())!;
  expect(heading.y).toBeGreaterThanOrEqual(0);
  expect(heading.y).toBeLessThan(800);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

  await card.getByRole("link", { name: "Show the latest 10 only" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard\?page=2#legal-agreements$/);
  await expect(items).toHaveCount(10);
  await page.context().close();
});
