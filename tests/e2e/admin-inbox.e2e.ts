import { expect, test, type Browser, type Page } from "@playwright/test";
import { readLatestEmail } from "./support/mailbox.ts";
import { clientFor, demoUser, gotoReady, sessionPage, uniqueEmail, withSession } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const toast = (page: Page, text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text });
const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/** Whole rand as the pages show them (en-ZA, space-grouped): 245 310 → /R\s?245\s310/. */
function randPattern(amount: number) {
  const grouped = amount.toString().replace(/\B(?=(\d{3})+(?!\d))/g, " ");
  return new RegExp(`R\\s?${grouped.replace(/ /g, "\\s")}(?![\\d,])`);
}

/** A second browser window signed in as the demo admin, open on `path`. */
async function adminPage(browser: Browser, path = "/admin") {
  const page = await sessionPage(browser, "admin");
  await gotoReady(page, path);
  return { page, close: () => page.context().close() };
}

test("a visitor's contact message reaches Contact Messages and the admin marks it handled", async ({ page, browser }) => {
  const subject = `Crane hire ${stamp()}`;
  await gotoReady(page, "/contact");
  await page.getByLabel("Name *").fill("Naledi Khumalo");
  await page.getByLabel("Email *").fill("naledi@example.test");
  await page.getByLabel("Phone (optional)").fill("+27 82 555 0101");
  await page.getByLabel("Subject *").fill(subject);
  await page.getByLabel("Message *").fill("Do you have 50 t mobile cranes near Pretoria?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Thank you for your message!" })).toBeVisible();

  const admin = await adminPage(browser);
  const a = admin.page;
  await a.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Contact Messages" }).click();
  await expect(a).toHaveURL(/\/admin\/messages/);
  await a.locator("html[data-hydrated]").waitFor();
  await expect(a.getByRole("group", { name: "Filter messages" }).getByRole("link", { name: "Open" })).toHaveAttribute(
    "aria-current",
    "page",
  );

  const item = a.getByRole("listitem", { name: subject });
  await expect(item).toContainText("Naledi Khumalo");
  await expect(item).toContainText("naledi@example.test");
  await expect(item).toContainText("+27 82 555 0101");
  await expect(item).toContainText("Do you have 50 t mobile cranes near Pretoria?");
  await expect(item.getByRole("link", { name: "Reply by e-mail" })).toHaveAttribute(
    "href",
    `mailto:naledi@example.test?subject=${encodeURIComponent(`Re: ${subject}`)}`,
  );

  await item.getByRole("button", { name: "Mark handled" }).click();
  await expect(toast(a, "Marked as handled")).toBeVisible();
  // Handled messages leave the Open list…
  await expect(a.getByRole("listitem", { name: subject })).toHaveCount(0);
  // …and are shown under Handled, muted, with the badge and no button.
  await a.getByRole("group", { name: "Filter messages" }).getByRole("link", { name: "Handled" }).click();
  await expect(a).toHaveURL(/filter=handled/);
  const handled = a.getByRole("listitem", { name: subject });
  await expect(handled.getByText("Handled", { exact: true })).toBeVisible();
  await expect(handled.getByRole("button", { name: "Mark handled" })).toHaveCount(0);
  await a.getByRole("group", { name: "Filter messages" }).getByRole("link", { name: "All" }).click();
  await expect(a.getByRole("listitem", { name: subject })).toBeVisible();
  await admin.close();
});

test("the demo buyer's offer: the admin marks it Contacted and the buyer is told", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const buyer = demoUser("buyer");
  await withSession(page, "buyer");
  await gotoReady(page, "/buyer-dashboard?tab=offer");

  const offer = page.locator("form#offer-form");
  await offer.getByRole("combobox", { name: "Listing (optional)" }).click();
  const options = page.getByRole("listbox", { name: "Listings" }).getByRole("option");
  const listingTitle = (await options.nth(1).textContent())!.trim();
  await options.nth(1).click();
  const amount = 100_000 + Math.floor(Math.random() * 800_000);
  const note = `Admin inbox check ${stamp()}`;
  await offer.getByLabel("Offer Amount (R)").fill(String(amount));
  await offer.getByLabel("Message (optional)").fill(note);
  await offer.getByRole("button", { name: "Submit Offer" }).click();
  await page.getByRole("dialog", { name: "Make an offer" }).getByRole("button", { name: "Send offer" }).click();
  await expect(page.getByText("Offer Submitted").first()).toBeVisible();
  const ownRow = page.getByRole("table").getByRole("row").filter({ hasText: randPattern(amount) });
  await expect(ownRow).toContainText("New");

  const admin = await adminPage(browser, "/admin/requests");
  const a = admin.page;
  const item = a.getByRole("listitem").filter({ hasText: note });
  await expect(item).toHaveCount(1);
  await expect(item.getByRole("heading", { name: "Offer" })).toBeVisible();
  await expect(item).toContainText(listingTitle);
  await expect(item).toContainText(buyer.fullName);
  await expect(item).toContainText(buyer.email);
  await expect(item).toContainText(randPattern(amount));
  await expect(item.getByTestId("request-status")).toHaveText("New");

  await item.getByRole("button", { name: "Mark Contacted" }).click();
  await expect(toast(a, "Request Updated")).toBeVisible();
  await expect(item.getByTestId("request-status")).toHaveText("Contacted");
  // The state map: from Contacted only Close is offered.
  await expect(item.getByRole("button", { name: "Mark Contacted" })).toHaveCount(0);
  await expect(item.getByRole("button", { name: "Close" })).toBeVisible();
  await admin.close();

  await gotoReady(page, "/notifications");
  await expect(page.getByText("Your offer request is now Contacted").first()).toBeVisible();
  await gotoReady(page, "/buyer-dashboard");
  await expect(page.getByRole("table").getByRole("row").filter({ hasText: randPattern(amount) })).toContainText("Contacted");
});

test("the admin tests the three e-mail functions on /email-test; the PDF lands in the dev mailbox", async ({ page }) => {
  test.setTimeout(180_000);
  await withSession(page, "admin");
  await gotoReady(page, "/email-test");
  await expect(page.getByRole("heading", { name: "Email Test", level: 1 })).toBeVisible();
  // The e2e server runs without SMTP: the page points at the dev mailbox.
  await expect(page.getByRole("link", { name: "dev mailbox" })).toHaveAttribute("href", "/admin/mailbox");

  const email = page.getByLabel("Email", { exact: true });
  const response = page.getByTestId("email-test-response");

  await email.fill("");
  await page.getByRole("button", { name: "Test Agreement PDF" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Email Required" }).first()).toBeVisible();
  await expect(page.getByText("Please enter your email address.").first()).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(response).toContainText('"ok": false');

  await email.fill("thandi@");
  await page.getByRole("button", { name: "Test Agreement PDF" }).click();
  await expect(page.getByText("Please enter a valid email address.").first()).toBeVisible();

  const to = uniqueEmail("email-test");
  await email.fill(to);
  await page.getByRole("button", { name: "Test Agreement PDF" }).click();
  await expect(toast(page, "Test Email Sent")).toBeVisible();
  await expect(response).toContainText('"function": "send-agreement-pdf"');
  const json = JSON.parse((await response.textContent())!) as Record<string, unknown>;
  expect(json).toMatchObject({ ok: true, function: "send-agreement-pdf", to, transport: "mailbox", status: "queued" });

  const mail = await readLatestEmail(to, /^Mandate to sign:/);
  expect(mail.id).toBe(json.outboxId);
  expect(mail.text).toContain("Please print it, sign it");
  const pdf = await page.request.get(`/admin/mailbox/${mail.id}/attachments/0`);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()["content-type"]).toContain("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString("latin1")).toBe("%PDF-");

  for (const [button, fn, subject] of [
    ["Test Agreement Confirmation", "send-agreement-confirmation", /^Mandate agreement signed:/],
    ["Test Listing Notification", "send-listing-notification", /^Your listing was approved:/],
  ] as const) {
    await page.getByRole("button", { name: button }).click();
    await expect(response).toContainText(`"function": "${fn}"`);
    await expect(response).toContainText('"ok": true');
    const sent = await readLatestEmail(to, subject);
    expect(sent.id).toBe((JSON.parse((await response.textContent())!) as { outboxId: string }).outboxId);
  }
});

test("/email-test works without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const a = demoUser("admin");
  const signIn = await context.request.post("/signin", {
    form: { intent: "signin", email: a.email, password: a.password },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const page = await context.newPage();
  await page.goto("/email-test");

  const email = page.getByLabel("Email", { exact: true });
  await email.fill("   ");
  await page.getByRole("button", { name: "Test Listing Notification" }).click();
  await expect(page).toHaveURL(/\/email-test$/);
  await expect(page.getByRole("alert").filter({ hasText: "Email Required" })).toBeVisible();

  const to = uniqueEmail("email-test-nojs");
  await page.getByLabel("Email", { exact: true }).fill(to);
  await page.getByRole("button", { name: "Test Listing Notification" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Test Email Sent" })).toBeVisible();
  await expect(page.getByTestId("email-test-response")).toContainText('"function": "send-listing-notification"');
  await expect(page.getByLabel("Email", { exact: true })).toHaveValue(to);
  await context.close();
});

test("only an admin posts to the inbox and the e-mail test: others are sent away", async () => {
  const posts = [
    ["/admin/messages", { intent: "mark-handled", messageId: "00000000-0000-4000-8000-000000000000" }],
    ["/admin/requests", { intent: "set-status", kind: "offer", requestId: "00000000-0000-4000-8000-000000000000", status: "contacted" }],
    ["/email-test", { intent: "send-agreement-pdf", email: "someone@example.test" }],
  ] as const;
  for (const persona of ["buyer", "seller", "visitor"] as const) {
    const client = await clientFor(persona);
    for (const [url, form] of posts) {
      const res = await client.post(url, { form, headers: { Origin: BASE_URL }, maxRedirects: 0 });
      expect([302, 303], `${persona} → ${url}`).toContain(res.status());
      expect(new URL(res.headers()["location"]!, BASE_URL).pathname).toBe(persona === "visitor" ? "/signin" : "/");
    }
  }
});
