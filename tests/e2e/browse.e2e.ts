import { expect, test } from "@playwright/test";
import { publishListing } from "./support/listings.ts";
import { demoUser, gotoReady, sessionPage } from "./support/personas.ts";

test("a visitor searches with a price range, loads more, and is asked to sign in for details", async ({ page }) => {
  await gotoReady(page, "/equipment");
  await page.getByLabel("Min price (R)").fill("100000");
  await page.getByLabel("Max price (R)").fill("7000000");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/minPrice=100000/);
  const cards = page.getByRole("list", { name: "Listings" }).getByRole("listitem");
  await expect(cards).toHaveCount(12);
  await page.getByRole("link", { name: "Load more" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThan(12);

  // A shareable keyword search: the query string carries every filter.
  await gotoReady(page, "/equipment?q=excavator&minPrice=500000&maxPrice=3000000&sort=price_asc");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("excavator");
  const titles = await page.getByRole("list", { name: "Listings" }).getByRole("heading").allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t.toLowerCase()).toContain("excavator");
  const prices = await page.getByRole("list", { name: "Listings" }).locator("p.text-xl").allInnerTexts();
  const values = prices.map((p) => Number(p.replace(/[^\d]/g, "")));
  expect(values).toEqual([...values].sort((a, b) => a - b));
  // Visitors see descriptions cut to 80 characters.
  const firstTitle = titles[0]!;
  await page.getByRole("list", { name: "Listings" }).getByRole("link", { name: "View Details" }).first().click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Flisting%2F/);
  // After signing in, the buyer lands on the listing they wanted.
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill(demoUser("buyer").email);
  await page.getByLabel("Password").fill(demoUser("buyer").password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/listing\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(firstTitle);
});

test("Clear and Back reset the filter fields, not only the results", async ({ page }) => {
  await gotoReady(page, "/equipment?q=excavator&condition=used&sort=price_asc&urgent=1");
  const search = page.getByLabel("Search", { exact: true });
  await expect(search).toHaveValue("excavator");
  await expect(page.getByLabel("Condition")).toHaveValue("used");
  await expect(page.getByLabel("Urgent only")).toBeChecked();

  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/equipment$/);
  await expect(search).toHaveValue("");
  await expect(page.getByLabel("Condition")).toHaveValue("");
  await expect(page.getByLabel("Sort by")).toHaveValue("newest");
  await expect(page.getByLabel("Urgent only")).not.toBeChecked();

  await page.goBack();
  await expect(page).toHaveURL(/q=excavator/);
  await expect(search).toHaveValue("excavator");
  await expect(page.getByLabel("Condition")).toHaveValue("used");
  await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
  await expect(page.getByLabel("Urgent only")).toBeChecked();
});

test("without JavaScript, Back shows the filters of the results on screen, not values left unsubmitted", async ({
  browser,
}) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/equipment?sort=price_asc");
  // Changed but never submitted: the list still shows the cheapest first.
  await page.getByLabel("Sort by").selectOption("price_desc");
  await page.getByLabel("Search", { exact: true }).fill("crane");
  await page.getByRole("link", { name: "Clear" }).click();
  await expect(page).toHaveURL(/\/equipment$/);
  await page.goBack();
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
  await expect(page.getByLabel("Search", { exact: true })).toHaveValue("");
  await context.close();
});

test("an over-long search is cut to the field's 100 characters, not dropped", async ({ page }) => {
  await gotoReady(page, `/equipment?q=${"excavator ".repeat(30)}`);
  const field = page.getByLabel("Search", { exact: true });
  await expect(field).toHaveAttribute("maxlength", "100");
  await expect(field).toHaveValue("excavator ".repeat(10).trim());
  const titles = await page.getByRole("list", { name: "Listings" }).getByRole("heading").allInnerTexts();
  expect(titles.length).toBeGreaterThan(0);
  for (const t of titles) expect(t.toLowerCase()).toContain("excavator");
});

test("a visitor's shortened description keeps an emoji whole, and the page hydrates without a mismatch", async ({
  page,
}) => {
  const stamp = `emoji${Date.now().toString(36)}`;
  const description = `${stamp} Undercarriage and new tracks in 2023, full service history here. 🚜 Available now in Durban.`;
  const cut = [...new Intl.Segmenter("en", { granularity: "grapheme" }).segment(description)]
    .slice(0, 80)
    .map((s) => s.segment)
    .join("");
  expect(cut.endsWith("🚜")).toBe(true);
  await publishListing({ title: `Bell 315SL Loader ${stamp}`, description });
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  await gotoReady(page, `/equipment?q=${stamp}`);
  await expect(page.getByRole("list", { name: "Listings" }).getByText(`${cut}...`)).toBeVisible();
  expect(await page.content()).not.toContain("\uFFFD");
  expect(errors).toEqual([]);
});

test("a listing page shows gallery, breakdown and structured data; a visitor is asked to sign in to buy", async ({
  page,
  request,
}) => {
  const sitemap = await (await request.get("/sitemap.xml")).text();
  const url = /<loc>([^<]+\/listing\/[0-9a-f-]{36})<\/loc>/.exec(sitemap)?.[1];
  expect(url).toBeTruthy();
  await gotoReady(page, new URL(url!).pathname);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByLabel("Price breakdown")).toContainText("Buyer commission (2.5%)");
  await expect(page.getByLabel("Price breakdown")).toContainText("Seller receives (97.5%)");
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent())!);
  expect(jsonLd["@type"]).toBe("Product");
  expect(jsonLd.offers.priceCurrency).toBe("ZAR");
  expect(await page.locator('meta[property="og:image"]').getAttribute("content")).toMatch(/^http.*\.webp$/);
  await expect(page.getByRole("link", { name: "Sign in", exact: true })).toHaveAttribute("href", /\/signin/);
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap: ");
  expect(robots).toContain("Disallow: /admin");

  const missing = await page.goto("/listing/00000000-0000-0000-0000-000000000000");
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Listing Not Found")).toBeVisible();
});

test("a listing's Back returns to the page before it, or to the catalogue when the visit began on it", async ({
  browser,
}) => {
  const title = `Roller Bomag BW213 ${Date.now().toString(36)}`;
  const listingId = await publishListing({ title, description: "Roller." });
  // Opened straight from a link (an e-mail, another site): Back stays in the marketplace.
  const page = await browser.newPage();
  await page.goto("about:blank");
  await gotoReady(page, `/listing/${listingId}`);
  await page.getByRole("button", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/equipment$/);
  await page.close();

  // Come from the catalogue: Back goes back to it, search and all.
  const buyer = await sessionPage(browser, "buyer");
  await gotoReady(buyer, `/buyer-catalog?q=${encodeURIComponent(title)}`);
  await buyer.getByRole("link", { name: "View Details" }).first().click();
  await expect(buyer).toHaveURL(new RegExp(`/listing/${listingId}$`));
  await buyer.getByRole("button", { name: "Back", exact: true }).click();
  await expect(buyer).toHaveURL(/\/buyer-catalog\?q=/);
  await buyer.context().close();
});

test("a buyer saves a favourite, sends a purchase request once, and the admin sees it", async ({ browser }) => {
  const buyerPage = await sessionPage(browser, "buyer");

  await gotoReady(buyerPage, "/parts");
  const first = buyerPage.getByRole("list", { name: "Equipment" }).getByRole("article").first();
  const title = (await first.getByRole("heading").innerText()).trim();
  const heart = first.getByRole("button", { name: new RegExp(`(Save|Remove) .* watchlist`) });
  const saved = (r: { url: () => string; request: () => { method: () => string } }) =>
    r.url().includes("/api/favourites") && r.request().method() === "POST";
  if ((await heart.getAttribute("aria-pressed")) === "true") {
    await Promise.all([buyerPage.waitForResponse(saved), heart.click()]);
  }
  await Promise.all([
    buyerPage.waitForResponse(saved),
    first.getByRole("button", { name: `Save ${title} to watchlist` }).click(),
  ]);
  await expect(first.getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await gotoReady(buyerPage, "/watchlist");
  await expect(buyerPage.getByRole("heading", { name: title })).toBeVisible();
  // Saved on the server: it survives a fresh page.
  await buyerPage.reload();
  await expect(buyerPage.getByRole("heading", { name: title })).toBeVisible();

  await buyerPage.getByRole("link", { name: "View Details" }).first().click();
  await expect(buyerPage).toHaveURL(/\/listing\//);
  await expect(buyerPage.getByRole("heading", { level: 1 })).toHaveText(title);
  const listingTitle = (await buyerPage.getByRole("heading", { level: 1 }).innerText()).trim();
  await buyerPage.getByRole("button", { name: "Make Purchase Request" }).click();
  await buyerPage
    .getByRole("dialog", { name: "Confirm your purchase request" })
    .getByRole("button", { name: "Send purchase request" })
    .click();
  await expect(buyerPage.getByText("Purchase Request Sent").first()).toBeVisible();
  // Reloaded, the page says it was sent instead of offering the button again.
  await buyerPage.reload();
  await expect(buyerPage.getByRole("button", { name: "Request sent" })).toBeDisabled();
  await expect(buyerPage.getByText("You have sent a purchase request for this listing.")).toBeVisible();
  // The buyer finds it under Your requests.
  await gotoReady(buyerPage, "/buyer-dashboard");
  const row = buyerPage.getByRole("row").filter({ hasText: listingTitle }).filter({ hasText: "Purchase" });
  await expect(row.first()).toBeVisible();
  await expect(row.first()).toContainText("New");

  const adminPage = await sessionPage(browser, "admin");
  await gotoReady(adminPage, "/notifications");
  await expect(adminPage.getByText(`Purchase request: ${listingTitle}`).first()).toBeVisible();
});

test("catalog, parts and listing pages can be read with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/equipment?q=crane");
  await expect(page.getByRole("heading", { name: "Machinery Catalog" })).toBeVisible();
  await expect(page.getByRole("list", { name: "Listings" }).getByRole("article").first()).toBeVisible();
  await page.goto("/parts");
  await expect(page.getByRole("link", { name: "Load More Listings" })).toBeVisible();
  await page.getByRole("link", { name: "Load More Listings" }).click();
  await expect(page).toHaveURL(/\/parts\?shown=24$/);
  await expect(page.getByRole("list", { name: "Equipment" }).getByRole("article")).toHaveCount(24);
  await page.getByRole("link", { name: "View Details" }).first().click();
  await expect(page.getByLabel("Price breakdown")).toBeVisible();
  await context.close();
});
