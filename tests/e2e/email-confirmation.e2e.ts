/**
 * The confirmation e-mail (docs/product.md#roles-and-accounts): the one an unconfirmed user asks
 * for again on the sign-in page lands on the same confirmation page as the
 * sign-up e-mail, and a link opened a second time says the address is
 * already confirmed rather than that something failed.
 */
import { expect, test } from "@playwright/test";
import { signUpThroughForm } from "./support/accounts.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, signInThroughForm, uniqueEmail } from "./support/personas.ts";

const PASSWORD = "Kudu-Grader-2026";

test("the e-mail resent from an unconfirmed sign-in confirms the account; opening it again says it is already confirmed", async ({ page, browser }) => {
  const email = uniqueEmail("resend");
  await signUpThroughForm(page, { email, name: "Resend Tester", password: PASSWORD });
  const first = await readLatestEmail(email, /Confirm your/);

  // Signing in before confirming is refused; a fresh confirmation e-mail goes out only when asked for.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText("Please check your email and click the verification link before signing in.").first()).toBeVisible();
  expect((await readLatestEmail(email, /Confirm your/)).id).toBe(first.id);
  const resend = page.getByRole("button", { name: "Resend confirmation e-mail" });
  await expect(resend).toBeEnabled({ timeout: 20_000 });
  await resend.click();
  let resent = first;
  await expect
    .poll(async () => {
      resent = await readLatestEmail(email, /Confirm your/);
      return resent.id;
    })
    .not.toBe(first.id);
  const link = linkIn(resent.text);
  expect(new URL(link).searchParams.get("callbackURL")).toBe("/auth/callback?type=signup");

  await gotoReady(page, link);
  await expect(page.getByText("Email Confirmed!")).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/buyer-catalog$/);

  // The same link again, in another browser: already confirmed, please sign in.
  const other = await (await browser.newContext()).newPage();
  await gotoReady(other, link);
  await expect(other.getByText("Email Already Confirmed")).toBeVisible();
  await expect(other.getByText("Authentication Failed")).toHaveCount(0);
  await other.getByRole("link", { name: "Go to Sign In" }).click();
  await expect(other).toHaveURL(/\/signin/);
});

test("the confirmed page moves on by itself, but never after the user has gone elsewhere; without JavaScript it still moves on", async ({ page, browser }) => {
  const email = uniqueEmail("moves-on");
  await signUpThroughForm(page, { email, name: "Moves On", password: PASSWORD, role: "seller" });
  const link = linkIn((await readLatestEmail(email, /Confirm your/)).text);

  // Without JavaScript (another browser, the link's first use): the page forwards to the dashboard on its own.
  const noJs = await browser.newContext({ javaScriptEnabled: false });
  const plain = await noJs.newPage();
  await plain.goto(link);
  await expect(plain.getByText("Email Confirmed!")).toBeVisible();
  await expect(plain).toHaveURL(/\/seller-dashboard$/, { timeout: 20_000 });
  await noJs.close();

  // With JavaScript: Continue, then somewhere else; the pause that would have forwarded passes and nothing happens.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await gotoReady(page, "/auth/callback?type=signup");
  await expect(page.getByText("Email Confirmed!")).toBeVisible();
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.waitForTimeout(3_000); // longer than the confirmed page's 2 s pause
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
});

test("/auth/callback without a token says Invalid Link and moves on to sign in", async ({ page }) => {
  await gotoReady(page, "/auth/callback");
  await expect(page.getByText("Invalid Link")).toBeVisible();
  await expect(page.getByText("This confirmation link is invalid or has expired.")).toBeVisible();
  await expect(page).toHaveURL(/\/signin$/, { timeout: 20_000 });
});
