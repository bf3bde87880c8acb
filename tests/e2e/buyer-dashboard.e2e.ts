import { expect, test, type Page } from "@playwright/test";
import { demoUser, firstListingPath, gotoReady, withSession } from "./support/personas.ts";
import { dayFromToday, rand, stamp } from "./support/values.ts";


async function openDashboardAsBuyer(page: Page) {
  const buyer = demoUser("buyer");
  await withSession(page, "buyer");
  await gotoReady(page, "/buyer-dashboard");
  await expect(page.getByRole("heading", { name: `Welcome, ${buyer.fullName}` })).toBeVisible();
}

const requestRows = (page: Page) => page.getByRole("table").getByRole("row");

test("the demo buyer makes an offer, a viewing request and a quote request and sees each in Your requests", async ({ page }) => {
  test.setTimeout(180_000);
  await openDashboardAsBuyer(page);
  await expect(page.getByRole("navigation", { name: "Request type" }).getByRole("link", { name: "Make Offer" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  // Make Offer: the amount is required and must be positive.
  const offer = page.locator("form#offer-form");
  await offer.getByRole("button", { name: "Submit Offer" }).click();
  await expect(offer.getByText("Offer amount must be a positive number.")).toBeVisible();

  const listing = offer.getByRole("combobox", { name: "Listing (optional)" });
  await expect(listing).toHaveValue("No specific listing");
  await listing.click();
  const options = page.getByRole("listbox", { name: "Listings" }).getByRole("option");
  await expect(options.first()).toHaveText("No specific listing");
  const listingTitle = (await options.nth(1).textContent())!.trim();
  await options.nth(1).click();
  const amount = 100_000 + Math.floor(Math.random() * 800_000);
  await offer.getByLabel("Offer Amount (R)").fill(String(amount));
  await offer.getByLabel("Message (optional)").fill("Cash buyer, can collect in Gauteng.");
  await offer.getByRole("button", { name: "Submit Offer" }).click();
  await page.getByRole("dialog", { name: "Make an offer" }).getByRole("button", { name: "Send offer" }).click();
  await expect(page.getByText("Offer Submitted").first()).toBeVisible();
  const offerRow = requestRows(page).filter({ hasText: rand(amount) });
  await expect(offerRow).toHaveCount(1);
  await expect(offerRow).toContainText("Offer");
  await expect(offerRow).toContainText(listingTitle);
  await expect(offerRow).toContainText("New");
  // The form is cleared for the next offer.
  await expect(offer.getByLabel("Offer Amount (R)")).toHaveValue("");

  // Request Viewing: date and time are both required; past days cannot be picked.
  await page.getByRole("link", { name: "Request Viewing" }).click();
  await expect(page).toHaveURL(/tab=viewing/);
  const viewing = page.locator("form#viewing-form");
  const dateInput = viewing.getByLabel("Preferred Date");
  await expect(dateInput).toHaveAttribute("min", /^\d{4}-\d{2}-\d{2}$/);
  await viewing.getByRole("button", { name: "Request Viewing" }).click();
  await expect(viewing.getByText("Please select both a preferred date and time.").first()).toBeVisible();

  const times = await viewing.getByLabel("Preferred Time").locator("option").allTextContents();
  expect(times).toEqual(["Select a time", "09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00", "17:00"]);
  const day = new Date(`${dayFromToday(1 + Math.floor(Math.random() * 300))}T00:00:00Z`);
  const time = times[1 + Math.floor(Math.random() * 9)]!;
  const shown = `${new Intl.DateTimeFormat("en-ZA", { timeZone: "UTC", weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(day)} at ${time}`;
  const sameViewing = requestRows(page).filter({ hasText: shown });
  const before = await sameViewing.count();
  await dateInput.fill(day.toISOString().slice(0, 10));
  await viewing.getByLabel("Preferred Time").selectOption(time);
  await viewing.getByRole("button", { name: "Request Viewing" }).click();
  await page.getByRole("dialog", { name: "Request a viewing" }).getByRole("button", { name: "Send viewing request" }).click();
  await expect(page.getByText("Viewing Requested").first()).toBeVisible();
  await expect(sameViewing).toHaveCount(before + 1);
  await expect(sameViewing.first()).toContainText("Viewing");

  // Get Quote: six types, details required.
  await page.getByRole("link", { name: "Get Quote" }).click();
  await expect(page).toHaveURL(/tab=quote/);
  const quote = page.locator("form#quote-form");
  await expect(quote.getByLabel("Quote Type").locator("option")).toHaveText([
    "Equipment Purchase",
    "Equipment Rental",
    "Maintenance Service",
    "Parts Supply",
    "Consultation",
    "Other",
  ]);
  await quote.getByRole("button", { name: "Request Quote" }).click();
  await expect(quote.getByText("Please provide details for your quote request.")).toBeVisible();
  const details = `Track chains for a CAT 320D ${stamp()}`;
  await quote.getByLabel("Quote Type").selectOption("parts-supply");
  await quote.getByLabel("Details").fill(details);
  await quote.getByRole("button", { name: "Request Quote" }).click();
  await page.getByRole("dialog", { name: "Get a quote" }).getByRole("button", { name: "Send quote request" }).click();
  await expect(page.getByText("Quote Requested").first()).toBeVisible();
  const quoteRow = requestRows(page).filter({ hasText: details });
  await expect(quoteRow).toHaveCount(1);
  await expect(quoteRow).toContainText("Parts Supply");
  // The listing chosen on the offer tab is kept across tabs.
  await expect(quoteRow).toContainText(listingTitle);
});

test("a listing can be preselected with ?listing=", async ({ page }) => {
  await openDashboardAsBuyer(page);
  const id = (await firstListingPath(page, "/buyer-catalog")).replace("/listing/", "");
  await gotoReady(page, `/buyer-dashboard?tab=quote&listing=${id}`);
  await expect(page.locator('form#quote-form input[name="listingId"]')).toHaveValue(id);
  // Another tab keeps the chosen listing.
  await page.getByRole("navigation", { name: "Request type" }).getByRole("link", { name: "Make Offer" }).click();
  await expect(page).toHaveURL(new RegExp(`\\?tab=offer&listing=${id}$`));
  await expect(page.locator('form#offer-form input[name="listingId"]')).toHaveValue(id);
});

test("a listing picked just before sending is named by the request, even while the address is still changing", async ({ page }) => {
  await openDashboardAsBuyer(page);
  // Picking a listing changes the address (?listing=) through a navigation; on a slow connection it
  // finishes after the buyer has already sent the form.
  let held = 0;
  await page.route(/\/buyer-dashboard\.data\?.*listing=/, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    held++;
    await new Promise((r) => setTimeout(r, 4_000));
    await route.continue().catch(() => {});
  });
  const offer = page.locator("form#offer-form");
  await offer.getByRole("combobox", { name: "Listing (optional)" }).click();
  const option = page.getByRole("listbox", { name: "Listings" }).getByRole("option").nth(1);
  const listingTitle = (await option.textContent())!.trim();
  await option.click();
  const amount = 100_000 + Math.floor(Math.random() * 800_000);
  await offer.getByLabel("Offer Amount (R)").fill(String(amount));
  await offer.getByRole("button", { name: "Submit Offer" }).click();
  await page.getByRole("dialog", { name: "Make an offer" }).getByRole("button", { name: "Send offer" }).click();
  await expect(page.getByText("Offer Submitted").first()).toBeVisible();
  expect(held).toBeGreaterThan(0);
  const row = requestRows(page).filter({ hasText: rand(amount) });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(listingTitle);
});

test("the buyer dashboard's requests work with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  const buyer = demoUser("buyer");
  await page.goto("/signin");
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByLabel("Password").fill(buyer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/buyer-catalog$/);

  await page.goto("/buyer-dashboard");
  await page.getByRole("link", { name: "Get Quote" }).click();
  await expect(page).toHaveURL(/tab=quote/);
  await page.getByRole("button", { name: "Request Quote" }).click();
  await expect(page).toHaveURL(/tab=quote/);
  await expect(page.getByRole("alert").filter({ hasText: "Please provide details for your quote request." })).toBeVisible();

  const details = `Rental of a 30 t excavator for 3 months ${stamp()}`;
  await page.getByLabel("Quote Type").selectOption("equipment-rental");
  await page.getByLabel("Details").fill(details);
  await page.getByRole("button", { name: "Request Quote" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Quote Requested" })).toBeVisible();
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: details })).toContainText("Equipment Rental");
  await context.close();
});

test("a seller opening /buyer-dashboard lands on the seller dashboard", async ({ page }) => {
  await withSession(page, "seller");
  await gotoReady(page, "/buyer-dashboard");
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole("heading", { name: /^Welcome,/ })).toBeVisible();
});
