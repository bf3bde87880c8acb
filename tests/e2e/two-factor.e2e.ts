/**
 * Two-factor sign-in in the browser. An admin (a throwaway account made admin by the demo admin,
 * so the demo admin other tests sign in as is left alone) turns it on from /account/two-factor,
 * signs out, and signs in again with the password and a code computed here (RFC 6238, as the phone
 * would), with a backup code typed in lower case, and with "Continue with Google" (which asks for
 * a code too); a code that signed in once is refused the second time. The backup codes can be
 * downloaded and copied. On a second server with ADMIN_TWO_FACTOR=required, an admin without it who
 * opens /admin is sent to set it up and reaches no admin page until they do. The code and setup
 * pages at 360×800; the codes and "Delete my account" (which asks for a code) at 360 and 1280.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { BASE_URL, E2E_PORT } from "../../playwright.config.ts";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";
import { authenticatorApp, totp, wrongTotp } from "../unit/totp.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { signedInAdmin } from "./support/mailbox.ts";
import { expectFits } from "./support/fits.ts";
import { ADMIN_PAGES, signInThroughForm } from "./support/personas.ts";
import { gotoReady } from "./support/steps.ts";

const PHONE = { width: 360, height: 800 };
const SHOTS = process.env.TWO_FACTOR_SHOTS_DIR;

/** Nothing sticks out sideways at this width (the page scrolls only down). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * Turns two-factor sign-in on from the page (signed in already); returns the key, the authenticator
 * app (which gives each step's code once, as the site accepts it once) and the backup codes.
 */
async function turnOnTwoFactor(page: Page, password: string, path = "/account/two-factor") {
  await gotoReady(page, path);
  await expect(page.getByTestId("two-factor-status")).toHaveText("Off");
  await page.getByLabel("Your password").fill(password);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByTestId("two-factor-qr")).toBeVisible();
  await expectNoSidewaysScroll(page);
  const secret = (await page.getByTestId("two-factor-secret").textContent())!.replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32,}$/);
  // A wrong code is refused, clearly, and nothing changes.
  await page
    .getByLabel("Code from the app")
    .fill(String((Number(totp(secret)) + 500_000) % 1_000_000).padStart(6, "0"));
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByText("That code is not right.").first()).toBeVisible();
  const app = authenticatorApp(secret);
  await page.getByLabel("Code from the app").fill(await app.next());
  await page.getByRole("button", { name: "Turn On" }).click();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in is on" })).toBeVisible();
  const backupCodes = (await page.getByTestId("backup-codes").locator("li").allTextContents()).map((c) => c.trim());
  expect(backupCodes).toHaveLength(10);
  return { secret, app, backupCodes };
}

test("an admin turns two-factor on, then signs in with a code (once only), with a backup code, and through Google with a code", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A throwaway admin: signed up, confirmed, made admin by the demo admin.
  const account = await createConfirmedAccount({ role: "seller", prefix: "tfa-admin", fullName: "Two Factor Admin" });
  const grant = await (
    await signedInAdmin()
  ).post(`/admin/users/${encodeURIComponent(account.userId)}`, {
    form: { intent: "grant-admin" },
    headers: { Origin: BASE_URL },
  });
  expect(grant.status()).toBe(200);

  const context = await browser.newContext({ viewport: PHONE });
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const page = await context.newPage();
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/admin$/);

  const { secret, app, backupCodes } = await turnOnTwoFactor(page, account.password);
  // The codes as a text file, and on the clipboard.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download codes" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("dealequip-backup-codes.txt");
  const file = readFileSync(await download.path(), "utf8");
  expect(file).toContain(account.email);
  for (const code of backupCodes) expect(file).toContain(`\n${code}\n`);
  await page.getByRole("button", { name: "Copy codes" }).click();
  await expect(page.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(file);
  await expectFits(page, "two-factor-backup-codes", page.getByTestId("backup-codes"), { shotsDir: SHOTS });
  // The current session stays.
  await gotoReady(page, "/admin");
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();

  // Signed out, in again: the password alone is not enough.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await gotoReady(page, "/admin/users");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin%2Fusers$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/signin\/two-factor\?redirectTo=%2Fadmin%2Fusers$/);
  await page.locator("html[data-hydrated]").waitFor();
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.getByLabel("Authentication code").fill(wrongTotp(secret));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right.").first()).toBeVisible();
  const signedInWith = await app.next();
  await page.getByLabel("Authentication code").fill(signedInWith);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin\/users$/);

  // The same code again is refused; a backup code instead, typed in lower case with a space.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await signInThroughForm(page, account.email, account.password);
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  await page.locator("html[data-hydrated]").waitFor();
  await page.getByLabel("Authentication code").fill(signedInWith);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code was already used. Wait for the next one.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await expect(page).toHaveURL(/\/signin\/two-factor\?backup=1$/);
  await page.getByLabel("Backup code").fill(backupCodes[0]!.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  // The page says the code is used up and how many are left.
  await expect(
    page.getByText("That code is used up: 9 backup codes are left.", { exact: false }).first(),
  ).toBeVisible();
  await gotoReady(page, "/account/two-factor");
  await expect(page.getByText("9 backup codes left.")).toBeVisible();

  // "Continue with Google" for the same address (the provider links it): the code is asked as well.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await gotoReady(page, "/signin");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  await page.locator('input[name="login"]').fill(account.email);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page
    .locator('button[type="submit"]')
    .filter({ hasText: /continue/i })
    .click();
  await expect(page).toHaveURL(/\/signin\/two-factor$/);
  // Not signed in yet: Google's answer alone opens nothing.
  const early = await page.request.get("/admin", { maxRedirects: 0 });
  expect(early.status()).toBe(302);
  expect(early.headers()["location"]).toBe("/signin?redirectTo=%2Fadmin");
  await page.locator("html[data-hydrated]").waitFor();
  // (A backup code, as typed from the downloaded file: a new code from the app could mean waiting for the next step.)
  await page.getByRole("link", { name: "Use a backup code instead" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[1]!);
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/admin$/);

  // Deleting the account would take a code too (not done here): the field, and what to type, before submitting.
  await gotoReady(page, "/account/delete");
  await expect(page.getByLabel("Code from your authenticator app, or a backup code")).toBeVisible();
  await expect(
    page.getByText(
      'Type DELETE in capital letters, one space, then your e-mail address, e.g. "DELETE you@example.com".',
    ),
  ).toBeVisible();
  await expectFits(page, "account-delete-two-factor", page.locator("main form"), { shotsDir: SHOTS });
  await context.close();
});

test.describe("on a server where admins must use two-factor sign-in", () => {
  const PORT = E2E_PORT + 31;
  let app: AppServer;
  let database: ThrowawayDatabase | undefined;
  test.describe.configure({ mode: "serial", timeout: 240_000 });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    // On PostgreSQL where there is one (it starts faster than a new embedded database), else embedded.
    if (process.env.TEST_POSTGRES_URL) database = await createThrowawayDatabase({ prefix: "mm_e2e" });
    app = await startAppServer({
      port: PORT,
      seed: true,
      databaseUrl: database?.url,
      env: { ADMIN_TWO_FACTOR: "required" },
    });
  });
  test.afterAll(async () => {
    await app?.stop();
    await database?.drop();
  });

  test("an admin without it who opens /admin is sent to set it up, and opens no admin page until they do", async ({
    browser,
  }) => {
    expect(app.output()).toContain("two-factor sign-in required (ADMIN_TWO_FACTOR=required)");
    const admin = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    const context = await browser.newContext({ viewport: PHONE, baseURL: `http://localhost:${PORT}` });
    const page = await context.newPage();
    await gotoReady(page, "/admin");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fadmin$/);
    await page.getByLabel("Email").fill(admin.email);
    await page.getByLabel("Password").fill(DEMO_ACCOUNTS.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/account\/two-factor\?required=1&redirectTo=%2Fadmin$/);
    await expect(page.getByTestId("two-factor-required")).toContainText(
      "Admin pages on this site need two-factor sign-in.",
    );
    await expect(page.getByText("Two-factor authentication required").first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // No admin page opens: each sends back here, with the way back kept.
    for (const path of ADMIN_PAGES) {
      await gotoReady(page, path);
      await expect(page, path).toHaveURL(
        new RegExp(`/account/two-factor\\?required=1&redirectTo=${encodeURIComponent(path)}$`),
      );
    }
    // Nor does an admin action.
    const attempt = await page.request.post("/admin-auth-fix", {
      form: { email: "buyer1@demo.machinery.co.za" },
      headers: { Origin: `http://localhost:${PORT}` },
      maxRedirects: 0,
    });
    expect(attempt.status()).toBe(302);
    expect(attempt.headers()["location"]).toContain("/account/two-factor?required=1");

    // Set up: then the admin pages open, and it cannot be turned off.
    const { app: authenticator } = await turnOnTwoFactor(
      page,
      DEMO_ACCOUNTS.password,
      "/account/two-factor?required=1&redirectTo=%2Fadmin%2Fusers",
    );
    await page.getByRole("link", { name: "Continue", exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
    await gotoReady(page, "/account/two-factor");
    await expect(
      page.getByText("Admins on this site must use two-factor sign-in, so it cannot be turned off"),
    ).toBeVisible();
    await expect(page.getByRole("button", { name: "Turn Off Two-Factor" })).toHaveCount(0);

    // And signing in from now on asks for the code.
    await page.getByRole("button", { name: "Logout" }).click();
    await signInThroughForm(page, admin.email, DEMO_ACCOUNTS.password);
    await expect(page).toHaveURL(/\/signin\/two-factor$/);
    await page.getByLabel("Authentication code").fill(await authenticator.next());
    await page.getByRole("button", { name: "Verify" }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await context.close();
  });
});
