/**
 * Sellers' public pages in the browser, at 360 px and 1280 px: a visitor opens a listing, follows "Sold by"
 * to the seller's page, and sees the Verified seller badge for the demo's verified company (seller1) and not
 * for the private seller (seller2); the page says where their machines are, since when they are a member and
 * how many machines they sold, lists their machines with the catalogue's cards and "Load more" (kept in the
 * address, so Back from a listing and a reload show the extra cards again, as on the catalogue), shows no
 * contact details and fits the screen. A malformed or unknown seller's address is the app's 404.
 */
import { expect, test, type Page } from "@playwright/test";
import { demoUser, gotoReady, sessionPage } from "./support/personas.ts";

const SELLER1_COMPANY = "Van der Merwe Plant Hire (Pty) Ltd";

const sideways = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    return doc.scrollWidth > doc.clientWidth + 1 ? `${doc.scrollWidth}px wide at ${doc.clientWidth}px` : null;
  });

/** From /parts (whose cards link straight to the listing), the first listing of the seller named on its card. */
async function openListingOf(page: Page, sellerName: string) {
  await gotoReady(page, "/parts");
  const card = page
    .getByRole("list", { name: "Equipment" })
    .getByRole("article")
    .filter({ hasText: `Seller: ${sellerName}` })
    .first();
  await card.getByRole("link", { name: "View Details" }).click();
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
}

for (const width of [360, 1280]) {
  test(`a visitor follows "Sold by" to a verified seller's page and a private seller's (${width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 800 });

    // seller1: a verified company; the card in the list already carries the badge.
    await gotoReady(page, "/parts");
    const seller1Card = page
      .getByRole("list", { name: "Equipment" })
      .getByRole("article")
      .filter({ hasText: `Seller: ${demoUser("seller").fullName}` })
      .first();
    await expect(seller1Card.getByText("Verified seller")).toBeVisible();
    await openListingOf(page, demoUser("seller").fullName);
    const soldBy = page.getByRole("link", { name: SELLER1_COMPANY });
    await expect(soldBy).toBeVisible();
    await expect(page.locator("dd").filter({ has: soldBy }).getByText("Verified seller")).toBeVisible();
    expect(await sideways(page)).toBeNull();
    await soldBy.click();
    await expect(page).toHaveURL(/\/sellers\/[0-9a-f-]{36}$/);
    await expect(page).toHaveTitle(`${SELLER1_COMPANY} | DealEquip`);
    const header = page.getByRole("region", { name: SELLER1_COMPANY });
    await expect(header.getByRole("heading", { level: 1 })).toHaveText(SELLER1_COMPANY);
    await expect(header.getByText("Verified seller")).toBeVisible();
    await expect(header.getByText("Member since")).toBeVisible();
    await expect(header.getByText(/\d+ machines?$/)).toBeVisible();
    await expect(header.getByText(/Gauteng|KwaZulu-Natal|Western Cape/)).toBeVisible();
    // The platform brokers: no contact details on the page.
    const text = await page.locator("main").innerText();
    expect(text).not.toMatch(/@|\+27|\b0\d{2}[ -]?\d{3}[ -]?\d{4}\b/);
    // Their machines, with the catalogue's cards (each with the badge), 12 and then "Load more".
    const cards = page.getByRole("list", { name: "Machines for sale" }).getByRole("article");
    await expect(cards).toHaveCount(12);
    for (const card of await cards.all()) await expect(card.getByText("Verified seller")).toBeVisible();
    await page.getByRole("link", { name: "Load more" }).click();
    await expect.poll(() => cards.count()).toBeGreaterThan(12);
    expect(await sideways(page)).toBeNull();
    // Load more is kept in the address: a listing opened from the extra cards, then Back, shows them all
    // again, and so does a reload.
    await expect(page).toHaveURL(/\/sellers\/[0-9a-f-]{36}\?shown=24$/);
    const shown = await cards.count();
    const thirteenth = cards.nth(12);
    const title = await thirteenth.getByRole("heading").innerText();
    await thirteenth.getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(title);
    await page.goBack();
    await expect(page).toHaveURL(/\?shown=24$/);
    await expect(cards).toHaveCount(shown);
    // Other tests may list a machine for this seller meanwhile, which moves the cards along by one:
    // the machine opened is still among those shown.
    const opened = cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) });
    await expect(opened).toHaveCount(1);
    await page.reload();
    await expect(cards).toHaveCount(shown);
    await expect(opened).toHaveCount(1);

    // seller2: a private seller, no badge anywhere.
    const seller2 = demoUser("otherSeller").fullName;
    await openListingOf(page, seller2);
    const soldBy2 = page.getByRole("link", { name: seller2 });
    await expect(soldBy2).toBeVisible();
    await expect(page.locator("dd").filter({ has: soldBy2 }).getByText("Verified seller")).toHaveCount(0);
    await soldBy2.click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(seller2);
    await expect(page.getByText("Verified seller")).toHaveCount(0);
    expect(await sideways(page)).toBeNull();
  });
}

test("a seller finds their own public page from the dashboard and the verification page (360 px)", async ({
  browser,
}) => {
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard");
  await page.getByRole("link", { name: "My public seller page" }).click();
  await expect(page).toHaveURL(/\/sellers\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(SELLER1_COMPANY);
  const own = page.url();
  await gotoReady(page, "/account/verification");
  await expect(page.getByRole("link", { name: "See your public seller page" })).toHaveAttribute(
    "href",
    new URL(own).pathname,
  );
  expect(await sideways(page)).toBeNull();
  await page.context().close();
});

test("a seller's address that is malformed or unknown is the app's 404", async ({ page }) => {
  for (const path of ["/sellers/not-a-seller", "/sellers/00000000-0000-4000-8000-000000000000"]) {
    // The root's error page (it does not mark the page hydrated): a plain visit.
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  }
});

test("the catalogue's Load more survives opening a listing and coming Back, and a reload", async ({ browser }) => {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto("/");
  const cards = page.getByRole("list", { name: "Listings" }).getByRole("listitem");
  await gotoReady(page, "/equipment?sort=price_asc");
  await expect(cards).toHaveCount(12);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect(page).toHaveURL(/\/equipment\?sort=price_asc&shown=24$/);
  await expect.poll(() => cards.count()).toBeGreaterThan(12);
  const shown = await cards.count();
  // The first cards stayed on screen while the next ones came (no skeletons, no jump to the top).
  const title = await cards.nth(12).getByRole("heading").innerText();
  await cards.nth(12).getByRole("link", { name: "View Details" }).click();
  await expect(page).not.toHaveURL(/\/equipment/);
  await page.goBack();
  await expect(page).toHaveURL(/shown=24$/);
  await expect(cards).toHaveCount(shown);
  // Still among the cards (other tests may publish a machine meanwhile, which moves it along by one).
  await expect(cards.filter({ has: page.getByRole("heading", { name: title, exact: true }) })).toHaveCount(1);
  await page.reload();
  await expect(cards).toHaveCount(shown);
  await page.context().close();
});
