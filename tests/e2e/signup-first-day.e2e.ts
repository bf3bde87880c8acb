/**
 * A new user's first minutes, on a phone and on a desktop: the sign-up form's
 * checks, the address the confirmation went to, "Resend confirmation e-mail"
 * with its cool-down (CONFIRMATION_RESEND_COOLDOWN_SECONDS, short on the test
 * server), a sign-in before confirming, and the confirmation e-mail itself.
 */
import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { createAccount, TEST_PASSWORD } from "./support/accounts.ts";
import { linkIn, readLatestEmail, signedInAdmin } from "./support/mailbox.ts";
import { demoUser, gotoReady, signInThroughForm, uniqueEmail } from "./support/personas.ts";

const WIDTHS = [360, 1280] as const;
const REQUIRED = "Please fill in all required fields including phone number.";
const SUBJECT = /^Confirm your/;

async function pageAt(browser: Browser, width: number) {
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 800 } });
  return context.newPage();
}

async function expectNoSidewaysScroll(page: Page) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, width: window.innerWidth }));
  expect(scroll, "page scrolls sideways").toBeLessThanOrEqual(width);
}

/** How many confirmation e-mails the dev mailbox holds for an address. */
async function confirmationCount(email: string) {
  const admin = await signedInAdmin();
  const html = await (await admin.get(`/admin/mailbox?to=${encodeURIComponent(email)}`)).text();
  return [...html.matchAll(/href="\/admin\/mailbox\/[0-9a-f-]{36}"[\s\S]*?<span class="font-medium">([^<]*)<\/span>/g)].filter((m) =>
    SUBJECT.test(m[1]!),
  ).length;
}

/** Each field is marked (aria-invalid, the red border of an invalid field) and says nothing of its own. */
async function expectMarkedEmpty(page: Page, fields: Locator[], valid: Locator) {
  const validBorder = await valid.evaluate((el) => getComputedStyle(el).borderTopColor);
  for (const field of fields) {
    await expect(field).toHaveAttribute("aria-invalid", "true");
    const border = await field.evaluate((el) => getComputedStyle(el).borderTopColor);
    expect(border).not.toBe(validBorder);
    const describedBy = await field.getAttribute("aria-describedby");
    expect(describedBy).toBeTruthy();
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveText("Required");
    await expect(page.locator(`[id="${describedBy}"]`)).toHaveClass(/sr-only/);
  }
  expect(new Set(await Promise.all(fields.map((f) => f.evaluate((el) => getComputedStyle(el).borderTopColor)))).size).toBe(1);
}

test("an empty sign-up says the required-fields message once and marks the empty fields; a field's own problem stays under it", async ({ browser }) => {
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    await gotoReady(page, "/signup");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(REQUIRED)).toHaveCount(1);
    await expect(page.getByText(REQUIRED)).toBeVisible();
    const fields = ["Email *", "Full Name *", "Phone Number *"].map((l) => page.getByLabel(l));
    fields.push(page.getByLabel("Password *", { exact: true }), page.getByLabel("Confirm Password *"));
    await expectMarkedEmpty(page, fields, page.getByLabel("Company Name (optional)"));
    await expectNoSidewaysScroll(page);

    // A bad address: its own message under the e-mail field; the others are still only marked.
    await page.getByLabel("Email *").fill("not-an-address");
    await page.getByRole("button", { name: "Create Account" }).click();
    const email = page.getByLabel("Email *");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`[id="${await email.getAttribute("aria-describedby")}"]`)).toHaveText("Please enter a valid email address.");
    await expect(page.getByText(REQUIRED)).toHaveCount(1);
    await page.context().close();
  }
});

test("without JavaScript an empty sign-up still says the message once and marks the fields", async ({ browser }) => {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto("/signup");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText(REQUIRED)).toHaveCount(1);
    await expect(page.getByLabel("Phone Number *")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Full Name *")).toHaveAttribute("aria-invalid", "true");
    await context.close();
  }
});

test("/signup?role= preselects the account type; a seller's type and relationship start on their placeholders", async ({ browser }) => {
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    await gotoReady(page, "/signup?role=seller");
    await expect(page.getByLabel("Account Type *")).toHaveValue("seller");
    const sellerType = page.getByLabel("Seller Type (optional)");
    const relationship = page.getByLabel("Relationship to the equipment (optional)");
    await expect(sellerType).toHaveValue("");
    await expect(sellerType.locator("option:checked")).toHaveText("Select seller type");
    await expect(relationship).toHaveValue("");
    await expect(relationship.locator("option:checked")).toHaveText("Select relationship");
    await expectNoSidewaysScroll(page);

    await gotoReady(page, "/signup?role=buyer");
    await expect(page.getByLabel("Account Type *")).toHaveValue("buyer");
    await expect(page.getByLabel("Company Name (optional)")).toBeVisible();
    await expect(page.getByLabel("Seller Type (optional)")).toHaveCount(0);
    await page.context().close();
  }
});

async function fillSignUp(page: Page, email: string) {
  await page.getByLabel("Email *").fill(email);
  await page.getByLabel("Password *", { exact: true }).fill(TEST_PASSWORD);
  await page.getByLabel("Confirm Password *").fill(TEST_PASSWORD);
  await page.getByLabel("Full Name *").fill("First Day");
  await page.getByLabel("Phone Number *").fill("082 555 1234");
  await page.getByLabel("I accept the 2.5% buyer commission on purchases").check();
}

test("after sign-up the page names the address; Resend sends one more e-mail, then is refused until the cool-down has passed", async ({ browser }) => {
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    const email = uniqueEmail(`first-day-${width}`);
    await gotoReady(page, "/signup?role=buyer");
    await fillSignUp(page, email);
    await page.getByRole("button", { name: "Create Account" }).click();
    const panel = page.getByTestId("confirmation-panel");
    await expect(panel).toContainText(`We sent a confirmation link to ${email}.`);
    await expect(panel).toContainText("Account Created Successfully!");
    await expect(panel).toBeInViewport(); // not left above the fold on a phone, where the button was pressed
    await expectNoSidewaysScroll(page);
    expect(await confirmationCount(email)).toBe(1);

    // The sign-up's own e-mail started the cool-down: the button counts it down.
    const counting = panel.getByRole("button", { name: /^Resend in \d+ s$/ });
    await expect(counting).toBeDisabled();
    const resend = panel.getByRole("button", { name: "Resend confirmation e-mail" });
    await expect(resend).toBeEnabled({ timeout: 20_000 });
    await resend.click();
    await expect(panel).toContainText(`We sent a new confirmation link to ${email}.`);
    await expect.poll(() => confirmationCount(email)).toBe(2);
    await expect(counting).toBeDisabled();

    // Asked again at once (another tab, a page without JavaScript): refused, saying when.
    const early = await page.request.post("/signup", { form: { intent: "resend-confirmation", email }, headers: { Origin: BASE_URL } });
    expect(early.status()).toBe(429);
    expect(await early.text()).toMatch(/You can ask for another confirmation e-mail in \d+ seconds?\./);
    expect(await confirmationCount(email)).toBe(2);

    // Once the cool-down has passed, one more.
    await expect(resend).toBeEnabled({ timeout: 20_000 });
    await resend.click();
    await expect.poll(() => confirmationCount(email)).toBe(3);
    await page.context().close();
  }
});

test("a refused resend says when to try again, and the answer is the same for an address nobody has", async ({ browser }) => {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width, height: 800 }, javaScriptEnabled: false });
    const page = await context.newPage();
    const email = uniqueEmail(`nobody-${width}`);
    // The panel's form as a page without JavaScript posts it: the first is accepted, the second refused.
    const post = (to: string) => page.request.post(to, { form: { intent: "resend-confirmation", email }, headers: { Origin: BASE_URL } });
    const first = await post("/signin");
    expect(first.status()).toBe(200);
    expect(await first.text()).toContain(`We sent a new confirmation link to ${email}.`);
    const second = await post("/signin");
    expect(second.status()).toBe(429);
    await page.setContent(await second.text());
    await expect(page.getByRole("alert").filter({ hasText: /You can ask for another confirmation e-mail in \d+ seconds?\./ })).toBeVisible();
    await expectNoSidewaysScroll(page);
    expect(await confirmationCount(email)).toBe(0);
    await context.close();
  }
});

test("a sign-in before confirming sends nothing by itself; Resend confirmation e-mail sends one, and its link confirms the account", async ({ browser }) => {
  for (const width of WIDTHS) {
    const page = await pageAt(browser, width);
    const account = await createAccount({ role: "buyer", prefix: `early-${width}` });
    expect(await confirmationCount(account.email)).toBe(1);

    for (let i = 0; i < 2; i++) {
      await signInThroughForm(page, account.email, account.password);
      await expect(page.getByRole("alert").filter({ hasText: "Please check your email and click the verification link before signing in." })).toBeVisible();
      await expect(page.getByTestId("confirmation-panel")).toContainText(`The address ${account.email} is not confirmed yet.`);
    }
    await expectNoSidewaysScroll(page);
    expect(await confirmationCount(account.email)).toBe(1);

    const resend = page.getByRole("button", { name: "Resend confirmation e-mail" });
    await expect(resend).toBeEnabled({ timeout: 20_000 });
    await resend.click();
    await expect(page.getByTestId("confirmation-panel")).toContainText(`We sent a new confirmation link to ${account.email}.`);
    await expect.poll(() => confirmationCount(account.email)).toBe(2);
    await expect(page.getByRole("button", { name: /^Resend in \d+ s$/ })).toBeDisabled();

    await gotoReady(page, linkIn((await readLatestEmail(account.email, SUBJECT)).text));
    await expect(page.getByText("Email Confirmed!")).toBeVisible();
    await page.context().close();
  }
});

test("the confirmation e-mail's HTML fits a 360 px screen: the long fallback link wraps", async ({ browser }) => {
  const account = await createAccount({ role: "buyer", prefix: "mail-fit" });
  const mail = await readLatestEmail(account.email, SUBJECT);
  expect(linkIn(mail.text).length).toBeGreaterThan(120); // long enough to overflow a phone unless it wraps
  const context = await browser.newContext({ baseURL: BASE_URL });
  const page = await context.newPage();
  const admin = demoUser("admin");
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await gotoReady(page, `/admin/mailbox/${mail.id}`);
    const frame = page.frameLocator('iframe[title="E-mail preview"]');
    await expect(frame.getByText("Or copy this link:")).toBeVisible();
    const handle = await page.locator('iframe[title="E-mail preview"]').elementHandle();
    const content = (await handle!.contentFrame())!;
    const { scroll, client } = await content.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
    }));
    expect(scroll, `e-mail at ${width} px scrolls sideways`).toBeLessThanOrEqual(client);
    await expectNoSidewaysScroll(page);
  }

  // The bare e-mail at 360 px, as a phone's mail app shows it.
  const html = await (await (await signedInAdmin()).get(`/admin/mailbox/${mail.id}`)).text();
  const srcdoc = /srcDoc="([^"]*)"|srcdoc="([^"]*)"/.exec(html);
  expect(srcdoc).toBeTruthy();
  const phone = await pageAt(browser, 360);
  await phone.setContent(decodeAttr(srcdoc![1] ?? srcdoc![2]!));
  await expectNoSidewaysScroll(phone);
  await phone.context().close();
  await context.close();
});

function decodeAttr(s: string) {
  return s.replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
}

test("an invitation's sign-up form: an empty submit says the message once and marks the fields; a seller's selects start on placeholders", async ({ browser, page }) => {
  const admin = demoUser("admin");
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  const email = uniqueEmail("invited-first-day");
  await gotoReady(page, "/admin/invitations");
  await page.getByLabel("Email address *").fill(email);
  await page.getByLabel("Role").selectOption("seller");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation Sent").first()).toBeVisible();
  const link = linkIn((await readLatestEmail(email, /invited to join/)).text);

  for (const width of WIDTHS) {
    const invitee = await pageAt(browser, width);
    await gotoReady(invitee, link);
    await expect(invitee.getByRole("heading", { name: "Complete Your Invitation" })).toBeVisible();
    await expect(invitee.getByLabel("Seller Type (optional)").locator("option:checked")).toHaveText("Select seller type");
    await expect(invitee.getByLabel("Relationship to the equipment (optional)").locator("option:checked")).toHaveText("Select relationship");
    await invitee.getByRole("button", { name: "Create Account" }).click();
    await expect(invitee.getByText(REQUIRED)).toHaveCount(1);
    await expect(invitee.getByText(REQUIRED)).toBeVisible();
    const fields = [invitee.getByLabel("Password *", { exact: true }), invitee.getByLabel("Confirm Password *"), invitee.getByLabel("Full Name *"), invitee.getByLabel("Phone Number *")];
    await expectMarkedEmpty(invitee, fields, invitee.getByLabel("Email *"));
    await expectNoSidewaysScroll(invitee);
    await invitee.context().close();
  }
});
