/**
 * An offer negotiated to a sold deal in the browser (docs/product.md#requests):
 * a buyer offers from the listing page; the seller sees it on their dashboard
 * (the buyer's first name, not their address) and counters; the buyer sees the
 * counter on their dashboard and answers with a new offer, which the seller
 * accepts; the admin finds the deal at the top
 * of Buyer Requests and closes it as sold, which marks the listing sold. The
 * seller's leads and the buyer's list with the counter are looked at 360 and
 * 1280 pixels wide: nothing scrolls sideways.
 */
import { mkdirSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createConfirmedAccount } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, sessionPage, signInByRequest } from "./support/personas.ts";
import { stamp } from "./support/values.ts";

const SHOTS = process.env.OFFERS_SHOTS_DIR;

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** At 360 and 1280 wide: no sideways scroll, and the part looked at fits the page (screenshots when asked). */
async function look(page: Page, name: string, part: (width: number) => Locator) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await noSidewaysScroll(page);
    const box = await part(width).boundingBox();
    expect(box, `${name} at ${width}`).toBeTruthy();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await part(width).screenshot({ path: `${SHOTS}/${name}-${width}.png` });
    }
  }
}

test("a buyer offers, the seller counters, the buyer offers again, the seller accepts, the admin closes the deal as sold", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Komatsu PC200 Excavator ${stamp()}`;
  const listingId = await publishListing({ title, description: "One owner, full service history", price: "400000" });
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "offers", fullName: "Lindiwe Khumalo" });

  // The buyer offers from the listing page.
  const buyerPage = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInByRequest(buyerPage, buyer.email, buyer.password);
  await gotoReady(buyerPage, `/listing/${listingId}`);
  await buyerPage
    .getByRole("button", { name: "Make an Offer" })
    .or(buyerPage.getByRole("link", { name: "Make an Offer" }))
    .first()
    .click();
  const dialog = buyerPage.getByRole("dialog", { name: "Make an offer" });
  await dialog.getByLabel("Offer Amount (R)").fill("350000");
  await dialog.getByRole("button", { name: "Send offer" }).click();
  await expect(dialog).toBeHidden();

  // The seller sees the lead without the buyer's address and counters.
  const sellerPage = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(sellerPage, "/seller-dashboard");
  const lead = sellerPage.getByTestId("seller-lead").filter({ hasText: title });
  await expect(lead).toHaveCount(1);
  await expect(lead.getByTestId("lead-buyer")).toContainText("Lindiwe");
  await expect(lead.getByTestId("lead-buyer")).toContainText("Province not given");
  await expect(lead.getByTestId("lead-buyer")).toContainText("Verified");
  await expect(lead).not.toContainText("Khumalo");
  await expect(lead).not.toContainText(buyer.email);
  await expect(lead).toContainText("R 350 000");
  await lead.getByText("Counter", { exact: true }).click();
  await lead.getByLabel("Amount (R)").fill("380000");
  await lead.getByLabel("Message (optional)").fill("Includes a new bucket");
  await lead.getByRole("button", { name: "Send counter offer" }).click();
  await expect(lead.getByTestId("lead-status")).toHaveText("Countered");
  await expect(lead.getByTestId("request-history")).toContainText("Seller countered with R 380 000");
  await look(sellerPage, "seller-leads", () => lead);

  // The buyer is told by e-mail and sees the counter on their dashboard.
  const mail = await readLatestEmail(buyer.email, /The seller countered your offer/);
  expect(mail.text).toContain("Counter offer: R");
  expect(mail.text).toContain("Message: Includes a new bucket");
  await gotoReady(buyerPage, "/buyer-dashboard");
  const mine = buyerPage.getByRole("list", { name: "Your requests" }).getByRole("listitem").filter({ hasText: title });
  await expect(mine).toContainText("Countered");
  await expect(mine).toContainText(/Seller's counter: R\s380\s000/);
  await expect(mine.getByTestId("request-history")).toContainText("Seller countered with R 380 000");
  await expect(mine.getByTestId("request-history")).toContainText("Includes a new bucket");
  await expect(mine.getByRole("button", { name: "Accept counter" })).toBeVisible();
  await expect(mine.getByText("Make a new offer")).toBeVisible();
  await expect(mine.getByRole("button", { name: "Withdraw" })).toBeVisible();
  await look(buyerPage, "buyer-counter", (width) =>
    width < 640 ? mine : buyerPage.getByRole("row").filter({ hasText: title }),
  );

  // The buyer answers with a new offer from the phone's card (the table holds a second copy of the form).
  await buyerPage.setViewportSize({ width: 360, height: 800 });
  await mine.getByText("Make a new offer").click();
  await mine.getByLabel("Amount (R)").fill("370000");
  await mine.getByRole("button", { name: "Send new offer" }).click();
  await expect(mine).toContainText("New offer");
  await expect(mine.getByTestId("request-history")).toContainText("R 370 000");

  // The seller accepts the new offer.
  await gotoReady(sellerPage, "/seller-dashboard");
  await expect(lead.getByTestId("lead-status")).toHaveText("New offer");
  await lead.getByRole("button", { name: "Accept" }).click();
  await expect(lead.getByTestId("lead-status")).toHaveText("Accepted");

  // At 1280 the buyer's table shows the deal.
  await gotoReady(buyerPage, "/buyer-dashboard");
  await buyerPage.setViewportSize({ width: 1280, height: 800 });
  const row = buyerPage.getByRole("row").filter({ hasText: title });
  await expect(row).toContainText("Accepted");
  await expect(row.getByTestId("request-history")).toContainText("Seller accepted");

  // The admin sees the deal at the top of Buyer Requests and closes it as sold.
  const adminPage = await sessionPage(browser, "admin", { viewport: { width: 1280, height: 800 } });
  await gotoReady(adminPage, "/admin/requests");
  const deals = adminPage.getByRole("list", { name: "Deals" });
  const deal = deals.getByRole("listitem").filter({ hasText: title });
  await expect(deal).toContainText("R 370 000");
  await expect(deal.getByTestId("request-status")).toHaveText("Accepted");
  const dealsTop = await deals.boundingBox();
  const firstRequest = await adminPage.getByRole("listitem").filter({ hasText: title }).last().boundingBox();
  expect(dealsTop!.y).toBeLessThan(firstRequest!.y);
  await deal.getByText("Close as Sold", { exact: true }).click();
  await deal.getByRole("button", { name: "Yes, close as sold" }).click();
  await expect(deals.getByRole("listitem").filter({ hasText: title })).toHaveCount(0);
  const closed = adminPage.getByRole("listitem").filter({ hasText: title }).first();
  await expect(closed.getByTestId("request-status")).toHaveText("Sold");

  // The listing is sold.
  await gotoReady(sellerPage, "/seller-dashboard");
  await sellerPage.setViewportSize({ width: 1280, height: 800 });
  await expect(sellerPage.getByRole("row").filter({ hasText: title }).first()).toContainText("Sold");
  await expect(sellerPage.getByTestId("seller-lead").filter({ hasText: title }).getByTestId("lead-status")).toHaveText(
    "Sold",
  );
});
