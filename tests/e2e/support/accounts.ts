/** Throwaway accounts made through the real sign-up form and confirmation e-mail. */
import { expect, type Page } from "@playwright/test";
import { BASE_URL } from "../../../playwright.config.ts";
import { linkIn, readLatestEmail, signedInAdmin } from "./mailbox.ts";
import { gotoReady, uniqueEmail } from "./steps.ts";

export const TEST_PASSWORD = "Kudu-Grader-2026";

export async function signUpThroughForm(
  page: Page,
  input: { email: string; name: string; role?: "buyer" | "seller"; password?: string; company?: string; acceptCommission?: boolean },
) {
  const password = input.password ?? TEST_PASSWORD;
  await gotoReady(page, input.role === "seller" ? "/signup?role=seller" : "/signup");
  await page.getByLabel("Email *").fill(input.email);
  await page.getByLabel("Password *", { exact: true }).fill(password);
  await page.getByLabel("Confirm Password *").fill(password);
  await page.getByLabel("Account Type *").selectOption(input.role ?? "buyer");
  await page.getByLabel("Full Name *").fill(input.name);
  await page.getByLabel("Phone Number *").fill("082 555 1234");
  if (input.company) await page.getByLabel("Company Name (optional)").fill(input.company);
  // A buyer accepts the 2.5% commission on the form itself.
  if ((input.role ?? "buyer") === "buyer" && input.acceptCommission !== false) {
    await page.getByLabel("I accept the 2.5% buyer commission on purchases").check();
  }
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

/**
 * A buyer without a complete profile (a Google sign-up, an older account)
 * accepts the 2.5% commission on the buyer dashboard before the full
 * catalogue and requests open (the form keeps the name and company given).
 */
export async function completeBuyerProfile(page: Page) {
  await gotoReady(page, "/buyer-dashboard");
  await page.getByLabel("I accept the 2.5% buyer commission on purchases").check();
  await page.getByRole("button", { name: "Create Buyer Profile" }).click();
  await expect(page.getByText("Profile Created").first()).toBeVisible();
}

/** Signs up through the real /signup action (no browser); the account is not confirmed yet. */
export async function createAccount(input: { role: "buyer" | "seller"; prefix?: string; fullName?: string }) {
  const email = uniqueEmail(input.prefix ?? input.role);
  const fullName = input.fullName ?? `Matrix ${input.role}`;
  const res = await fetch(new URL("/signup", BASE_URL), {
    method: "POST",
    redirect: "manual",
    headers: { Origin: BASE_URL },
    body: new URLSearchParams({
      email,
      password: TEST_PASSWORD,
      confirmPassword: TEST_PASSWORD,
      role: input.role,
      fullName,
      phone: "082 555 1234",
      ...(input.role === "buyer" ? { commissionAccepted: "on" } : {}),
    }),
  });
  expect(res.status, `sign-up of ${email}`).toBe(200);
  return { email, password: TEST_PASSWORD, fullName, role: input.role, userId: await userIdOf(email) };
}

/** Signs up and opens the confirmation link from the dev mailbox (no browser). */
export async function createConfirmedAccount(input: { role: "buyer" | "seller"; prefix?: string; fullName?: string }) {
  const account = await createAccount(input);
  const mail = await readLatestEmail(account.email, /Confirm your/);
  const res = await fetch(linkIn(mail.text), { redirect: "manual" });
  expect(res.status, "the confirmation link").toBeLessThan(400);
  return account;
}

/** A user's id, as the admin's user search shows it. */
export async function userIdOf(email: string) {
  const admin = await signedInAdmin();
  const html = await (await admin.get(`/admin/users?q=${encodeURIComponent(email)}`)).text();
  const id = /href="\/admin\/users\/([^"?]+)"/.exec(html)?.[1];
  expect(id, `user id of ${email}`).toBeTruthy();
  return decodeURIComponent(id!);
}
