/**
 * Saved searches and alerts in the browser (docs/product.md#saved-searches-and-alerts): a buyer saves
 * "excavators, Gauteng, under R1.5m" from the catalog on a phone, with instant alerts; a seller's
 * matching listing is approved; the buyer sees the alert in the bell, opens it (the catalog with the
 * machine) and gets the e-mail, whose one-click link unsubscribes without signing in. A machine on the
 * watchlist gets cheaper and the buyer, who asked for price-drop alerts, is told; the watchlist shows
 * the drop. The catalog's save form, the saved-searches page and the watchlist are looked at 360 and
 * 1280 pixels wide.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectFits } from "./support/fits.ts";
import { BASE_URL } from "../../playwright.config.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { readLatestEmail } from "./support/mailbox.ts";
import { clientFor, gotoReady, signInByRequest } from "./support/personas.ts";
import { stamp } from "./support/values.ts";

const SHOTS = process.env.ALERTS_SHOTS_DIR;

const look = (page: Page, name: string, part: Locator) => expectFits(page, name, part, { shotsDir: SHOTS });

test("a buyer's saved search alerts on a matching approval (bell and e-mail), unsubscribes by the link, and hears of a watched machine's price drop", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "alerts", fullName: "Sipho Dlamini" });
  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInByRequest(page, buyer.email, buyer.password);

  // A machine to watch, with price-drop alerts asked for on the watchlist.
  const watchedTitle = `Bell B20E dump truck ${stamp()}`;
  const watchedId = await publishListing({
    title: watchedTitle,
    description: "Watched by the alerts test",
    price: "900000",
  });
  await gotoReady(page, `/listing/${watchedId}`);
  await page.getByRole("button", { name: `Save ${watchedTitle} to watchlist` }).click();
  await expect(page.getByRole("button", { name: `Remove ${watchedTitle} from watchlist` })).toBeVisible();
  await gotoReady(page, "/watchlist");
  await page.getByLabel("Tell me when a machine on my watchlist gets cheaper").selectOption("instant");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByText("Instant, by e-mail and in your notifications.")).toBeVisible();

  // Save the search from the catalog.
  await gotoReady(page, "/catalog?category=excavators&province=Gauteng&maxPrice=1500000");
  await page.locator("summary", { hasText: "Save this search" }).click();
  const form = page.getByRole("form", { name: "Save this search" });
  await expect(form.getByLabel("Name")).toHaveValue(/^Excavators · Gauteng · up to R/);
  await form.getByLabel("Name").fill("Excavators in Gauteng");
  await form.getByLabel("Tell me about new machines").selectOption("instant");
  await look(page, "catalog-save-search", form);
  await form.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved: Excavators in Gauteng")).toBeVisible();

  // A seller's matching excavator is approved.
  const title = `Volvo EC220E excavator ${stamp()}`;
  const listingId = await publishListing({
    title,
    description: "Matches a saved search",
    location: "Midrand, Gauteng",
    price: "1200000",
  });

  // The bell says so, live; the alert opens the search, the machine among the results.
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAttribute("aria-label", /unread/, { timeout: 30_000 });
  await bell.click();
  const alert = page
    .getByRole("dialog")
    .getByRole("listitem")
    .filter({ hasText: /new machines? for "Excavators in Gauteng"/ })
    .first();
  await expect(alert).toBeVisible();
  await alert.getByRole("link", { name: "Open" }).click();
  await expect(page).toHaveURL(/\/catalog\?category=excavators&maxPrice=1500000&province=Gauteng/);
  await expect(page.getByRole("article", { name: title })).toBeVisible();

  // The e-mail lists the machine and carries the one-click unsubscribe.
  const mail = await readLatestEmail(buyer.email, /for your search "Excavators in Gauteng"/, { timeout: 30_000 });
  expect(mail.text).toContain(title);
  expect(mail.text).toContain(`${BASE_URL}/listing/${listingId}`);
  const unsubscribe = new RegExp(`${BASE_URL}/unsubscribe/[A-Za-z0-9._-]+`).exec(mail.text)?.[0];
  expect(unsubscribe, "the unsubscribe link").toBeTruthy();

  // Unsubscribing needs no sign-in; the search stays, without alerts.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await gotoReady(visitor, unsubscribe!);
  await expect(visitor.getByText('Stop alerts for your saved search "Excavators in Gauteng"?')).toBeVisible();
  await visitor.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(visitor.getByRole("status")).toHaveText(
    'Done: you will get no more alerts for your saved search "Excavators in Gauteng". Your other alerts are not affected.',
  );
  await gotoReady(page, "/saved-searches");
  const card = page.getByRole("listitem").filter({ hasText: "Excavators in Gauteng" });
  await expect(card.getByText("No alerts")).toBeVisible();
  await look(page, "saved-searches", card);

  // The watched machine gets cheaper: the buyer is told, and the watchlist shows the drop.
  const seller = await clientFor("seller");
  const changed = await seller.post("/seller-dashboard", {
    headers: { Origin: BASE_URL },
    form: { intent: "change-price", listingId: watchedId, price: "780000" },
  });
  expect(changed.status()).toBe(200);
  await seller.dispose();
  const drop = await readLatestEmail(buyer.email, new RegExp(`^Price drop: ${watchedTitle}`), { timeout: 30_000 });
  expect(drop.text).toMatch(/R\s780\s000 \(was R\s900\s000\)/);
  await gotoReady(page, "/notifications");
  await expect(page.getByText(`Price drop: ${watchedTitle}`)).toBeVisible();
  await gotoReady(page, "/watchlist");
  const watched = page.getByRole("article", { name: watchedTitle });
  await expect(watched.getByText(/Down R\s120\s000 since you saved it \(was R\s900\s000\)/)).toBeVisible();
  await look(page, "watchlist", watched);
});

test("a visitor who presses Save this search signs in and comes back to the same search, the form open", async ({
  page,
}) => {
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "alerts-visitor" });
  await gotoReady(page, "/catalog?category=cranes&province=Limpopo");
  await page.getByRole("link", { name: "Save this search" }).click();
  await expect(page).toHaveURL(/\/signin\?redirectTo=/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Email").fill(buyer.email);
  await page.getByLabel("Password").fill(buyer.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/catalog\?category=cranes&province=Limpopo&saveSearch=1$/);
  // The form is open, ready to save the same search.
  const form = page.getByRole("form", { name: "Save this search" });
  await expect(form.getByLabel("Name")).toHaveValue(/^Cranes · Limpopo$/);
  await form.getByRole("button", { name: "Save search" }).click();
  await expect(page.getByText("Search saved: Cranes · Limpopo")).toBeVisible();
});
