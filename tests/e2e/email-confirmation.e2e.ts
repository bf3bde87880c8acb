/**
 * The confirmation e-mail (spec §4 sign-up): the one resent when an
 * unconfirmed user tries to sign in lands on the same confirmation page as
 * the sign-up e-mail, and a link opened a second time says the address is
 * already confirmed rather than that something failed.
 */
import { expect, test } from "@playwright/test";
import { signUpThroughForm } from "./support/accounts.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, signInThroughForm, uniqueEmail } from "./support/personas.ts";

const PASSWORD = "Kudu-Grader-2026";

test("the e-mail resent on an unconfirmed sign-in confirms the account; opening it again says it is already confirmed", async ({ page, browser }) => {
  const email = uniqueEmail("resend");
  await signUpThroughForm(page, { email, name: "Resend Tester", password: PASSWORD });
  const first = await readLatestEmail(email, /Confirm your/);

  // Signing in before confirming is refused, and a fresh confirmation e-mail goes out.
  await signInThroughForm(page, email, PASSWORD);
  await expect(page.getByText("Please check your email and click the verification link before signing in.").first()).toBeVisible();
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
