/**
 * Account access from the admin's user page: a ban signs the user
 * out on their open page at once and stops them signing in, with a clear
 * message; lifting it lets them back; making someone admin signs them out so
 * they come back with the new rights. Logging out ends the server session.
 */
import { expect, test, type Browser } from "@playwright/test";
import { signUpAndConfirm, TEST_PASSWORD } from "./support/accounts.ts";
import { demoUser, gotoReady, signedIn, signInThroughForm, uniqueEmail } from "./support/personas.ts";

async function adminOn(browser: Browser, email: string) {
  const page = await signedIn(browser, "admin");
  await expect(page).toHaveURL(/\/admin$/);
  await gotoReady(page, `/admin/users?q=${encodeURIComponent(email)}`);
  await page.getByRole("table").getByRole("link").first().click();
  await expect(page).toHaveURL(/\/admin\/users\/[^/?]+$/);
  await page.locator("html[data-hydrated]").waitFor();
  return page;
}

test("a ban signs the user out at once and stops sign-in; lifting it lets them back in", async ({ browser }) => {
  const email = uniqueEmail("ban");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "Banned Bheki" });
  await signInThroughForm(user, email, TEST_PASSWORD);
  await expect(user).toHaveURL(/\/buyer-catalog$/);

  const admin = await adminOn(browser, email);
  await admin.getByLabel("Reason (optional)").fill("Spam enquiries");
  await admin.getByRole("button", { name: "Ban User" }).click();
  await expect(admin.getByText("is banned and was signed out everywhere.").first()).toBeVisible();
  await expect(admin.getByText("Banned: Spam enquiries. The user cannot sign in.")).toBeVisible();

  // The user's very next request is signed out.
  await gotoReady(user, "/watchlist");
  await expect(user).toHaveURL(/\/signin\?redirectTo=%2Fwatchlist/);
  await expect(user.getByText("Your session has ended. Please sign in again.").first()).toBeVisible();
  // Said once: the dead cookie is gone, so the next guarded page just asks to sign in.
  await gotoReady(user, "/buyer-dashboard");
  await expect(user).toHaveURL(/\/signin\?redirectTo=%2Fbuyer-dashboard/);
  await expect(user.getByText("Your session has ended. Please sign in again.")).toHaveCount(0);
  await signInThroughForm(user, email, TEST_PASSWORD);
  await expect(user.getByText("Your account has been suspended.").first()).toBeVisible();
  await expect(user).toHaveURL(/\/signin/);

  await admin.getByRole("button", { name: "Lift Ban" }).click();
  await expect(admin.getByText("can sign in again.").first()).toBeVisible();
  await signInThroughForm(user, email, TEST_PASSWORD);
  await expect(user).toHaveURL(/\/buyer-catalog$/);
});

test("making a user admin signs them out; they come back to the admin panel; removing it takes it away", async ({
  browser,
}) => {
  const email = uniqueEmail("deputy");
  const user = await (await browser.newContext()).newPage();
  await signUpAndConfirm(user, { email, name: "Deputy Dineo" });
  await signInThroughForm(user, email, TEST_PASSWORD);
  await expect(user).toHaveURL(/\/buyer-catalog$/);

  const admin = await adminOn(browser, email);
  await admin.getByRole("button", { name: "Make Admin" }).click();
  await expect(admin.getByText("is now an admin and must sign in again.").first()).toBeVisible();
  await gotoReady(user, "/admin");
  await expect(user).toHaveURL(/\/signin\?redirectTo=%2Fadmin/);
  await signInThroughForm(user, email, TEST_PASSWORD);
  await expect(user).toHaveURL(/\/admin$/);
  await expect(user.getByRole("heading", { name: "Admin Panel" })).toBeVisible();

  await admin.getByRole("button", { name: "Remove Admin Access" }).click();
  await expect(admin.getByText("is no longer an admin").first()).toBeVisible();
  await gotoReady(user, "/admin");
  await expect(user).toHaveURL(/\/signin/);
});

test("logging out ends the session on the server: the old cookie no longer signs anyone in", async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const buyer = demoUser("buyer");
  await signInThroughForm(page, buyer.email, buyer.password);
  await expect(page).toHaveURL(/\/buyer-catalog$/);
  const cookies = await context.cookies();
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);

  // Someone who copied the cookie before the logout gets nothing with it.
  const thief = await browser.newContext();
  await thief.addCookies(cookies);
  const res = await thief.request.get("/watchlist", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  expect(res.headers()["location"]).toMatch(/^\/signin/);
});
