/**
 * A seller edits a live listing on a phone: the new price is public at once; the new cover photo and
 * title wait for the admin, who compares before and after and approves; only then do buyers see them.
 * A rejected listing is edited and resubmitted from its preview.
 */
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { jpeg } from "./support/images.ts";
import { createPendingListing, publishListing } from "./support/listings.ts";
import { clientFor, gotoReady, sessionPage } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const noSideways = async (page: Page, width: number) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

test("a seller changes a live listing's price and cover photo: the price at once, the photo after the admin approves", async ({
  browser,
}) => {
  const title = `Edit Komatsu PC200 ${Date.now().toString(36)}`;
  const listingId = await publishListing({ title, description: "Tracked excavator.", price: "990000" });
  const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
  await gotoReady(visitor, `/listing/${listingId}`);
  const coverBefore = await visitor.getByRole("img").first().getAttribute("src");

  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  await gotoReady(page, "/seller-dashboard");
  const card = page.getByRole("list", { name: "Your listings" }).getByRole("listitem", { name: title });
  await card.getByRole("link", { name: `Edit ${title}` }).click();
  await expect(page.getByRole("heading", { name: "Edit listing" })).toBeVisible();
  await expect(page.getByLabel("Title *")).toHaveValue(title);
  await expect(page.getByRole("list", { name: "Listing photos" }).getByRole("listitem")).toHaveCount(1);

  // A new photo, made the cover; the price drops; the title changes.
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "edit-")), "new-cover.jpg");
  await fs.writeFile(file, await jpeg({ r: 20, g: 40, b: 220 }, 1200, 900));
  await page.locator("#listing-images").setInputFiles(file);
  const photos = page.getByRole("list", { name: "Listing photos" }).getByRole("listitem");
  await expect(photos).toHaveCount(2);
  await page.getByRole("button", { name: "Make New photo new-cover.jpg the cover" }).click();
  await expect(photos.first().getByText("Cover")).toBeVisible();
  await page.getByLabel("Price (R) *").fill("940000");
  await page.getByLabel("Title *").fill(`${title} (new tracks)`);
  await noSideways(page, 360);
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByText(`Your changes to "${title}" are with our team for review.`).first()).toBeVisible();
  await expect(card.getByText("Your changes are waiting for review.")).toBeVisible();
  await expect(card.getByText("Active", { exact: true })).toBeVisible();

  // The public: the new price now, the approved title and cover still.
  await gotoReady(visitor, `/listing/${listingId}`);
  await expect(visitor.getByText(/^R\s940\s000$/).first()).toBeVisible();
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(title);
  expect(await visitor.getByRole("img").first().getAttribute("src")).toBe(coverBefore);

  // The admin compares before and after, and approves.
  const admin = await sessionPage(browser, "admin", { viewport: { width: 360, height: 800 } });
  await gotoReady(admin, "/admin");
  await admin.getByRole("link", { name: `Review changes to ${title}` }).click();
  await expect(admin.getByRole("heading", { name: `Changes to “${title}”` })).toBeVisible();
  await expect(admin.getByText(`Proposed: ${title} (new tracks)`)).toBeVisible();
  await expect(admin.getByRole("list", { name: "Proposed photos" }).getByRole("listitem")).toHaveCount(2);
  await noSideways(admin, 360);
  await admin.getByRole("button", { name: "Approve changes" }).click();
  await expect(admin).toHaveURL(/\/admin$/);
  await expect(admin.getByText("Changes approved").first()).toBeVisible();

  await gotoReady(visitor, `/listing/${listingId}`);
  await expect(visitor.getByRole("heading", { level: 1 })).toHaveText(`${title} (new tracks)`);
  const coverAfter = await visitor.getByRole("img").first().getAttribute("src");
  expect(coverAfter).not.toBe(coverBefore);
  expect(coverAfter).toContain(`/listings/${listingId}/`);
  const image = await visitor.request.get(new URL(coverAfter!, BASE_URL).toString());
  expect(image.status()).toBe(200);
  await Promise.all([visitor.close(), page.context().close(), admin.context().close()]);
});

test("a rejected listing is edited from its preview and goes back to review", async ({ browser }) => {
  const title = `Resubmit Bomag BW213 ${Date.now().toString(36)}`;
  const { seller, listingId } = await createPendingListing({ title, description: "Roller." });
  await seller.dispose();
  const admin = await clientFor("admin");
  const rejected = await admin.post("/admin?index", {
    headers: { Origin: BASE_URL },
    form: { intent: "reject", listingId, reason: "Please say how many hours it has." },
  });
  expect(rejected.status()).toBe(200);
  await admin.dispose();

  const page = await sessionPage(browser, "seller", { viewport: { width: 1280, height: 800 } });
  await gotoReady(page, `/listing/${listingId}`);
  await expect(page.getByText("Please say how many hours it has.")).toBeVisible();
  await page.getByRole("link", { name: "Edit and resubmit" }).click();
  await expect(page.getByText("Saving sends this listing back to our team for review.")).toBeVisible();
  await page.getByLabel("Description *").fill("Roller, 3,200 hours, serviced.");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByText(`"${title}" is saved and back with our team for review.`).first()).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  await noSideways(page, 1280);
  await page.context().close();
});

test("what a seller types into the description before the page's script runs is kept", async ({ browser }) => {
  const title = `Early typing Hyster ${Date.now().toString(36)}`;
  const { seller, listingId } = await createPendingListing({ title, description: "Forklift, as listed." });
  await seller.dispose();
  const page = await sessionPage(browser, "seller", { viewport: { width: 360, height: 800 } });
  // The scripts wait until the seller has typed, as on a slow phone connection.
  let release!: () => void;
  const typed = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await typed;
    await route.continue();
  });
  await page.goto(`/seller/listings/${listingId}/edit`, { waitUntil: "commit" });
  const description = page.getByLabel("Description *");
  await description.fill("Forklift, 3-ton, new tyres: typed before the script ran.");
  release();
  // The page's script has taken over the photo field: the page is hydrated.
  await expect(page.getByText("Choose photos")).toBeVisible();
  await expect(description).toHaveValue("Forklift, 3-ton, new tyres: typed before the script ran.");
  await page.context().close();
});
