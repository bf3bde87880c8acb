/**
 * A seller drops the price of a live listing from the dashboard on a phone: it applies at once, the
 * listing stays public, and its page says what it was reduced from.
 */
import { expect, test } from "@playwright/test";
import { publishListing } from "./support/listings.ts";
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
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  await page.context().close();

  const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await gotoReady(visitor, `/listing/${listingId}`);
  await expect(visitor.getByText(/^R\s790\s000$/).first()).toBeVisible();
  await expect(visitor.getByText(/Reduced from\s*R\s850\s000/)).toBeVisible();
  await visitor.close();
});
