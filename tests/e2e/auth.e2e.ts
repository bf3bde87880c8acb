import { expect, test, type Page } from "@playwright/test";
import { signUpThroughForm } from "./support/accounts.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { demoUser, gotoReady, signInThroughForm, uniqueEmail, withSession } from "./support/personas.ts";

function signUp(page: Page, input: { email: string; role: "buyer" | "seller"; password?: string; name?: string }) {
  return signUpThroughForm(page, { ...input, name: input.name ?? "Test Person" });
}

async function confirmEmail(page: Page, email: string) {
  const mail = await readLatestEmail(email, /Confirm your/);
  await gotoReady(page, linkIn(mail.text));
  await expect(page.getByText("Email Confirmed!")).toBeVisible();
}

test("a seller signs up with a company name, confirms by e-mail, signs in and lands on the seller dashboard", async ({
  page,
}) => {
  const email = uniqueEmail("seller");
  // A company seller names the company at sign-up (verification checks the registration against it).
  await signUpThroughForm(page, {
    email,
    role: "seller",
    name: "Sanele Seller",
    company: "Sanele Plant Hire (Pty) Ltd",
  });
  await confirmEmail(page, email);
  await page.getByRole("link", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Sanele Seller" })).toBeVisible();
  await gotoReady(page, "/account");
  await expect(page.getByLabel("Company name (optional)")).toHaveValue("Sanele Plant Hire (Pty) Ltd");

  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();

  await signInThroughForm(page, email, "Kudu-Grader-2026");
  await expect(page).toHaveURL(/\/seller-dashboard$/);
});

for (const viewport of [
  { width: 360, height: 800 },
  { width: 1280, height: 800 },
]) {
  test(`a buyer accepts the commission on the sign-up form, confirms, signs in and sees the full catalog at once (${viewport.width} px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    const email = uniqueEmail("buyer");
    // Without the commission the form says why, once, and nothing is created.
    await gotoReady(page, "/signup");
    await page.getByLabel("Email *").fill(email);
    await page.getByLabel("Password *", { exact: true }).fill("Kudu-Grader-2026");
    await page.getByLabel("Confirm Password *").fill("Kudu-Grader-2026");
    await page.getByLabel("Full Name *").fill("Bongani Buyer");
    await page.getByLabel("Phone Number *").fill("082 555 1234");
    await page.getByRole("button", { name: "Create Account" }).click();
    await expect(page.getByText("You must accept the 2.5% buyer commission to proceed.").first()).toBeVisible();
    await expect(page.getByLabel("I accept the 2.5% buyer commission on purchases")).toBeInViewport();

    await signUpThroughForm(page, { email, role: "buyer", name: "Bongani Buyer", company: "Bongani Earthworks" });
    await confirmEmail(page, email);
    await gotoReady(page, "/signout");
    await page.context().clearCookies();
    await signInThroughForm(page, email, "Kudu-Grader-2026");
    await expect(page).toHaveURL(/\/buyer-catalog$/);
    await expect(page.getByRole("heading", { name: "Machinery Catalog" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Complete Your Buyer Profile" })).toHaveCount(0);
    // What was given at sign-up is the buyer's profile.
    await gotoReady(page, "/buyer-dashboard");
    await expect(page.getByRole("button", { name: "Create Buyer Profile" })).toHaveCount(0);
  });
}

test("a buyer who opens the admin panel is sent home and told Unauthorized", async ({ page }) => {
  await withSession(page, "buyer");
  await gotoReady(page, "/admin/users");
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByText("You do not have permission to access this page.").first()).toBeVisible();
  await expect(page.getByText("Unauthorized").first()).toBeVisible();
});

test("a buyer who opens the seller dashboard is sent home and told why", async ({ page }) => {
  await withSession(page, "buyer");
  await gotoReady(page, "/seller-dashboard");
  await expect(page.getByText("This page is for seller accounts.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
});

test("the admin lands on the admin panel", async ({ page }) => {
  const admin = demoUser("admin");
  await signInThroughForm(page, admin.email, admin.password);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Admin Panel" })).toBeVisible();
});

test("a wrong password and an unknown e-mail get the same Invalid Credentials answer", async ({ page }) => {
  const seller = demoUser("seller");
  await signInThroughForm(page, seller.email, "not-the-password");
  await expect(
    page.getByRole("alert").filter({ hasText: "The email or password you entered is incorrect." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);

  await signInThroughForm(page, uniqueEmail("nobody"), "whatever1");
  await expect(
    page.getByRole("alert").filter({ hasText: "The email or password you entered is incorrect." }),
  ).toBeVisible();
});

test("sign-in before confirming the e-mail is refused with Email Not Verified", async ({ page }) => {
  const email = uniqueEmail("unverified");
  await signUp(page, { email, role: "buyer" });
  await signInThroughForm(page, email, "Kudu-Grader-2026");
  await expect(
    page
      .getByRole("alert")
      .filter({ hasText: "Please check your email and click the verification link before signing in." }),
  ).toBeVisible();
  await expect(page).toHaveURL(/\/signin/);
});

test("sign-up shows the spec's validation messages", async ({ page }) => {
  await gotoReady(page, "/signup");
  await page.getByLabel("Email *").fill(uniqueEmail("v"));
  await page.getByLabel("Password *", { exact: true }).fill("abc");
  await page.getByLabel("Confirm Password *").fill("abd");
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await page.getByLabel("Full Name *").fill("V");
  await page.getByLabel("Phone Number *").fill("0825551234");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Please ensure both password fields match.").first()).toBeVisible();
  // Said once under the field: the live hint gives way to the form's message.
  await expect(page.getByText("Passwords do not match")).toHaveCount(0);
  await page.getByLabel("Confirm Password *").fill("abc");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText("Password must be at least 8 characters long.").first()).toBeVisible();
  await page.getByLabel("Password *", { exact: true }).fill("Password123");
  await page.getByLabel("Confirm Password *").fill("Password123");
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(
    page.getByText("This password is too common and easy to guess. Please choose another.").first(),
  ).toBeVisible();

  // Posted straight to the server, past the browser's checks: refused the same way, and no account exists.
  const email = uniqueEmail("weak");
  const res = await page.request.post("/signup", {
    form: {
      email,
      password: "qwertyuiop",
      confirmPassword: "qwertyuiop",
      role: "buyer",
      fullName: "W",
      phone: "0825551234",
      commissionAccepted: "on",
    },
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("This password is too common and easy to guess. Please choose another.");
  await signInThroughForm(page, email, "qwertyuiop");
  await expect(page.getByText("The email or password you entered is incorrect.").first()).toBeVisible();
});

test("forgot password → e-mail → reset → sign in with the new password; the link works once", async ({ page }) => {
  const email = uniqueEmail("reset");
  await signUp(page, { email, role: "buyer" });
  await confirmEmail(page, email);
  await page.context().clearCookies();

  await gotoReady(page, "/signin");
  await page.getByRole("link", { name: "Forgot your password?" }).click();
  await expect(page.getByRole("button", { name: "Send Reset Email" })).toBeVisible();
  await page.getByLabel("Email").fill(email);
  await page.getByRole("button", { name: "Send Reset Email" }).click();
  await expect(page.getByText("Check your email for password reset instructions.").first()).toBeVisible();

  const mail = await readLatestEmail(email, /Reset your/);
  const link = linkIn(mail.text);
  await gotoReady(page, link);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel("New Password", { exact: true }).fill("newpass1");
  await page.getByLabel("Confirm New Password").fill("newpass2");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Please make sure both password fields match.").first()).toBeVisible();
  await page.getByLabel("Confirm New Password").fill("newpass1");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("Password Reset Successful").first()).toBeVisible();

  await signInThroughForm(page, email, "newpass1");
  await expect(page).toHaveURL(/\/buyer-catalog$/);

  await page.context().clearCookies();
  await gotoReady(page, link);
  await expect(page).toHaveURL(/\/signin/);
  await expect(page.getByText("Invalid Reset Link").first()).toBeVisible();
});

test("Continue with Google runs the OpenID code flow and asks a new user for a role", async ({ page }) => {
  const email = uniqueEmail("google");
  await gotoReady(page, "/signin");
  await page.getByRole("button", { name: "Continue with Google" }).click();
  // The local OpenID provider's own login and consent pages.
  await page.locator('input[name="login"]').fill(email);
  await page.locator('input[name="password"]').fill("any");
  await page.locator('button[type="submit"]').click();
  await page
    .locator('button[type="submit"]')
    .filter({ hasText: /continue/i })
    .click();
  await expect(page).toHaveURL(/\/select-role$/);
  await page.getByLabel("Account Type").selectOption("seller");
  await page.getByRole("button", { name: "Complete Setup" }).click();
  await expect(page).toHaveURL(/\/complete-profile$/);
  await page.getByLabel("Full Name").fill("Gugu Google");
  await page.getByRole("button", { name: "Complete Profile" }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await expect(page.getByRole("heading", { name: "Welcome, Gugu Google" })).toBeVisible();
});

test("a visitor opening /seller-dashboard signs in and comes back to it", async ({ page }) => {
  await gotoReady(page, "/seller-dashboard");
  await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fseller-dashboard$/);
  const seller = demoUser("seller");
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/seller-dashboard$/);
});

test("a buyer opening /admin or /seller-dashboard is sent home", async ({ page }) => {
  await withSession(page, "buyer");
  await gotoReady(page, "/admin");
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await gotoReady(page, "/seller-dashboard");
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test("an unknown page shows the 404 screen", async ({ page }) => {
  const res = await gotoReady(page, "/this/does/not/exist");
  expect(res?.status()).toBe(404);
  await expect(page.getByText("Oops! Page not found")).toBeVisible();
  await expect(page.getByRole("link", { name: /home/i }).first()).toBeVisible();
});
