/**
 * The buyer dashboard's Make Offer, Request Viewing and Get Quote forms are
 * confirmed before they are sent: the dialog reads the request back (the
 * chosen listing with its price, the 2.5% buyer commission and the total, or
 * the offered amount; a quote or a request without a listing only what will
 * be asked); Cancel sends nothing, confirming sends it. A purchase request's
 * message is kept: the admins read it under Buyer Requests and the buyer in
 * their own list. Each at 360 and 1280 pixels wide.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { createConfirmedAccount } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { gotoReady, signInByRequest, withSession } from "./support/personas.ts";
import { dayFromToday, rand, stamp } from "./support/values.ts";

const WIDTHS = [360, 1280] as const;

async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

/** The buyer's own requests: cards on a phone, table rows from sm up. */
function ownRequests(page: Page, width: number): Locator {
  return width < 640
    ? page.getByRole("list", { name: "Your requests" }).getByRole("listitem")
    : page
        .getByRole("table")
        .getByRole("row")
        .filter({ hasNot: page.getByRole("columnheader") });
}

test("the dashboard's offer, viewing and quote are sent only once confirmed, read back with the commission and total", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const title = `Hitachi ZX200 Excavator ${stamp()}`;
  const listingId = await publishListing({ title, description: "Two owners, full history", price: "400000" });

  for (const width of WIDTHS) {
    const buyer = await createConfirmedAccount({ role: "buyer", prefix: `dash-confirm-${width}` });
    const page = await pageAt(browser, width);
    await signInByRequest(page, buyer.email, buyer.password);
    const requests = ownRequests(page, width);

    await test.step(`offer at ${width}px: Cancel sends nothing, Confirm sends it`, async () => {
      await gotoReady(page, `/buyer-dashboard?tab=offer&listing=${listingId}`);
      await expect(page.getByText("You have not sent any requests yet.")).toBeVisible();
      const form = page.locator("form#offer-form");
      await form.getByLabel("Offer Amount (R)").fill("350000");
      await form.getByLabel("Message (optional)").fill("Cash buyer, can collect in Gauteng.");
      await form.getByRole("button", { name: "Submit Offer" }).click();

      const dialog = page.getByRole("dialog", { name: "Make an offer" });
      await expect(dialog).toBeVisible();
      const summary = dialog.getByRole("region", { name: "Request summary" });
      await expect(summary).toContainText(title);
      await expect(summary).toContainText("Your offer");
      await expect(summary).toContainText(rand(350_000));
      await expect(summary).toContainText("Buyer commission (2.5%)");
      await expect(summary).toContainText(rand(8_750));
      await expect(summary).toContainText(rand(358_750));
      await expect(summary).toContainText("Cash buyer, can collect in Gauteng.");
      await noSidewaysScroll(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      // Nothing was sent, and the form still holds what was typed.
      await expect(form.getByLabel("Offer Amount (R)")).toHaveValue("350000");
      await gotoReady(page, `/buyer-dashboard?tab=offer&listing=${listingId}`);
      await expect(page.getByText("You have not sent any requests yet.")).toBeVisible();

      await form.getByLabel("Offer Amount (R)").fill("350000");
      await form.getByRole("button", { name: "Submit Offer" }).click();
      await expect(dialog).toBeVisible();
      await dialog.getByRole("button", { name: "Send offer" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Offer Submitted" }).first()).toBeVisible();
      await expect(requests).toHaveCount(1);
      await expect(requests.first()).toContainText("Offer");
      await expect(requests.first()).toContainText(title);
      await expect(requests.first()).toContainText(rand(350_000));
      await expect(form.getByLabel("Offer Amount (R)")).toHaveValue("");
    });

    await test.step(`viewing of the chosen listing at ${width}px: the listing price, commission and total`, async () => {
      await page.getByRole("navigation", { name: "Request type" }).getByRole("link", { name: "Request Viewing" }).click();
      const form = page.locator("form#viewing-form");
      await form.getByLabel("Preferred Date").fill(dayFromToday(6));
      await form.getByLabel("Preferred Time").selectOption("14:00");
      await form.getByRole("button", { name: "Request Viewing" }).click();
      const dialog = page.getByRole("dialog", { name: "Request a viewing" });
      const summary = dialog.getByRole("region", { name: "Request summary" });
      await expect(summary).toContainText(title);
      await expect(summary).toContainText("Listing price");
      await expect(summary).toContainText(rand(400_000));
      await expect(summary).toContainText(rand(10_000));
      await expect(summary).toContainText(rand(410_000));
      await expect(summary).toContainText("14:00");
      await dialog.getByRole("button", { name: "Send viewing request" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Viewing Requested" }).first()).toBeVisible();
      await expect(requests).toHaveCount(2);
    });

    await test.step(`quote with no specific listing at ${width}px: only what will be asked`, async () => {
      await gotoReady(page, "/buyer-dashboard?tab=quote");
      const form = page.locator("form#quote-form");
      const details = `Six months on a site near Mbombela ${stamp()}`;
      await form.getByLabel("Quote Type").selectOption("equipment-rental");
      await form.getByLabel("Details").fill(details);
      await form.getByRole("button", { name: "Request Quote" }).click();

      const dialog = page.getByRole("dialog", { name: "Get a quote" });
      const summary = dialog.getByRole("region", { name: "Request summary" });
      await expect(summary).toContainText("No specific listing");
      await expect(summary).toContainText("Equipment Rental");
      await expect(summary).toContainText(details);
      await expect(summary).not.toContainText("Buyer commission");
      await expect(summary).not.toContainText("Total");
      await noSidewaysScroll(page);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
      await gotoReady(page, "/buyer-dashboard?tab=quote");
      await expect(requests.filter({ hasText: "Quote" })).toHaveCount(0);

      await form.getByLabel("Details").fill(details);
      await form.getByRole("button", { name: "Request Quote" }).click();
      await dialog.getByRole("button", { name: "Send quote request" }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByRole("status").filter({ hasText: "Quote Requested" }).first()).toBeVisible();
      await expect(requests).toHaveCount(3);
      const quote = requests.filter({ hasText: details.slice(0, 30) });
      await expect(quote).toHaveCount(1);
      await expect(quote).toContainText("General");
    });
    await page.context().close();
  }
});

test("a purchase request's message reaches the admins' Buyer Requests and the buyer's own list", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Bell 315SK Backhoe ${stamp()}`;
  const listingId = await publishListing({ title, description: "Low hours", price: "520000" });
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "purchase-message", fullName: "Zanele Mthembu" });
  const note = `Please call before noon, site in Witbank ${stamp()}`;

  const page = await pageAt(browser, WIDTHS[0]);
  await signInByRequest(page, buyer.email, buyer.password);
  await gotoReady(page, `/listing/${listingId}`);
  await page.getByRole("button", { name: "Make Purchase Request" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm your purchase request" });
  await dialog.getByLabel("Message (optional)").fill(`  ${note}  `);
  await dialog.getByRole("button", { name: "Send purchase request" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();
  await page.context().close();

  for (const width of WIDTHS) {
    await test.step(`the admin reads it at ${width}px`, async () => {
      const admin = await pageAt(browser, width);
      await withSession(admin, "admin");
      await gotoReady(admin, "/admin/requests");
      const item = admin.getByRole("listitem", { name: "Purchase request from Zanele Mthembu" }).filter({ hasText: title });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText(rand(520_000));
      await expect(item.getByText(note, { exact: true })).toBeVisible();
      await noSidewaysScroll(admin);
      await admin.context().close();
    });

    await test.step(`the buyer reads it at ${width}px`, async () => {
      const own = await pageAt(browser, width);
      await signInByRequest(own, buyer.email, buyer.password);
      await gotoReady(own, "/buyer-dashboard");
      const item = ownRequests(own, width).filter({ hasText: title });
      await expect(item).toHaveCount(1);
      await expect(item).toContainText("Purchase");
      await expect(item).toContainText(note);
      await noSidewaysScroll(own);
      await own.context().close();
    });
  }
});
