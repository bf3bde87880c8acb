/**
 * Stored XSS: a listing, a contact message and a user's name
 * carrying script, event-handler and javascript: payloads render as inert
 * text everywhere they appear — catalog, listing page, seller dashboard,
 * admin pages, notifications and the e-mail in the dev mailbox. No dialog
 * ever opens, the text is visible as typed, and no link points at javascript:.
 */
import { expect, test, type Page } from "@playwright/test";
import { signUpAndConfirm, TEST_PASSWORD } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { readLatestEmail } from "./support/mailbox.ts";
import { clientFor, demoUser, gotoReady, sessionPage, signInThroughForm, uniqueEmail } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const origin = { Origin: BASE_URL };
const stamp = Date.now().toString(36);
const TITLE = `<script>alert('t${stamp}')</script> Bell <img src=x onerror=alert(1)>`;
const DESCRIPTION = `Nice machine. <a href="javascript:alert(2)">click</a> <svg onload=alert(3)> ${stamp}`;
const LOCATION = `javascript:alert(4)`;
const NAME = `<img src=x onerror=alert(5)> Xolani ${stamp}`;
const MESSAGE = `<script>document.title='pwned'</script> javascript:alert(6) ${stamp}`;

async function expectInert(page: Page, path: string, visibleText: string | RegExp) {
  const dialogs: string[] = [];
  page.on("dialog", (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await gotoReady(page, path);
  await expect(page.getByText(visibleText).first()).toBeVisible();
  expect(
    await page.locator('a[href^="javascript:" i], [href^=" javascript:" i]').count(),
    `${path}: javascript: links`,
  ).toBe(0);
  expect(await page.locator("img[onerror], svg[onload], [onclick]").count(), `${path}: event-handler attributes`).toBe(
    0,
  );
  expect(await page.title()).not.toBe("pwned");
  expect(dialogs, `${path}: dialogs`).toEqual([]);
}

test("script and javascript: payloads in a listing, a message and a name stay inert text on every page", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // The seller lists a machine with payloads everywhere and signs the mandate; the admin approves it.
  const listingId = await publishListing({ title: TITLE, description: DESCRIPTION, location: LOCATION });

  // A visitor's contact message, and a buyer whose name is a payload.
  const visitor = await clientFor("visitor");
  const sent = await visitor.post("/contact", {
    headers: origin,
    form: {
      name: NAME,
      email: "xss@example.co.za",
      phone: "",
      subject: `Subject ${stamp}`,
      message: MESSAGE,
      website: "",
    },
  });
  expect(sent.status()).toBeLessThan(400);
  const email = uniqueEmail("xss");
  const page = await (await browser.newContext()).newPage();
  await signUpAndConfirm(page, { email, name: NAME });

  // Every place a visitor, the buyer, the seller and the admin see them.
  await expectInert(page, `/equipment?q=${stamp}`, /Bell/);
  await signInThroughForm(page, email, TEST_PASSWORD);
  await expect(page).not.toHaveURL(/\/signin/);
  await expectInert(page, `/listing/${listingId}`, TITLE);
  await expectInert(page, `/listing/${listingId}`, LOCATION);
  await expectInert(page, `/buyer-catalog?q=${stamp}`, TITLE);

  const sellerPage = await sessionPage(browser, "seller");
  await expectInert(sellerPage, "/seller-dashboard", TITLE);
  await expectInert(sellerPage, "/notifications", `Listing approved: ${TITLE}`);

  const adminPage = await sessionPage(browser, "admin");
  await expectInert(adminPage, "/admin?status=all", TITLE);
  await expectInert(adminPage, "/admin/messages", MESSAGE);
  await expectInert(adminPage, `/admin/users?q=${encodeURIComponent(email)}`, NAME);

  // The seller's approval e-mail carries the title; the mailbox shows it as text.
  const mail = await readLatestEmail(demoUser("seller").email, new RegExp(`approved: .*${stamp}`));
  expect(mail.text).toContain(TITLE);
  await expectInert(adminPage, `/admin/mailbox/${mail.id}`, /approved/);
});
