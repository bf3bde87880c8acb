/**
 * The admin's Users section (docs/product.md#forms, #messages): search,
 * details, and deleting a throwaway user who then cannot sign in — with
 * JavaScript (the dialog) and without (the plain form, checked by the server).
 */
import { expect, test, type Browser, type Page } from "@playwright/test";
import { signUpAndConfirm, TEST_PASSWORD } from "./support/accounts.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { demoUser, gotoReady, sessionPage, signInThroughForm, uniqueEmail } from "./support/personas.ts";

const PASSWORD = TEST_PASSWORD;

/** The demo admin's page, open on `path`. */
async function adminPage(browser: Browser, path = "/admin") {
  const page = await sessionPage(browser, "admin");
  await gotoReady(page, path);
  return page;
}

/** The value shown next to a label in the user-details list. */
function detail(page: Page, label: string) {
  return page
    .locator("dl[aria-label='User details'] dt")
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator("xpath=following-sibling::dd[1]");
}

async function expectCannotSignIn(page: Page, email: string) {
  await signInThroughForm(page, email, PASSWORD);
  await expect(
    page.getByRole("alert").filter({ hasText: "The email or password you entered is incorrect." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
}

test("the admin searches a user by e-mail, opens the details and sees every field", async ({ browser }) => {
  const page = await adminPage(browser);
  const buyer = demoUser("buyer");
  await page.getByRole("link", { name: "Users", exact: true }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await page.getByLabel("Search users by name or e-mail").fill(buyer.email.toUpperCase());
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=/);
  const rows = page.getByRole("table").getByRole("row");
  await expect(rows).toHaveCount(2); // the header and the one match
  await expect(rows.nth(1)).toContainText(buyer.email);
  await expect(rows.nth(1)).toContainText("buyer");

  await rows.nth(1).getByRole("link", { name: buyer.fullName }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await expect(page.getByRole("heading", { name: buyer.fullName })).toBeVisible();
  await expect(detail(page, "Full name")).toHaveText(buyer.fullName);
  await expect(detail(page, "E-mail")).toHaveText(buyer.email);
  await expect(detail(page, "User ID")).toHaveText(page.url().split("/").pop()!);
  await expect(detail(page, "Registered")).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4}/);
  await expect(detail(page, "Role")).toHaveText("Buyer");
  await expect(detail(page, "Phone")).not.toHaveText("Not provided");
  await expect(detail(page, "Company")).toHaveText("Dlamini Civils (Pty) Ltd");
  await expect(detail(page, "Website")).toHaveText("Not provided");
  await expect(detail(page, "Admin")).toHaveText("No");
  await expect(detail(page, "Seller approval")).toHaveText("Not approved");
  await expect(detail(page, "Seller type")).toHaveText("Not a seller");
  await expect(detail(page, "E-mail verified")).toHaveText("Yes");
  await expect(detail(page, "Seller verified")).toHaveText("Not a seller");
  await expect(detail(page, "Verification documents")).toHaveText("Not a seller");
  await expect(detail(page, "Commission accepted")).toHaveText("Yes");
  await expect(detail(page, "Listings")).toHaveText("0");
  await expect(detail(page, "Transactions")).toHaveText(/^\d+$/);

  await page.getByRole("button", { name: "Get E-mail" }).click();
  await expect(page.getByRole("status").getByRole("link", { name: buyer.email })).toHaveAttribute(
    "href",
    `mailto:${buyer.email}`,
  );

  // The admin's own page: admin since-date and notes, and no way to delete themselves.
  await gotoReady(page, `/admin/users?q=${encodeURIComponent(demoUser("admin").email)}`);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(detail(page, "Admin")).toHaveText(/^Yes, since /);
  await expect(detail(page, "Admin notes")).toHaveText("Demo administrator");
  await expect(page.getByText("You cannot delete your own account.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete User" })).toHaveCount(0);
});

test("the admin sends a password reset e-mail from the user's page", async ({ browser }) => {
  const email = uniqueEmail("reset-by-admin");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "Reset Me" });

  const page = await adminPage(browser, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Reset Me" }).click();
  await page.getByRole("button", { name: "Send Password Reset" }).click();
  await expect(page.getByText("Password Reset Sent").first()).toBeVisible();
  const mail = await readLatestEmail(email, /Reset your/);
  expect(linkIn(mail.text)).toContain("/reset-password");
});

test("the admin deletes a throwaway user: confirm stays disabled until the exact phrase; they can no longer sign in", async ({
  browser,
}) => {
  const email = uniqueEmail("doomed");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "Doomed Buyer" });

  const page = await adminPage(browser, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Doomed Buyer" }).click();
  await expect(detail(page, "E-mail")).toHaveText(email);

  await page.getByRole("button", { name: "Delete User" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete this user?" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`DELETE ${email}`, { exact: true })).toBeVisible();
  const phrase = dialog.getByLabel(/to confirm/);
  const confirm = dialog.getByRole("button", { name: "Delete User" });
  await expect(confirm).toBeDisabled();
  for (const wrong of [
    `delete ${email}`,
    `DELETE ${email.toUpperCase()}`,
    `DELETE ${email} `,
    `DELETE  ${email}`,
    email,
  ]) {
    await phrase.fill(wrong);
    await expect(confirm).toBeDisabled();
  }
  await phrase.fill(`DELETE ${email}`);
  await expect(confirm).toBeEnabled();
  await confirm.click();

  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect(page.getByText("User Deleted").first()).toBeVisible();
  await gotoReady(page, `/admin/users?q=${encodeURIComponent(email)}`);
  await expect(page.getByText(`No users match "${email}".`)).toBeVisible();

  await expectCannotSignIn(user, email);
});

test("without JavaScript the plain form deletes too, and the server refuses a wrong phrase", async ({ browser }) => {
  const email = uniqueEmail("doomed-nojs");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "No Script Buyer" });

  const context = await browser.newContext({ javaScriptEnabled: false });
  const admin = demoUser("admin");
  const signIn = await context.request.post("/signin", {
    form: { intent: "signin", email: admin.email, password: admin.password },
    maxRedirects: 0,
  });
  expect(signIn.status()).toBe(302);
  const page = await context.newPage();
  await page.goto(`/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "No Script Buyer" }).click();
  const userUrl = page.url();

  const phrase = page.getByLabel(/to confirm/);
  await phrase.fill(`delete ${email}`);
  await page.getByRole("button", { name: "Delete User" }).click();
  await expect(page.getByText("Invalid confirmation: Please type the exact confirmation text.").first()).toBeVisible();
  await page.goto(userUrl);
  await expect(detail(page, "E-mail")).toHaveText(email);

  await page.getByLabel(/to confirm/).fill(`DELETE ${email}`);
  await page.getByRole("button", { name: "Delete User" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  // The address changes as soon as the new document starts; it streams in after that. Read it whole.
  await page.waitForLoadState("load");
  // The redirect's toast is rendered for no-JS browsers inside <noscript>, which Playwright does not lay out.
  expect(await page.content()).toContain("User Deleted");
  expect((await page.goto(userUrl))?.status()).toBe(404);

  await expectCannotSignIn(user, email);
});

test("deletion refuses a cross-site post and a wrong phrase sent straight to the server", async ({ browser }) => {
  const email = uniqueEmail("doomed-api");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "Api Buyer" });

  const page = await adminPage(browser, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: "Api Buyer" }).click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  const url = new URL(page.url());
  const cross = await page.request.post(url.pathname, {
    form: { intent: "delete", confirmation: `DELETE ${email}` },
    headers: { Origin: "https://evil.example" },
    maxRedirects: 0,
  });
  // Refused before the action runs (React Router's own origin check, or ours).
  expect([400, 403]).toContain(cross.status());
  const wrong = await page.request.post(url.pathname, {
    form: { intent: "delete", confirmation: `DELETE ${email.toUpperCase()}` },
    headers: { Origin: url.origin },
    maxRedirects: 0,
  });
  expect(wrong.status()).toBe(400);
  await gotoReady(page, url.pathname);
  await expect(detail(page, "E-mail")).toHaveText(email);
});
