/**
 * The account page in the browser (docs/product.md#your-account), on a phone with a laptop beside it: a
 * throwaway buyer finds "Account" in the menu, edits the profile (a bad phone is told on its field first),
 * changes the password (the laptop, signed in as the same user, is signed out; the phone stays in), sees
 * where they are signed in and signs out everywhere else, and changes the e-mail address, confirming it
 * from the dev mailbox (the current password is refused as the new one; the fields empty once it is
 * changed). A verified seller is warned, as soon as the name or company differs, that saving sends their
 * verification back to review, and told after saving that the badge came off. The page is looked at 360
 * and 1280 pixels wide.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { PDFDocument } from "pdf-lib";
import { expectFits } from "./support/fits.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, sessionPage, signInByRequest, uniqueEmail } from "./support/personas.ts";
import { stamp } from "./support/values.ts";

const SHOTS = process.env.ACCOUNT_SHOTS_DIR;

const look = (page: Page, name: string, part: Locator) => expectFits(page, name, part, { shotsDir: SHOTS });

async function onePagePdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

/** WCAG 2.2 AA, as accessibility.e2e.ts checks every page (the toaster left out: toasts fade in and out). */
async function expectNoViolations(page: Page, label: string) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .exclude("[data-sonner-toaster]")
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  expect(
    result.violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).join(" | ")}`),
    label,
  ).toEqual([]);
}

test("a user edits the profile, changes the password (other devices signed out), signs out everywhere else and changes the e-mail", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const user = await createConfirmedAccount({ role: "buyer", prefix: "account", fullName: "Thandi Mokoena" });
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  const laptop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signInByRequest(phone, user.email, user.password);
  await signInByRequest(laptop, user.email, user.password);

  // "Account" is in the phone's menu.
  await gotoReady(phone, "/buyer-catalog");
  await phone.getByRole("button", { name: "Open menu" }).click();
  await phone.locator("#mobile-menu").getByRole("link", { name: "Account" }).click();
  await expect(phone).toHaveURL(/\/account$/);
  await expect(phone.getByRole("heading", { name: "Your account", level: 1 })).toBeVisible();
  await expect(phone.getByText(`Signed in as ${user.email}`)).toBeVisible();
  await look(phone, "account", phone.locator("main"));
  await expectNoViolations(phone, "/account");

  // Profile: a phone number that is not one is told on its field; then the change is saved.
  const profile = phone.locator("section#profile");
  await profile.getByLabel("Phone number").fill("call me");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Please enter a valid phone number")).toBeVisible();
  await profile.getByLabel("Full name").fill("Thandi Mokoena-Dube");
  await profile.getByLabel("Phone number").fill("+27 82 555 0199");
  await profile.getByLabel("Company name (optional)").fill("Mokoena Civils");
  await profile.getByLabel("Website (optional)").fill("https://mokoena-civils.co.za");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(phone.getByText("Profile saved").first()).toBeVisible();
  await phone.reload();
  await expect(profile.getByLabel("Full name")).toHaveValue("Thandi Mokoena-Dube");
  await expect(profile.getByLabel("Company name (optional)")).toHaveValue("Mokoena Civils");

  // The phone (marked), the laptop, and the session the confirmation link opened.
  const sessions = phone.locator("section#sessions");
  await expect(sessions.getByRole("listitem")).toHaveCount(3);
  await expect(sessions.getByText("This device")).toHaveCount(1);
  await expect(sessions.getByRole("listitem").first()).toContainText("This device");

  // Change the password: the laptop is signed out, the phone stays in.
  const password = phone.locator("section#password");
  const NEW = "Grader-Blade-2027";
  await password.getByLabel("Current password").fill("not-my-password");
  await password.getByLabel("New password", { exact: true }).fill(NEW);
  await password.getByLabel("Confirm new password").fill(NEW);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("The current password you entered is incorrect.")).toBeVisible();
  await expectNoViolations(phone, "/account with a refused password");
  // The current password again as the new one: refused in the browser, before anything is sent.
  await password.getByLabel("Current password").fill(user.password);
  await password.getByLabel("New password", { exact: true }).fill(user.password);
  await password.getByLabel("Confirm new password").fill(user.password);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(password.getByText("Your new password must be different from your current one.")).toBeVisible();
  await password.getByLabel("Current password").fill(user.password);
  await password.getByLabel("New password", { exact: true }).fill(NEW);
  await password.getByLabel("Confirm new password").fill(NEW);
  await password.getByRole("button", { name: "Change password" }).click();
  await expect(phone.getByText("Password changed").first()).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  // Nothing typed stays on the page once it is changed.
  for (const label of ["Current password", "New password", "Confirm new password"]) {
    await expect(password.getByLabel(label, { exact: true })).toHaveValue("");
  }
  await gotoReady(phone, "/account");
  await expect(phone.getByRole("heading", { name: "Your account" })).toBeVisible();
  await gotoReady(laptop, "/account");
  await expect(laptop).toHaveURL(/\/signin\?redirectTo=%2Faccount/);
  await expect(laptop.getByText("Your session has ended").first()).toBeVisible();

  // The laptop signs in again with the new password; the phone signs it out from the sessions list.
  await signInByRequest(laptop, user.email, NEW);
  await gotoReady(laptop, "/account");
  await expect(laptop.getByRole("heading", { name: "Your account" })).toBeVisible();
  await look(laptop, "account-laptop", laptop.locator("section#sessions"));
  await gotoReady(phone, "/account");
  await expect(sessions.getByRole("listitem")).toHaveCount(2);
  await look(phone, "account-sessions", sessions);
  await sessions.getByRole("button", { name: "Sign out everywhere else" }).click();
  await expect(phone.getByText("Signed out everywhere else").first()).toBeVisible();
  await expect(sessions.getByRole("listitem")).toHaveCount(1);
  await gotoReady(laptop, "/account");
  await expect(laptop).toHaveURL(/\/signin/);

  // Change the e-mail address: nothing changes until the link sent to the new address is followed.
  const newEmail = uniqueEmail("account-moved");
  const email = phone.locator("section#email");
  await email.getByLabel("New e-mail address").fill(newEmail);
  await email.getByLabel("Current password").fill(NEW);
  await email.getByRole("button", { name: "Send confirmation link" }).click();
  await expect(
    phone.getByText(`We sent a link to ${newEmail}. Your e-mail stays ${user.email} until you confirm.`).first(),
  ).toBeVisible();
  await expect(phone.getByText(`Signed in as ${user.email}`)).toBeVisible();
  const mail = await readLatestEmail(newEmail, /Confirm your new/);
  await gotoReady(phone, linkIn(mail.text));
  await expect(phone).toHaveURL(/\/account\?email=changed$/);
  await expect(phone.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();
  await expect(phone.getByText(`Signed in as ${newEmail}`)).toBeVisible();
  await look(phone, "account-email-changed", phone.locator("main"));
  await expectNoViolations(phone, "/account?email=changed");

  // The desktop menu has "Account" next to who is signed in.
  await signInByRequest(laptop, newEmail, NEW);
  await gotoReady(laptop, "/buyer-catalog");
  await laptop.getByRole("button", { name: "Menu" }).click();
  const menu = laptop.getByRole("menu");
  await expect(menu.getByText("Signed in as")).toContainText("Thandi Mokoena-Dube");
  await menu.getByRole("menuitem", { name: "Account" }).click();
  await expect(laptop).toHaveURL(/\/account$/);
});

test("a verified seller is warned before a new name or company sends their verification back to review", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Sipho Dlamini ${stamp()}`;
  const seller = await createConfirmedAccount({ role: "seller", prefix: "account-rename", fullName: name });
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInByRequest(phone, seller.email, seller.password);
  // Verified: the identity document sent from the phone, verified by the admin.
  await gotoReady(phone, "/account/verification");
  const identity = phone.getByRole("form", { name: "Upload Identity document" });
  await identity.getByLabel(/Choose a file/).setInputFiles({
    name: "id.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Identity document"),
  });
  await identity.getByRole("button", { name: "Upload" }).click();
  await expect(phone.getByText("Document uploaded").first()).toBeVisible();
  await phone.getByRole("button", { name: "Send for verification" }).click();
  await expect(phone.getByText("Sent for verification").first()).toBeVisible();
  const admin = await sessionPage(browser, "admin", { viewport: { width: 1280, height: 800 } });
  await gotoReady(admin, "/admin/verifications");
  await admin
    .getByRole("listitem", { name })
    .getByRole("button", { name: `Verify ${name}` })
    .click();
  await expect(admin.getByText("Seller verified").first()).toBeVisible();
  await admin.context().close();

  await gotoReady(phone, "/account");
  const profile = phone.locator("section#profile");
  const notice = profile.getByText(
    "Changing your name or company sends your verification back to review; the Verified seller badge comes off until our team checks again.",
  );
  await expect(notice).toHaveCount(0);
  // The phone alone keeps the badge: no warning.
  await profile.getByLabel("Phone number").fill("082 555 0101");
  await expect(notice).toHaveCount(0);
  // A new name: warned at once, next to the fields; back to the saved one: the warning goes.
  await profile.getByLabel("Full name").fill(`${name} Jr`);
  await expect(notice).toBeVisible();
  await look(phone, "account-rename-warning", profile);
  await expectNoViolations(phone, "/account with the rename warning");
  await profile.getByLabel("Full name").fill(name);
  await expect(notice).toHaveCount(0);
  // A company: warned, saved, and told the badge came off.
  await profile.getByLabel("Company name (optional)").fill("Dlamini Earthworks");
  await expect(notice).toBeVisible();
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(
    phone.getByText(/Your Verified seller badge came off: .*waits for our team's review/).first(),
  ).toBeVisible();
  await expect(notice).toHaveCount(0);
  await gotoReady(phone, "/account/verification");
  await expect(
    phone.getByRole("region", { name: "Status" }).getByText("Waiting for review", { exact: true }),
  ).toBeVisible();
  // No longer verified: a further change warns no more.
  await gotoReady(phone, "/account");
  await profile.getByLabel("Full name").fill(`${name} Jr`);
  await expect(profile.getByRole("button", { name: "Save profile" })).toBeVisible();
  await expect(notice).toHaveCount(0);
  await phone.context().close();
});
