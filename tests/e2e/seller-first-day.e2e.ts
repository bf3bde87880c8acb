/**
 * A seller's first day, on a phone (360 px) and a laptop (1280 px): the
 * admin's reason for a rejection on the dashboard and in the preview,
 * deleting a listing through a confirmation dialog, the create form saying
 * what it still needs and which photos were chosen, listings and the admin's
 * users as cards on a phone and tables on a laptop, and the mandate's
 * commission in its two shares.
 */
import { expect, test, type Locator, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { jpeg } from "./support/images.ts";
import { createPendingListing } from "./support/listings.ts";
import { clientFor, demoUser, gotoReady, sessionPage } from "./support/personas.ts";

const WIDTHS = [360, 1280] as const;
const origin = { Origin: BASE_URL };

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
}

/** Elements sticking out past the right edge of the viewport (outside any scrolling box), and the page's own scroll. */
async function tooWide(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || getComputedStyle(el).position === "fixed" || r.left < 0) return false;
        for (let p = el.parentElement; p; p = p.parentElement) {
          if (["auto", "scroll", "hidden"].includes(getComputedStyle(p).overflowX)) return false;
        }
        return r.right > width + 1;
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 3).join(".")}`);
    const scroll = document.documentElement.scrollWidth > width + 1 ? document.documentElement.scrollWidth : null;
    return { scroll, wide };
  });
}

async function expectFits(page: Page) {
  expect(await tooWide(page)).toEqual({ scroll: null, wide: [] });
}

async function shot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `test-results/seller-first-day/${name}-${width}.png`, fullPage: false });
}

/** The listing on the seller's dashboard: its card on a phone, its table row on a laptop. */
function dashboardEntry(page: Page, width: number, title: string): Locator {
  return width < 640
    ? page.getByRole("list", { name: "Your listings" }).getByRole("listitem", { name: title })
    : page.getByRole("table").getByRole("row").filter({ hasText: title });
}

async function reject(listingId: string, reason?: string) {
  const admin = await clientFor("admin");
  const res = await admin.post("/admin?index", {
    headers: origin,
    form: { intent: "reject", listingId, ...(reason ? { reason } : {}) },
  });
  expect(res.status()).toBe(200);
  await admin.dispose();
}

test("the seller sees why a listing was rejected, on its dashboard entry and in its preview", async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Rejected Komatsu PC200 ${stamp()}`;
  const reason = "The photos show a different machine. Please add photos of the unit for sale.";
  const { listingId } = await createPendingListing({ title, description: "Runs well." });
  await reject(listingId, reason);
  const silentTitle = `Rejected Bell 315SJ ${stamp()}`;
  const silent = await createPendingListing({ title: silentTitle, description: "Runs well." });
  await reject(silent.listingId);

  const page = await sessionPage(browser, "seller");
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await gotoReady(page, "/seller-dashboard");
    const entry = dashboardEntry(page, width, title);
    await expect(entry.getByText("Rejected", { exact: true })).toBeVisible();
    await expect(entry.getByText(`Reason for rejection: ${reason}`)).toBeVisible();
    await expect(
      dashboardEntry(page, width, silentTitle).getByText("Reason for rejection: Our team gave no reason."),
    ).toBeVisible();
    await expectFits(page);

    await gotoReady(page, `/listing/${listingId}`);
    const banner = page.getByRole("status").filter({ hasText: "Preview — Rejected." });
    await expect(banner).toContainText(`Reason for rejection: ${reason}`);
    await expectFits(page);
    await shot(page, "rejected-preview", width);
  }
  // The reason is the seller's and the admins' only: the listing is not public, so nobody else gets the page.
  const visitor = await clientFor("visitor");
  const response = await visitor.get(`/listing/${listingId}`);
  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain(reason);
  await visitor.dispose();
});

test("deleting a listing asks first in a dialog: Escape and Cancel keep it, Delete Listing removes it", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const titles = { 360: `Delete me Hitachi ZX ${stamp()}`, 1280: `Delete me Volvo L90 ${stamp()}` };
  const ids: Record<number, string> = {};
  for (const width of WIDTHS)
    ids[width] = (await createPendingListing({ title: titles[width], description: "x" })).listingId;

  // Another seller cannot delete it: the server checks ownership, whatever the page shows.
  const other = await clientFor("otherSeller");
  const refused = await other.post("/seller-dashboard", {
    headers: origin,
    form: { intent: "delete", listingId: ids[360]! },
  });
  expect(refused.status()).toBe(404);
  await other.dispose();

  const page = await sessionPage(browser, "seller");
  for (const width of WIDTHS) {
    const title = titles[width];
    await atWidth(page, width);
    await gotoReady(page, "/seller-dashboard");
    const entry = dashboardEntry(page, width, title);
    const trigger = entry.getByRole("button", { name: `Delete ${title}` });
    const dialog = page.getByRole("alertdialog", { name: `Delete “${title}”?` });

    await trigger.click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("This cannot be undone");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await expectFits(page);
    await shot(page, "delete-dialog", width);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await trigger.click();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await gotoReady(page, "/seller-dashboard");
    await expect(dashboardEntry(page, width, title)).toBeVisible();

    await trigger.click();
    await dialog.getByRole("button", { name: "Delete Listing" }).click();
    await expect(page.getByText(`"${title}" was deleted.`).first()).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(dashboardEntry(page, width, title)).toHaveCount(0);
    await gotoReady(page, "/seller-dashboard");
    await expect(page.getByText("Your Listings", { exact: true })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  }
});

test("the create form says what Upload Machinery still needs, shows the chosen photos, and its Condition fits a phone", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const page = await sessionPage(browser, "seller");
  const photos = [
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 220, g: 140, b: 20 }, 800, 600) },
    { name: "side.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 40, g: 90, b: 200 }, 800, 600) },
  ];
  for (const width of WIDTHS) {
    await atWidth(page, width);
    // No draft from the previous width (its save timer dies with the page).
    await gotoReady(page, "/seller-dashboard");
    await page.evaluate(() => localStorage.removeItem("listing-draft"));
    await gotoReady(page, "/seller/create");
    const upload = page.getByRole("button", { name: "Upload Machinery" });
    await expect(upload).toBeDisabled();
    await expect(upload).toHaveAccessibleDescription(
      "Upload Machinery is disabled: add at least one photo and fill in the title, description, category, condition, price (a number above 0) and listing type (Urgent or Bargain).",
    );
    await expect(page.getByText("No photos chosen yet.")).toBeVisible();

    // Condition: short names in the field, their meaning under it; nothing wider than the screen.
    const condition = page.getByLabel("Condition *");
    await expect(page.locator("#listing-condition-meaning")).toHaveText(
      "New: brand new, never used. Used: previously used, good condition. Refurbished: restored to like-new condition.",
    );
    const clipped = await condition.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement("canvas").getContext("2d")!;
      context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20; // the arrow
      return [...select.options].filter((o) => context.measureText(o.text).width > room).map((o) => o.text);
    });
    expect(clipped).toEqual([]);
    await condition.selectOption("refurbished");
    await expect(page.locator("#listing-condition-meaning")).toHaveText("Refurbished: restored to like-new condition.");
    await expect(condition).toHaveAccessibleDescription("Refurbished: restored to like-new condition.");
    await expectFits(page);

    await page.getByLabel("Title *").fill("2019 CAT 320D Excavator");
    await page.getByLabel("Description *").fill("4 200 hours, full service history.");
    await page.getByLabel("Category *").selectOption("excavators");
    await page.getByLabel("Price (R) *").fill("0");
    await expect(upload).toHaveAccessibleDescription(
      "Upload Machinery is disabled: add at least one photo and fill in the price (a number above 0) and listing type (Urgent or Bargain).",
    );
    await page.getByLabel("Price (R) *").fill("985000");
    await page.getByLabel("Bargain").check();
    await expect(
      page.getByText("Upload Machinery is disabled: add at least one photo.", { exact: true }),
    ).toBeVisible();

    await page.getByLabel(/Photos \*/).setInputFiles(photos);
    await expect(page.getByRole("list", { name: "Selected photos" }).getByRole("listitem")).toHaveCount(2);
    await expect(page.locator("#listing-images-chosen")).toHaveText(/^2 of 5 photos chosen: front\.\w+, side\.\w+$/);
    await expect(page.getByText("Add more photos", { exact: true })).toBeVisible();
    await expect(upload).toBeEnabled();
    await expect(page.getByText(/^Upload Machinery is disabled/)).toHaveCount(0);
    await page.getByLabel("Title *").fill("");
    await expect(page.getByText("Before uploading, fill in the title.", { exact: true })).toBeVisible();
    await expectFits(page);
    await shot(page, "create-form", width);
    await page.getByRole("button", { name: /^Remove front/ }).click();
    await expect(page.locator("#listing-images-chosen")).toHaveText(/^1 of 5 photos chosen: side\.\w+$/);
  }
});

test("the seller's listings and the admin's users are cards on a phone and tables on a laptop", async ({ browser }) => {
  test.setTimeout(150_000);
  const title = `Caterpillar 950GC Wheel Loader with bucket ${stamp()}`;
  await createPendingListing({ title, description: "x" });
  const seller = await sessionPage(browser, "seller");
  const admin = await sessionPage(browser, "admin");
  for (const width of WIDTHS) {
    await atWidth(seller, width);
    await gotoReady(seller, "/seller-dashboard");
    const cards = seller.getByRole("list", { name: "Your listings" });
    // The listings' table (the views chart has a table of its own, for screen readers).
    const listingsTable = seller.getByRole("table").filter({ has: seller.getByRole("columnheader", { name: "Title" }) });
    if (width === 360) {
      await expect(cards).toBeVisible();
      await expect(listingsTable).toHaveCount(0);
      const card = cards.getByRole("listitem", { name: title });
      // The title runs across the card (not a word a line), and the actions sit side by side.
      const titleBox = (await card.getByText(title, { exact: true }).boundingBox())!;
      expect(titleBox.width).toBeGreaterThan(200);
      const tops = await Promise.all(
        [
          card.getByRole("link", { name: `View ${title}` }),
          card.getByRole("link", { name: `Mandate for ${title}` }),
          card.getByRole("button", { name: `Delete ${title}` }),
        ].map(async (action) => Math.round((await action.boundingBox())!.y)),
      );
      expect(new Set(tops).size).toBe(1);
      await expect(card).toContainText(/R\s123\s456/);
      await expect(card.getByText("Pending", { exact: true })).toBeVisible();
    } else {
      await expect(listingsTable).toBeVisible();
      await expect(cards).toBeHidden();
      await expect(listingsTable.getByRole("columnheader")).toHaveText([
        "Title",
        "Price",
        "Status",
        "Created",
        "Views",
        "Actions",
      ]);
      await expect(
        seller
          .getByRole("row")
          .filter({ hasText: title })
          .getByRole("button", { name: `Delete ${title}` }),
      ).toBeVisible();
    }
    await expectFits(seller);
    await shot(seller, "seller-dashboard", width);

    await atWidth(admin, width);
    // Found by the search: other tests add users, which can push the demo seller off the first page.
    await gotoReady(admin, `/admin/users?q=${encodeURIComponent(demoUser("seller").email)}`);
    const users = admin.getByRole("list", { name: "All users, newest first" });
    if (width === 360) {
      await expect(users).toBeVisible();
      await expect(admin.getByRole("table")).toHaveCount(0);
      const sellerCard = users.getByRole("listitem").filter({ hasText: demoUser("seller").email });
      await expect(sellerCard.getByRole("link")).toBeVisible();
      await expect(sellerCard.getByText("Seller profile")).toBeVisible();
      await expect(sellerCard.getByText(/^Registered /)).toBeVisible();
    } else {
      await expect(admin.getByRole("table")).toBeVisible();
      await expect(users).toBeHidden();
      await expect(admin.getByRole("columnheader")).toHaveText([
        "Name",
        "E-mail",
        "Role",
        "Registered",
        "Verified",
        "Profiles",
      ]);
    }
    await expectFits(admin);
    await shot(admin, "admin-users", width);
  }
});

test("the mandate shows its commission as two 2.5% shares, 5% in all", async ({ browser }) => {
  test.setTimeout(120_000);
  const { listingId } = await createPendingListing({ title: `Mandate words JCB 3CX ${stamp()}`, description: "x" });
  const page = await sessionPage(browser, "seller");
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await gotoReady(page, "/seller-dashboard");
    await expect(
      page.getByText(
        "Our commission is 2.5% from each side: your 2.5% is deducted from the sale price, so you receive 97.5%; the buyer's 2.5% is added to the price they pay.",
      ),
    ).toBeVisible();
    await gotoReady(page, `/seller/mandate/${listingId}`);
    const dialog = page.getByRole("dialog", { name: "Exclusive Sales Mandate" });
    const shares = dialog.getByRole("region", { name: "Commission: 5% of the final sale price in total" });
    await expect(shares.getByRole("listitem")).toHaveText([
      "Your share: 2.5%, deducted from the sale price. You receive 97.5%.",
      "The buyer's share: 2.5%, added to the price the buyer pays.",
    ]);
    const terms = dialog.getByLabel("Agreement text");
    await expect(terms).toContainText(
      "a commission of 5 percent of the final sale price in total, made up of two shares of 2.5 percent each",
    );
    await expect(terms).toContainText(
      "the seller's 2.5 percent is deducted from the final sale price, so the seller receives 97.5 percent of it",
    );
    await expect(terms).toContainText("the buyer's 2.5 percent is added to the final sale price and paid by the buyer");
    await expectFits(page);
    await shot(page, "mandate", width);
  }
});
