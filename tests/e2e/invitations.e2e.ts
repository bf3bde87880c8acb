import { expect, test, type Browser, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { demoUser, gotoReady, uniqueEmail, withSession } from "./support/personas.ts";

async function signInAsAdmin(page: Page) {
  await withSession(page, "admin");
}

async function invite(
  page: Page,
  input: { email: string; role: "buyer" | "seller"; fullName?: string; message?: string },
) {
  await gotoReady(page, "/admin/invitations");
  await page.getByLabel("Email address *").fill(input.email);
  if (input.fullName) await page.getByLabel("Full name (optional)").fill(input.fullName);
  await page.getByLabel("Role").selectOption(input.role);
  if (input.message) await page.getByLabel("Custom message (optional)").fill(input.message);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Invitation Sent").first()).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: input.email })).toContainText("Pending");
  const mail = await readLatestEmail(input.email, /invited to join/);
  return { mail, link: linkIn(mail.text) };
}

/** A dead invitation's page offers the ordinary ways in: Create Account and Sign In. */
async function expectWaysOn(page: Page) {
  await expect(page.getByRole("main").getByRole("link", { name: "Create Account" })).toHaveAttribute("href", "/signup");
  await expect(page.getByRole("main").getByRole("link", { name: "Sign In", exact: true })).toHaveAttribute(
    "href",
    "/signin",
  );
}

/** A fresh browser with nobody signed in (the invitee). */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ baseURL: BASE_URL });
  return { context, page: await context.newPage() };
}

test("on a phone the invitations are cards: the address wraps whole, the state beside it, nothing cut off", async ({
  page,
}) => {
  await signInAsAdmin(page);
  const email = uniqueEmail("invited-on-a-phone-with-a-long-address");
  await invite(page, { email, role: "buyer", fullName: "Naledi Phone" });
  await page.setViewportSize({ width: 360, height: 800 });
  const card = page.getByRole("list", { name: "Invitations" }).getByRole("listitem").filter({ hasText: email });
  await expect(card).toBeVisible();
  await expect(card.getByText("Pending")).toBeVisible();
  await expect(card).toContainText("Naledi Phone");
  await expect(card).toContainText(/buyer · sent/i);
  // The address keeps whole words' width: it is not broken one letter a line.
  const address = card.getByText(email, { exact: true });
  expect((await address.boundingBox())!.height).toBeLessThan(60);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(360);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

test("an admin invites a seller; the link signs them up once and lands on the seller dashboard", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("invited-seller");
  await signInAsAdmin(page);

  // The form's own checks.
  await gotoReady(page, "/admin/invitations");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Email address is required.").first()).toBeVisible();
  await page.getByLabel("Email address *").fill("not-an-address");
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("Please enter a valid email address.").first()).toBeVisible();

  const { mail, link } = await invite(page, {
    email,
    role: "seller",
    fullName: "Ingrid Invited",
    message: "Welcome to the crane desk",
  });
  expect(mail.text).toContain("Hello Ingrid Invited,");
  expect(mail.text).toContain("Welcome to the crane desk");
  expect(mail.text).toContain("as a seller");
  expect(link).toMatch(/\/signup\?invitation=[\w-]{43}$/);

  const invitee = await visitor(browser);
  const p = invitee.page;
  await gotoReady(p, link);
  await expect(p.getByRole("heading", { name: "Complete Your Invitation" })).toBeVisible();
  const emailField = p.getByLabel("Email *");
  await expect(emailField).toHaveValue(email);
  await expect(emailField).toHaveAttribute("readonly");
  await expect(p.getByLabel("Account Type *")).toHaveValue("Seller");
  await expect(p.getByLabel("Account Type *")).toHaveAttribute("readonly");
  await expect(p.getByLabel("Full Name *")).toHaveValue("Ingrid Invited");

  // The server compares the e-mail, whatever the browser posts.
  const tampered = await p.request.post(new URL(link).pathname + new URL(link).search, {
    form: {
      invitation: new URL(link).searchParams.get("invitation")!,
      email: uniqueEmail("someone-else"),
      role: "buyer",
      password: "Kudu-Grader-2026",
      confirmPassword: "Kudu-Grader-2026",
      fullName: "Someone Else",
      phone: "082 555 0000",
    },
    maxRedirects: 0,
  });
  expect(tampered.status()).toBe(400);
  expect(await tampered.text()).toMatch(/The email address doesn(&#x27;|')t match the invitation\./);

  await p.getByLabel("Password *", { exact: true }).fill("Kudu-Grader-2026");
  await p.getByLabel("Confirm Password *").fill("Kudu-Grader-2026");
  await p.getByLabel("Phone Number *").fill("082 555 4321");
  await p.getByLabel("Seller Type (optional)").selectOption("company");
  await p.getByRole("button", { name: "Create Account" }).click();
  await expect(p).toHaveURL(/\/seller-dashboard$/);
  await expect(p.getByRole("heading", { name: "Welcome, Ingrid Invited" })).toBeVisible();
  await invitee.context.close();

  // The same link again, from a fresh browser: used.
  const again = await visitor(browser);
  await gotoReady(again.page, link);
  await expect(again.page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(again.page.getByText("This invitation is invalid, expired, or has already been used.")).toBeVisible();
  await expectWaysOn(again.page);
  await again.context.close();

  await gotoReady(page, "/admin/invitations");
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Used");

  // Inviting an address that now has an account is refused.
  await page.getByLabel("Email address *").fill(email);
  await page.getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByText("This email is already registered.").first()).toBeVisible();
});

test("an invite link with token_hash and type=invite is verified, then /complete-signup creates the buyer", async ({
  page,
  browser,
}) => {
  const email = uniqueEmail("invited-buyer");
  await signInAsAdmin(page);
  const { link } = await invite(page, { email, role: "buyer" });
  const token = new URL(link).searchParams.get("invitation")!;

  const invitee = await visitor(browser);
  const p = invitee.page;
  await gotoReady(p, `/signup?token_hash=${token}&type=invite`);
  await expect(p.getByRole("heading", { name: "Invitation Verified!" })).toBeVisible();
  // Moves on by itself after 2 s.
  await expect(p).toHaveURL(/\/complete-signup\?invitation=/, { timeout: 20_000 });
  await expect(p.getByRole("heading", { name: "Complete Your Invitation" })).toBeVisible();
  await expect(p.getByLabel("Email *")).toHaveValue(email);
  await expect(p.getByLabel("Account Type *")).toHaveValue("Buyer");
  await p.locator("html[data-hydrated]").waitFor();
  await p.getByLabel("Password *", { exact: true }).fill("Kudu-Grader-2026");
  await p.getByLabel("Confirm Password *").fill("Kudu-Grader-2027");
  await expect(p.getByText("Passwords do not match")).toBeVisible();
  await p.getByLabel("Confirm Password *").fill("Kudu-Grader-2026");
  await p.getByLabel("Full Name *").fill("Bongani Buyer");
  await p.getByLabel("Phone Number *").fill("082 555 8765");
  await p.getByLabel("Company Name (optional)").fill("Bongani Plant Hire");
  // The commission is accepted here, so the invited buyer is complete at once.
  await p.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(p.getByText("You must accept the 2.5% buyer commission to proceed.").first()).toBeVisible();
  await p.getByLabel("I accept the 2.5% buyer commission on purchases").check();
  await p.getByRole("button", { name: "Complete Sign Up" }).click();
  await expect(p).toHaveURL(/\/buyer-catalog$/);
  await expect(p.getByRole("heading", { name: "Machinery Catalog" })).toBeVisible();
  await invitee.context.close();

  // Used now: verification fails, and /complete-signup sends a visitor to sign in.
  const again = await visitor(browser);
  await gotoReady(again.page, `/signup?token_hash=${token}&type=invite`);
  await expect(again.page.getByRole("heading", { name: "Invitation Verification Failed" })).toBeVisible();
  await expect(
    again.page.getByText("Failed to verify invitation. Please contact support or request a new invitation."),
  ).toBeVisible();
  await expectWaysOn(again.page);
  await gotoReady(again.page, `/complete-signup?invitation=${token}`);
  await expect(again.page).toHaveURL(/\/signin$/);
  await again.context.close();
});

test("/admin-auth-fix sends a password reset e-mail and lists troubleshooting steps", async ({ page }) => {
  const buyer = demoUser("buyer");
  await signInAsAdmin(page);
  await gotoReady(page, "/admin-auth-fix");
  await expect(page.getByRole("heading", { name: "Troubleshooting steps" })).toBeVisible();
  await expect(page.getByText(/spam or junk folder/)).toBeVisible();
  await expect(page.getByText(/expires after one hour and works once/)).toBeVisible();
  await expect(page.getByText(/Continue with Google/)).toBeVisible();

  await page.getByRole("button", { name: "Send Password Reset" }).click();
  await expect(page.getByText("Please enter your email address.").first()).toBeVisible();

  await page.getByLabel("User's email address").fill(uniqueEmail("nobody"));
  await page.getByRole("button", { name: "Send Password Reset" }).click();
  await expect(page.getByText("Failed to Send Reset").first()).toBeVisible();

  await page.getByLabel("User's email address").fill(buyer.email);
  await page.getByRole("button", { name: "Send Password Reset" }).click();
  await expect(page.getByText("Password Reset Sent").first()).toBeVisible();
  const mail = await readLatestEmail(buyer.email, /Reset your/);
  expect(linkIn(mail.text)).toMatch(/\/api\/auth\/reset-password\//);
});
