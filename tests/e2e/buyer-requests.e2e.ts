/**
 * A buyer's requests from the listing page: purchase request, offer, viewing
 * request and quote request, each through its confirmation dialog (Cancel
 * sends nothing; confirming stores it and e-mails a receipt); the buyer
 * dashboard keeps the chosen listing across tabs and its picker filters by
 * typing; the requests are cards on a phone and a table from sm up; a buyer's
 * empty notification list says what buyers are notified about. Each at 360
 * and 1280 pixels wide.
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { createConfirmedAccount } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { readLatestEmail } from "./support/mailbox.ts";
import { demoUser, gotoReady, signInByRequest } from "./support/personas.ts";
import { dayFromToday, rand, stamp } from "./support/values.ts";

const WIDTHS = [360, 1280] as const;

async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext({ viewport: { width, height: 800 } });
  return context.newPage();
}

async function signInAs(page: Page, email: string, password: string) {
  await signInByRequest(page, email, password);
}

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow, "the page scrolls sideways").toBeLessThanOrEqual(0);
}

test("each request from the listing page is sent only on confirm, lands on the buyer dashboard and e-mails a receipt", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const title = `Volvo EC220 Excavator ${stamp()}`;
  const listingId = await publishListing({ title, description: "Serviced, ready to work", price: "400000" });

  for (const width of WIDTHS) {
    const buyer = await createConfirmedAccount({
      role: "buyer",
      prefix: `requests-${width}`,
      fullName: "Lindiwe Khumalo",
    });
    const page = await pageAt(browser, width);
    await signInAs(page, buyer.email, buyer.password);
    await gotoReady(page, `/listing/${listingId}`);

    const kinds = [
      {
        trigger: "Make Purchase Request",
        dialog: "Confirm your purchase request",
        confirm: "Send purchase request",
        fill: async () => {},
        amounts: [400_000, 10_000, 410_000],
        sent: "Purchase Request Sent",
        subject: /We received your purchase request/,
        receipt: ["Listing price: R 400 000", "Buyer commission (2.5%): R 10 000", "Total: R 410 000"],
      },
      {
        trigger: "Make an Offer",
        dialog: "Make an offer",
        confirm: "Send offer",
        fill: async (d: ReturnType<Page["getByRole"]>) => d.getByLabel("Offer Amount (R)").fill("350000"),
        amounts: [350_000, 8_750, 358_750],
        sent: "Offer Submitted",
        subject: /We received your offer/,
        receipt: ["Your offer: R 350 000", "Buyer commission (2.5%): R 8 750", "Total: R 358 750"],
      },
      {
        trigger: "Request Viewing",
        dialog: "Request a viewing",
        confirm: "Send viewing request",
        fill: async (d: ReturnType<Page["getByRole"]>) => {
          await d.getByLabel("Preferred Date").fill(dayFromToday(5));
          await d.getByLabel("Preferred Time").selectOption("11:00");
        },
        amounts: [400_000, 10_000, 410_000],
        sent: "Viewing Requested",
        subject: /We received your viewing request/,
        receipt: ["at 11:00", "Total: R 410 000"],
      },
      {
        trigger: "Get a Quote",
        dialog: "Get a quote",
        confirm: "Send quote request",
        fill: async (d: ReturnType<Page["getByRole"]>) => {
          await d.getByLabel("Quote Type").selectOption("equipment-rental");
          await d.getByLabel("Details").fill("Six months on a site near Pietermaritzburg");
        },
        amounts: [400_000, 10_000, 410_000],
        sent: "Quote Requested",
        subject: /We received your quote request/,
        receipt: ["Quote type: Equipment Rental", "Details: Six months on a site near Pietermaritzburg"],
      },
    ];

    for (const kind of kinds) {
      await test.step(`${kind.trigger} at ${width}px`, async () => {
        // Cancel sends nothing.
        await page
          .getByRole("button", { name: kind.trigger })
          .or(page.getByRole("link", { name: kind.trigger }))
          .click();
        let dialog = page.getByRole("dialog", { name: kind.dialog });
        await expect(dialog).toBeVisible();
        await kind.fill(dialog);
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();

        await page
          .getByRole("button", { name: kind.trigger })
          .or(page.getByRole("link", { name: kind.trigger }))
          .click();
        dialog = page.getByRole("dialog", { name: kind.dialog });
        await expect(dialog).toBeVisible();
        await kind.fill(dialog);
        const summary = dialog.getByRole("region", { name: "Request summary" });
        await expect(summary).toContainText(title);
        await expect(summary).toContainText("Buyer commission (2.5%)");
        for (const amount of kind.amounts) await expect(summary).toContainText(rand(amount));
        await dialog.getByLabel("Message (optional)").fill(`Note for the ${kind.trigger.toLowerCase()}`);
        await noSidewaysScroll(page);
        await dialog.getByRole("button", { name: kind.confirm }).click();
        await expect(dialog).toBeHidden();
        await expect(page.getByRole("status").filter({ hasText: kind.sent }).first()).toBeVisible();

        const mail = await readLatestEmail(buyer.email, kind.subject);
        const text = mail.text.replace(/[\s\u00a0\u202f]+/g, " ");
        expect(text).toContain(`Listing: ${title}`);
        expect(text).toContain(`Your message: Note for the ${kind.trigger.toLowerCase()}`);
        expect(text).toContain("What happens next");
        for (const line of kind.receipt) expect(text).toContain(line);
      });
    }
    // The purchase request stands: the button says so.
    await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();

    await test.step(`the dashboard lists exactly the four confirmed requests at ${width}px`, async () => {
      await gotoReady(page, "/buyer-dashboard");
      const items =
        width < 640
          ? page.getByRole("list", { name: "Your requests" }).getByRole("listitem")
          : page
              .getByRole("table")
              .getByRole("row")
              .filter({ hasNot: page.getByRole("columnheader") });
      await expect(items).toHaveCount(4);
      for (const label of ["Purchase", "Offer", "Viewing", "Quote"]) {
        await expect(items.filter({ hasText: label }).filter({ hasText: title })).toHaveCount(1);
      }
      await expect(items.filter({ hasText: "Offer" })).toContainText(rand(350_000));
    });
    await page.context().close();
  }
});

test("without JavaScript a purchase request is confirmed in the page before it is sent", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Komatsu PC200 NoJS ${stamp()}`;
  const listingId = await publishListing({ title, description: "One owner", price: "800000" });
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "purchase-nojs", fullName: "Thabo Nkosi" });
  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false })).newPage();
  await signInByRequest(page, buyer.email, buyer.password);
  await page.goto(`/listing/${listingId}`);
  await page.getByRole("button", { name: "Make Purchase Request" }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listingId}\\?confirm=purchase#confirm-purchase$`));
  const confirm = page.getByRole("region", { name: "Confirm your purchase request" });
  await expect(confirm.getByText("Nothing is sent until you press")).toBeVisible();
  await expect(confirm).toContainText(title);
  await expect(confirm).toContainText(rand(820_000));
  await noSidewaysScroll(page);

  // Cancel sends nothing: the button is offered again.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/listing/${listingId}$`));
  await expect(page.getByRole("region", { name: "Confirm your purchase request" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Make Purchase Request" })).toBeEnabled();

  await page.getByRole("button", { name: "Make Purchase Request" }).click();
  await confirm.getByLabel("Message (optional)").fill("Can it be delivered to Rustenburg?");
  await confirm.getByRole("button", { name: "Send purchase request" }).click();
  await expect(page.getByText("Purchase Request Sent").first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Request sent" })).toBeDisabled();
  await expect(page.getByRole("region", { name: "Confirm your purchase request" })).toHaveCount(0);
  await page.goto("/buyer-dashboard");
  await expect(page.getByText("Can it be delivered to Rustenburg?").first()).toBeVisible();
  await page.context().close();
});

test("the buyer's requests are cards on a phone and a table from sm up", async ({ browser }) => {
  test.setTimeout(120_000);
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "request-cards" });
  const details = `Hydraulic breaker for a 20 t excavator, delivered to Polokwane ${stamp()}`;
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    await signInAs(page, buyer.email, buyer.password);
    await gotoReady(page, "/buyer-dashboard?tab=quote");
    if (width === WIDTHS[0]) {
      const form = page.locator("form#quote-form");
      await form.getByLabel("Details").fill(details);
      await form.getByRole("button", { name: "Request Quote" }).click();
      await page.getByRole("dialog", { name: "Get a quote" }).getByRole("button", { name: "Send quote request" }).click();
      await expect(page.getByText("Quote Requested").first()).toBeVisible();
    }
    const cards = page.getByRole("list", { name: "Your requests" }).getByRole("listitem");
    if (width < 640) {
      await expect(page.getByRole("table")).toBeHidden();
      await expect(cards).toHaveCount(1);
      const card = cards.first();
      await expect(card).toContainText("Quote");
      await expect(card).toContainText("General");
      await expect(card).toContainText("New");
      // Labels beside their values, inside the card: nothing clipped, no sideways scroll.
      const label = await card.getByText("Details", { exact: true }).boundingBox();
      const value = await card.getByText(/Hydraulic breaker/).boundingBox();
      const box = await card.boundingBox();
      expect(value!.x).toBeGreaterThan(label!.x + label!.width - 1);
      expect(Math.abs(value!.y - label!.y)).toBeLessThan(4);
      expect(value!.x + value!.width).toBeLessThanOrEqual(box!.x + box!.width);
      // The summary wraps as text, not one word per line: it is far wider than one long word.
      expect(value!.width).toBeGreaterThan(150);
      await noSidewaysScroll(page);
    } else {
      await expect(page.getByRole("list", { name: "Your requests" })).toBeHidden();
      const row = page
        .getByRole("table")
        .getByRole("row")
        .filter({ hasText: details.slice(0, 40) });
      await expect(row).toHaveCount(1);
      await expect(row).toContainText("Equipment Purchase");
    }
    await page.context().close();
  }
});

test("the buyer dashboard keeps the chosen listing across tabs and its picker filters by typing", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const word = stamp();
  const title = `Komatsu PC200 ${word} Excavator`;
  const listingId = await publishListing({ title, description: "One owner", price: "650000" });
  const buyer = demoUser("buyer");
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    await signInAs(page, buyer.email, buyer.password);
    await gotoReady(page, "/buyer-dashboard?tab=offer");

    const picker = page.locator("form#offer-form").getByRole("combobox", { name: "Listing (optional)" });
    await expect(picker).toHaveValue("No specific listing");
    await picker.click();
    const listbox = page.getByRole("listbox", { name: "Listings" });
    await expect(listbox).toBeVisible();
    expect(await listbox.getByRole("option").count()).toBeGreaterThan(2);

    // Typing filters the titles; nothing matches a made-up word.
    await picker.fill(`zz${word}zz`);
    await expect(listbox.getByRole("option")).toHaveCount(0);
    await expect(listbox).toContainText("No listing matches");
    await picker.fill(word.toUpperCase());
    await expect(listbox.getByRole("option")).toHaveCount(1);
    await expect(listbox.getByRole("option")).toHaveText(title);
    await noSidewaysScroll(page);
    // Keyboard: the first match is highlighted, Enter chooses it.
    await expect(picker).toHaveAttribute("aria-activedescendant", /.+/);
    await picker.press("Enter");
    await expect(listbox).toBeHidden();
    await expect(picker).toHaveValue(title);
    await expect(page).toHaveURL(new RegExp(`listing=${listingId}`));

    // Every tab keeps it.
    const tabs = page.getByRole("navigation", { name: "Request type" });
    await tabs.getByRole("link", { name: "Request Viewing" }).click();
    await expect(page).toHaveURL(new RegExp(`tab=viewing&listing=${listingId}`));
    await expect(page.locator("form#viewing-form").getByRole("combobox", { name: "Listing (optional)" })).toHaveValue(
      title,
    );
    await tabs.getByRole("link", { name: "Get Quote" }).click();
    await expect(page).toHaveURL(new RegExp(`tab=quote&listing=${listingId}`));
    await expect(page.locator("form#quote-form").getByRole("combobox", { name: "Listing (optional)" })).toHaveValue(
      title,
    );

    // Arrow keys move through the list; "No specific listing" clears the choice.
    const quotePicker = page.locator("form#quote-form").getByRole("combobox", { name: "Listing (optional)" });
    await quotePicker.focus();
    await quotePicker.press("ArrowDown");
    await expect(page.getByRole("listbox", { name: "Listings" })).toBeVisible();
    await quotePicker.press("Home");
    await quotePicker.press("Enter");
    await expect(quotePicker).toHaveValue("No specific listing");
    await expect(page).not.toHaveURL(/listing=/);
    await tabs.getByRole("link", { name: "Make Offer" }).click();
    await expect(page.locator("form#offer-form").getByRole("combobox", { name: "Listing (optional)" })).toHaveValue(
      "No specific listing",
    );
    await page.context().close();
  }
});

test("a buyer's empty notification list says what buyers are notified about; a seller's keeps the listing text", async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "empty-bell" });
  const seller = await createConfirmedAccount({ role: "seller", prefix: "empty-bell-seller" });
  const buyerText =
    /when our team picks up or closes your purchase requests, offers, viewing requests and quote requests/;
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    await signInAs(page, buyer.email, buyer.password);
    // The bell's popover arrives after hydration.
    await gotoReady(page, "/buyer-dashboard");
    await page.getByRole("button", { name: /^Notifications/ }).click();
    const popover = page.getByRole("dialog");
    await expect(popover).toContainText(buyerText);
    await expect(popover).not.toContainText("your listings are approved");
    await gotoReady(page, "/notifications");
    await expect(page.getByRole("main")).toContainText(buyerText);
    await page.context().close();

    const sellerPage = await pageAt(browser, width);
    await signInAs(sellerPage, seller.email, seller.password);
    await gotoReady(sellerPage, "/notifications");
    await expect(sellerPage.getByRole("main")).toContainText("when your listings are approved, rejected, etc.");
    await sellerPage.context().close();
  }
});
