/**
 * Code splitting of the header (front-end budget): the desktop menu's
 * dropdown and the notification bell's popover are not part of a visitor's
 * first load, yet the menu behaves as before — a click or a key press that
 * arrives before its code still opens it, and the focus stays on the button.
 */
import { expect, test, type Page } from "@playwright/test";
import { gotoReady, withSession } from "./support/personas.ts";

test.use({ viewport: { width: 1280, height: 800 } });

/** Paths of the scripts the page has fetched so far. */
function scriptsOf(page: Page) {
  const scripts: string[] = [];
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") scripts.push(new URL(response.url()).pathname);
  });
  return scripts;
}

test("a visitor's page loads neither the dropdown nor the bell until the menu is wanted", async ({ page }) => {
  const scripts = scriptsOf(page);
  await gotoReady(page, "/");
  await page.waitForLoadState("networkidle");
  expect(scripts.some((s) => s.includes("/entry.client-"))).toBe(true);
  expect(scripts.filter((s) => /\/(desktop-menu|notification-bell|dropdown-menu|popover)-/.test(s))).toEqual([]);

  const menuCode = page.waitForResponse((r) => /\/desktop-menu-[^/]+\.js$/.test(new URL(r.url()).pathname));
  await page.getByRole("button", { name: "Menu" }).hover();
  await menuCode;
  await page.getByRole("button", { name: "Menu" }).click();
  const menu = page.getByRole("menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["Home", "Catalog", "Parts", "Contact"]);
  await menu.getByRole("menuitem", { name: "Parts" }).click();
  await expect(page).toHaveURL(/\/parts$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("a click that arrives before the menu's code opens the menu once it is there", async ({ page }) => {
  // Hold the dropdown's code back so the click certainly lands on the placeholder button.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/desktop-menu-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await gotoReady(page, "/contact");
  const button = page.getByRole("button", { name: "Menu" });
  await expect(button).toHaveAttribute("aria-haspopup", "menu");
  await expect(button).toHaveAttribute("aria-expanded", "false");
  await button.click();
  await expect(page.getByRole("menu")).toHaveCount(0);
  release();
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Menu" })).toBeFocused();
});

test("with the keyboard, the focus stays on Menu while its code arrives, and Enter opens it", async ({ page }) => {
  await gotoReady(page, "/");
  const menuCode = page.waitForResponse((r) => /\/desktop-menu-[^/]+\.js$/.test(new URL(r.url()).pathname));
  const button = page.getByRole("button", { name: "Menu" });
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    // While the trigger replaces the placeholder the focus is briefly on <body>: wait until it lands.
    await page.waitForFunction(() => document.activeElement !== document.body);
    if (await page.evaluate(() => document.activeElement?.textContent?.trim() === "Menu")) break;
  }
  await menuCode;
  // The Radix trigger has replaced the placeholder and holds the focus.
  await expect(button).toHaveAttribute("data-state", "closed");
  await expect(button).toBeFocused();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu");
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem", { name: "Home" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Catalog" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/equipment$/);
});

test("a signed-in user's bell becomes the popover button after the page loads", async ({ page }) => {
  await withSession(page, "seller");
  await page.goto("/seller-dashboard");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toBeVisible();
  await bell.click();
  await expect(bell).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
});
