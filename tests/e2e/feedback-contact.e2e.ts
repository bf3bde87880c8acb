import { expect, test, type Page } from "@playwright/test";
import { gotoReady, sessionPage, withSession } from "./support/personas.ts";

const THANK_YOU = "Thank you for your message! We'll get back to you soon.";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });

async function fillContact(page: Page, subject: string) {
  await page.getByLabel("Name *").fill("Naledi Khumalo");
  await page.getByLabel("Email *").fill("naledi@example.test");
  await page.getByLabel("Phone (optional)").fill("+27 82 555 0101");
  await page.getByLabel("Subject *").fill(subject);
  await page.getByLabel("Message *").fill("Do you have 50 t mobile cranes near Pretoria?");
}

test("a signed-in buyer sends 4-star feedback and sees the toast; the admins are notified", async ({
  page,
  browser,
}) => {
  await withSession(page, "buyer");

  await gotoReady(page, "/feedback");
  await expect(page.getByRole("link", { name: "Buyer Feedback" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("link", { name: "Seller Feedback" })).toBeVisible();
  const submit = page.getByRole("button", { name: "Submit Feedback" });
  await expect(submit).toBeDisabled();

  const rating = page.getByRole("radiogroup", { name: /Rating/ });
  await expect(rating.getByRole("radio")).toHaveCount(5);
  await expect(rating.getByRole("radio", { name: "1 star", exact: true })).toBeVisible();
  await rating.getByRole("radio", { name: "4 stars" }).check();
  await expect(submit).toBeEnabled();
  await page.getByLabel("Comments (optional)").fill("Found a TLB within a week.");
  await submit.click();

  await expect(toast(page, "Feedback Submitted")).toBeVisible();
  await expect(toast(page, "Thank you for your feedback!")).toBeVisible();
  await expect(submit).toBeDisabled(); // the form starts over

  const admin = await sessionPage(browser, "admin");
  await gotoReady(admin, "/notifications");
  await expect(admin.getByText("Buyer feedback: 4 stars").first()).toBeVisible();
  await admin.context().close();
});

test("the Seller Feedback tab is a plain link (?type=seller)", async ({ page }) => {
  await withSession(page, "buyer");
  await gotoReady(page, "/feedback");
  await page.getByRole("link", { name: "Seller Feedback" }).click();
  await expect(page).toHaveURL(/\/feedback\?type=seller$/);
  await expect(page.getByRole("link", { name: "Seller Feedback" })).toHaveAttribute("aria-current", "page");
});

test("a visitor is sent to sign in from /feedback", async ({ page }) => {
  await gotoReady(page, "/feedback");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Ffeedback$/);
});

test("a visitor sends the contact form and sees the thank-you", async ({ page }) => {
  await gotoReady(page, "/contact");
  await expect(page.getByText("Mon-Fri 8:00-18:00, Sat 9:00-14:00, Sun closed")).toBeVisible();
  await expect(page.getByRole("link", { name: /^info@/ })).toBeVisible();
  await expect(page.getByText("Johannesburg", { exact: false }).first()).toBeVisible();

  await fillContact(page, "Crane hire (with JavaScript)");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
  await expect(toast(page, THANK_YOU)).toBeVisible();
  await expect(page.getByLabel("Subject *")).toHaveValue("");
});

test("an empty contact form shows Please fill in all required fields", async ({ page }) => {
  await gotoReady(page, "/contact");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  await expect(page.getByLabel("Name *")).toHaveAttribute("aria-invalid", "true");

  await fillContact(page, "Bad address");
  await page.getByLabel("Email *").fill("naledi@");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByText("Please enter a valid email address")).toBeVisible();
  await expect(page.getByText(THANK_YOU)).toHaveCount(0);
});

test("the contact form works with JavaScript disabled", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/contact");

  // Server-side validation, shown inline.
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();

  await fillContact(page, "Crane hire (without JavaScript)");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: THANK_YOU })).toBeVisible();
  // Only once the whole document has arrived does a missing message prove anything.
  await page.waitForLoadState("load");
  await expect(page.getByText("Please fill in all required fields")).toHaveCount(0);
  await context.close();
});
