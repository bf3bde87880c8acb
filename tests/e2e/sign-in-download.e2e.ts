/**
 * A private file opened from a link while signed out (docs/product.md#roles-and-accounts): the sign-in
 * page says the file comes once they are signed in; after signing in the file downloads and the page
 * says they are signed in (never a blank page), with JavaScript and without. The page is looked at 360
 * and 1280 pixels wide.
 */
import { readFileSync } from "node:fs";
import { expect, test, type Download, type Page } from "@playwright/test";
import { strFromU8, unzipSync } from "fflate";
import { createConfirmedAccount } from "./support/accounts.ts";
import { expectFits } from "./support/fits.ts";
import { gotoReady, signInByRequest } from "./support/personas.ts";

const SHOTS = process.env.SIGNIN_SHOTS_DIR;

/** The ZIP a copy of one's data is: data.json with their e-mail. */
async function expectDataZip(file: Download, email: string) {
  expect(file.suggestedFilename()).toMatch(/^dealequip-data-\d{4}-\d\d-\d\d\.zip$/);
  const entries = unzipSync(new Uint8Array(readFileSync((await file.path())!)));
  const data = JSON.parse(strFromU8(entries["data.json"]!)) as { account: { email: string } };
  expect(data.account.email).toBe(email);
}

async function fillSignIn(page: Page, email: string, password: string) {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
}

test("a copy of one's data opened while signed out downloads once they sign in, with JavaScript and without", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "signin-download", fullName: "Sipho Dlamini" });

  // The copy is prepared while signed in; its link is what an old tab or a bookmark holds.
  const prepare = await (await browser.newContext()).newPage();
  await signInByRequest(prepare, buyer.email, buyer.password);
  await gotoReady(prepare, "/account/data");
  await prepare.getByRole("button", { name: "Prepare my data" }).click();
  const ready = prepare.getByRole("link", { name: "Download ZIP" });
  await expect(ready).toBeVisible({ timeout: 60_000 });
  const href = (await ready.getAttribute("href"))!;
  expect(href).toMatch(/^\/account\/data\/[0-9a-f-]{36}\/download$/);
  await prepare.context().close();

  // Signed out, on a phone: sign in first, and the page says the file comes then.
  const context = await browser.newContext({ viewport: { width: 360, height: 800 }, acceptDownloads: true });
  const page = await context.newPage();
  await gotoReady(page, href);
  expect(new URL(page.url()).pathname + new URL(page.url()).search).toBe(
    `/signin?redirectTo=${encodeURIComponent(href)}`,
  );
  await expect(
    page.getByText("Sign in to download this file. It downloads as soon as you are signed in."),
  ).toBeVisible();
  await expectFits(page, "signin-for-download", page.locator("main"), { shotsDir: SHOTS });
  await fillSignIn(page, buyer.email, buyer.password);
  const [file] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Sign In", exact: true }).click(),
  ]);
  await expectDataZip(file, buyer.email);
  // The page the browser stays on says what happened, and leads on.
  await expect(page.getByRole("heading", { name: "You are signed in", level: 1 })).toBeVisible();
  await expect(page.getByText("Your download starts by itself.")).toBeVisible();
  await expect(page.getByRole("link", { name: "download the file" })).toHaveAttribute("href", href);
  await expectFits(page, "signed-in-download", page.locator("main"), { shotsDir: SHOTS });
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/buyer-catalog$/);
  await context.close();

  // Without JavaScript: the form posts, the page that says so starts the download by itself.
  const plainContext = await browser.newContext({ javaScriptEnabled: false, acceptDownloads: true });
  const plain = await plainContext.newPage();
  await plain.goto(href);
  await expect(plain.getByText("Sign in to download this file.")).toBeVisible();
  await fillSignIn(plain, buyer.email, buyer.password);
  const [again] = await Promise.all([
    plain.waitForEvent("download"),
    plain.getByRole("button", { name: "Sign In", exact: true }).click(),
  ]);
  await expectDataZip(again, buyer.email);
  await expect(plain.getByRole("heading", { name: "You are signed in", level: 1 })).toBeVisible();
  await plainContext.close();
});
