/**
 * Accessibility: axe-core on every page, as each role sees it,
 * with the WCAG 2.2 AA rules: no violations. Also the states users reach on
 * those pages: the create-listing dialog, the notifications popover, a form
 * showing its errors.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { ADMIN_PAGES, firstListingPath, gotoReady, sessionPage } from "./support/personas.ts";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

async function violations(page: Page) {
  // The dev mailbox shows e-mails in a sandboxed iframe (no scripts there, by design): axe cannot enter it, so
  // frames are left out and axe runs in the page itself (legacy mode opens no helper tab).
  // Live notifications caused by other tests running meanwhile arrive as toasts, some still fading in or out
  // (part-transparent text axe reads as low contrast): the toaster is left out, the page itself is checked.
  const result = await new AxeBuilder({ page })
    .withTags(TAGS)
    .exclude("[data-sonner-toaster]")
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  return result.violations.map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 4).join(" | ")}`);
}

async function audit(page: Page, paths: string[]) {
  const found: Record<string, string[]> = {};
  for (const path of paths) {
    await gotoReady(page, path);
    const v = await violations(page);
    if (v.length) found[path] = v;
  }
  return found;
}

const PUBLIC = ["/", "/equipment", "/catalog", "/parts", "/signin", "/signup", "/contact", "/reset-password?token=x", "/no-such-page"];

test("visitor pages have no WCAG 2.2 AA violations", async ({ page }) => {
  test.setTimeout(180_000);
  const found = await audit(page, PUBLIC);
  // A form showing its errors.
  await gotoReady(page, "/signup");
  await page.getByRole("button", { name: "Create Account" }).click();
  const errors = await violations(page);
  if (errors.length) found["/signup (errors)"] = errors;
  expect(found).toEqual({});
});

test("buyer pages have no WCAG 2.2 AA violations", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await sessionPage(browser, "buyer");
  const listing = await firstListingPath(page);
  const found = await audit(page, ["/buyer-catalog", listing, "/watchlist", "/saved-searches", "/buyer-dashboard", "/buyer-dashboard?tab=viewing", "/buyer-dashboard?tab=quote", "/feedback", "/contact", "/notifications"]);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  const popover = await violations(page);
  if (popover.length) found["notifications popover"] = popover;
  expect(found).toEqual({});
});

test("seller pages have no WCAG 2.2 AA violations", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await sessionPage(browser, "seller");
  const found = await audit(page, ["/seller-dashboard", "/seller/create", "/notifications", "/feedback"]);
  await gotoReady(page, "/seller-dashboard");
  await page.getByRole("link", { name: "Create Listing" }).first().click();
  await expect(page.getByRole("dialog", { name: "Create Listing" })).toBeVisible();
  const dialog = await violations(page);
  if (dialog.length) found["create-listing dialog"] = dialog;
  const mandate = await page.evaluate(() => document.querySelector('a[href^="/seller/mandate/"]')?.getAttribute("href"));
  if (mandate) {
    await gotoReady(page, mandate);
    const m = await violations(page);
    if (m.length) found[mandate] = m;
  }
  expect(found).toEqual({});
});

test("admin pages have no WCAG 2.2 AA violations", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await sessionPage(browser, "admin");
  // At least one e-mail in the dev mailbox to look at.
  const sent = await page.request.post("/email-test", {
    form: { intent: "send-listing-notification", email: "a11y@example.co.za" },
    headers: { Origin: BASE_URL },
  });
  expect(sent.status()).toBeLessThan(400);
  const found = await audit(page, [...ADMIN_PAGES, "/admin?status=all"]);
  await gotoReady(page, "/admin/users");
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/users\/.+/);
  const user = await violations(page);
  if (user.length) found["/admin/users/:id"] = user;
  await gotoReady(page, "/admin?status=all");
  await page.getByRole("link", { name: "Edit" }).first().click();
  await expect(page).toHaveURL(/\/edit$/);
  const edit = await violations(page);
  if (edit.length) found["/admin/listings/:id/edit"] = edit;
  await gotoReady(page, "/admin/mailbox");
  await page.locator('a[href^="/admin/mailbox/"]').first().click();
  const mail = await violations(page);
  if (mail.length) found["/admin/mailbox/:id"] = mail;
  expect(found).toEqual({});
});
