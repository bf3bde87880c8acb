/** Throwaway accounts made through the real sign-up form and confirmation e-mail. */
import { expect, type Page } from "@playwright/test";
import { linkIn, readLatestEmail } from "./mailbox.ts";
import { gotoReady } from "./personas.ts";

export const TEST_PASSWORD = "Kudu-Grader-2026";

export async function signUpThroughForm(
  page: Page,
  input: { email: string; name: string; role?: "buyer" | "seller"; password?: string },
) {
  const password = input.password ?? TEST_PASSWORD;
  await gotoReady(page, input.role === "seller" ? "/signup?role=seller" : "/signup");
  await page.getByLabel("Email *").fill(input.email);
  await page.getByLabel("Password *", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password *").fill(password);
  await page.getByLabel("Account Type *").selectOption(input.role ?? "buyer");
  await page.getByLabel("Full Name *").fill(input.name);
  await page.getByLabel("Phone Number *").fill("082 555 1234");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Account Created Successfully!").first()).toBeVisible();
}

/** Signs up, opens the confirmation link, and leaves the page signed out. */
export async function signUpAndConfirm(page: Page, input: { email: string; name: string; role?: "buyer" | "seller" }) {
  await signUpThroughForm(page, input);
  const mail = await readLatestEmail(input.email, /Confirm your/);
  await gotoReady(page, linkIn(mail.text));
  await expect(page.getByText("Email Confirmed!")).toBeVisible();
  await page.context().clearCookies();
}
