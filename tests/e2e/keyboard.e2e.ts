/**
 * Keyboard only: sign-up, creating a listing (through the mandate)
 * and making an offer, with Tab, Shift+Tab, Space, Enter, arrow keys and
 * typing — no clicks, no fills. Every stop shows a visible focus indicator.
 */
import { expect, test, type Page } from "@playwright/test";
import { jpeg } from "./support/images.ts";
import { gotoReady, uniqueEmail, withSession } from "./support/personas.ts";

/** The focused element's accessible-ish name and whether its focus is visible. */
function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return { name: "", visible: false };
    const labelled = el.id ? document.querySelector(`label[for="${CSS.escape(el.id)}"]`)?.textContent : null;
    const wrapping = el.closest("label")?.textContent;
    const name = (el.getAttribute("aria-label") ?? labelled ?? wrapping ?? el.textContent ?? "")
      .replace(/\s+/g, " ")
      .trim();
    const s = getComputedStyle(el);
    const visible =
      (s.outlineStyle !== "none" && parseFloat(s.outlineWidth) > 0) || (s.boxShadow !== "none" && s.boxShadow !== "");
    return { name, visible };
  });
}

/** Presses Tab until the focused control's name matches; every stop on the way must show its focus. */
async function tabTo(page: Page, name: string | RegExp, max = 60) {
  const seen: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    // When the header's Menu placeholder is replaced by the real (Radix) trigger, that trigger takes
    // the focus, and for an instant the focus sits on <body>: give it that instant (as header-menu.e2e.ts does).
    await page
      .waitForFunction(() => document.activeElement !== document.body, null, { timeout: 3_000 })
      .catch(() => undefined);
    const f = await focused(page);
    seen.push(f.name);
    expect(f.visible, `focus is visible on "${f.name}"`).toBe(true);
    if (typeof name === "string" ? f.name === name : name.test(f.name)) return;
  }
  throw new Error(`never reached ${name} with Tab; passed ${seen.slice(0, 20).join(" → ")}`);
}

test("sign up with the keyboard only", async ({ page }) => {
  await gotoReady(page, "/signup");
  await tabTo(page, "Email *");
  await page.keyboard.type(uniqueEmail("keys"));
  await tabTo(page, "Password *");
  await page.keyboard.type("Kudu-Grader-2026");
  await tabTo(page, "Confirm Password *");
  await page.keyboard.type("Kudu-Grader-2026");
  await tabTo(page, "Account Type *");
  await page.keyboard.press("ArrowDown"); // buyer → seller or the first option
  await tabTo(page, "Full Name *");
  await page.keyboard.type("Keyboard Kabelo");
  await tabTo(page, "Phone Number *");
  await page.keyboard.type("082 555 1234");
  await tabTo(page, "Create Account");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Account Created Successfully!").first()).toBeVisible();
});

test("create a listing and sign its mandate with the keyboard only", async ({ page }) => {
  test.setTimeout(180_000);
  await withSession(page, "seller");
  await page.goto("/seller-dashboard");
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  // Tab once the dashboard is on screen and hydrated.
  await expect(page.getByRole("link", { name: "Create Listing" }).first()).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor();
  const title = `Keyboard Генератор ${Date.now().toString(36)}`;

  await tabTo(page, "Create Listing");
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Create Listing" });
  await expect(dialog).toBeVisible();
  await tabTo(page, "Title *");
  await page.keyboard.type(title);
  await tabTo(page, "Description *");
  await page.keyboard.type("Diesel generator, 500 hours.");
  await tabTo(page, "Category *");
  for (let i = 0; i < 6; i++) await page.keyboard.press("ArrowDown");
  await tabTo(page, "Condition *");
  await page.keyboard.press("ArrowDown");
  await tabTo(page, "Price (R) *");
  await page.keyboard.type("250000");
  await tabTo(page, "Location");
  await page.keyboard.type("Polokwane, Limpopo");
  await tabTo(page, /^Photos \*/);
  const chooser = page.waitForEvent("filechooser");
  await page.keyboard.press("Enter");
  await (
    await chooser
  ).setFiles({ name: "gen.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 30, g: 160, b: 60 }, 800, 600) });
  await expect(dialog.getByRole("list", { name: "Selected photos" }).getByRole("listitem")).toHaveCount(1);
  await tabTo(page, "Urgent");
  await page.keyboard.press("Space");
  await tabTo(page, "Upload Machinery");
  await page.keyboard.press("Enter");

  await expect(page).toHaveURL(/\/seller\/mandate\//);
  const mandate = page.getByRole("dialog", { name: "Exclusive Sales Mandate" });
  await expect(mandate).toBeVisible();
  await tabTo(page, /I have read the mandate/);
  await page.keyboard.press("Space");
  await tabTo(page, "Sign Mandate");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole("row").filter({ hasText: title })).toBeVisible();
});

test("make an offer with the keyboard only", async ({ page }) => {
  await withSession(page, "buyer");
  await gotoReady(page, "/buyer-catalog");
  await expect(page).toHaveURL(/\/buyer-catalog$/);
  const href = await page.locator('a[href^="/listing/"]').first().getAttribute("href");
  await gotoReady(page, href!);
  await tabTo(page, "Make an Offer");
  await page.keyboard.press("Enter");
  // The offer is made in a dialog on the listing page, and sent only on confirm.
  await expect(page.getByRole("dialog", { name: "Make an offer" })).toBeVisible();
  await tabTo(page, "Offer Amount (R)");
  await page.keyboard.type("432100");
  await tabTo(page, "Send offer");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Offer Submitted").first()).toBeVisible();
  await gotoReady(page, "/buyer-dashboard");
  await expect(page.getByRole("row").filter({ hasText: "R 432 100" }).first()).toBeVisible();
});

test("focus on the bell's link stays on the bell when the interactive bell replaces it", async ({ page }) => {
  await withSession(page, "seller");
  // Hold the interactive bell back until the link has the focus.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/notification-bell-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.goto("/seller-dashboard");
  await page.locator("html[data-hydrated]").waitFor();
  await tabTo(page, /^Notifications/);
  expect(await page.evaluate(() => document.activeElement?.tagName)).toBe("A");
  release();
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("BUTTON");
  expect((await focused(page)).name).toMatch(/^Notifications/);
});
