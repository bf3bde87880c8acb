/**
 * "Download my data" and "Delete my account" in the browser, on a phone (360×800)
 * (docs/privacy.md): a new buyer prepares a copy of their data, the page shows it ready once the job
 * has made it (it looks again by itself), the ZIP downloads and holds data.json with their e-mail;
 * then they delete the account with their password and the phrase, are signed out on the home page
 * with the toast, and cannot sign in again. Both pages are looked at 360 and 1280 pixels wide.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { expectFits } from "./support/fits.ts";
import { strFromU8, unzipSync } from "fflate";
import { createConfirmedAccount } from "./support/accounts.ts";
import { gotoReady, signInByRequest, signInThroughForm } from "./support/personas.ts";

const SHOTS = process.env.PRIVACY_SHOTS_DIR;

const look = (page: Page, name: string, part: Locator) => expectFits(page, name, part, { shotsDir: SHOTS });

test("a buyer downloads a copy of their data, then deletes their account and cannot sign in again", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "privacy", fullName: "Lerato Mokoena" });
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await signInByRequest(page, buyer.email, buyer.password);

  // Prepare: the page says it is being prepared, then shows it ready without a reload.
  await gotoReady(page, "/account/data");
  await expect(page.getByRole("heading", { name: "Download my data", level: 1 })).toBeVisible();
  await expect(page.getByText("You have not asked for a copy yet.")).toBeVisible();
  await look(page, "account-data", page.getByRole("button", { name: "Prepare my data" }));
  await page.getByRole("button", { name: "Prepare my data" }).click();
  await expect(page.getByText("Preparing your data").first()).toBeVisible();
  const download = page.getByRole("link", { name: "Download ZIP" });
  await expect(download).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(/^ZIP file, .+\. Download it until .+\.$/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Prepare my data" })).toBeEnabled();
  await look(page, "account-data-ready", download);

  // The ZIP opens and holds data.json with their e-mail.
  const [file] = await Promise.all([page.waitForEvent("download"), download.click()]);
  expect(file.suggestedFilename()).toMatch(/^dealequip-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  expect(Object.keys(entries)).toEqual(expect.arrayContaining(["data.json", "README.txt"]));
  const data = JSON.parse(strFromU8(entries["data.json"]!)) as {
    account: { email: string; name: string };
    keys: object;
  };
  expect(data.account.email).toBe(buyer.email);
  expect(data.account.name).toBe("Lerato Mokoena");
  expect(Object.keys(data.keys).length).toBeGreaterThan(20);

  // Delete the account: the button waits for the exact phrase.
  await gotoReady(page, "/account/delete");
  await expect(page.getByRole("heading", { name: "Delete my account", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "What is kept" })).toBeVisible();
  const form = page.locator("form#delete-account");
  const confirm = form.getByRole("button", { name: "Delete my account" });
  await form.getByLabel("Your password").fill(buyer.password);
  const phraseField = form.getByLabel(/to confirm$/);
  await phraseField.fill(`delete ${buyer.email}`);
  await expect(confirm).toBeDisabled();
  // A phrase that cannot match says so, with the exact one expected, instead of a silent grey button.
  await expect(form.getByRole("status")).toContainText(`That does not match.`);
  await expect(form.getByRole("status")).toContainText(`"DELETE ${buyer.email}"`);
  await look(page, "account-delete", form);

  // A wrong password is refused on its field, and nothing is deleted.
  await form.getByLabel("Your password").fill("Not-my-password-1");
  await phraseField.fill(`DELETE ${buyer.email}`);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await expect(form.getByText("The password you entered is incorrect.")).toBeVisible();

  await form.getByLabel("Your password").fill(buyer.password);
  await expect(confirm).toBeEnabled();
  await confirm.click();
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByText("Account deleted").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  // Signed out for good: the pages ask to sign in, and the password no longer works.
  await page.goto("/account/data");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Faccount%2Fdata/);
  await signInThroughForm(page, buyer.email, buyer.password);
  await expect(page.getByText("The email or password you entered is incorrect.").first()).toBeVisible();
  await context.close();
});
