/**
 * The link that confirms a new e-mail address, opened in a browser that is signed out
 * (docs/product.md#your-account): it lands on the sign-in page, which says the address changed and to
 * sign in with it; signing in with the new address opens the account page. The old address is told of
 * the change. The same link again, or a made-up one, says the link is invalid or already used and what
 * to do. The page is looked at 360 and 1280 pixels wide.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { expectFits } from "./support/fits.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, signInByRequest, uniqueEmail } from "./support/personas.ts";

const SHOTS = process.env.EMAIL_CHANGE_SHOTS_DIR;

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

/** A browser of its own, signed out, phone-sized. */
async function signedOutPhone(page: Page) {
  const browser = page.context().browser()!;
  return (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
}

test("the confirmation link opened signed out says the address changed; the old address is told; the link does not work twice", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const user = await createConfirmedAccount({ role: "buyer", prefix: "email-change", fullName: "Naledi Khumalo" });
  const newEmail = uniqueEmail("email-change-new");

  // Asked for on /account, signed in.
  await signInByRequest(page, user.email, user.password);
  const asked = await page.request.post("/account", {
    form: { intent: "change-email", newEmail, currentPassword: user.password },
    headers: { Origin: BASE_URL },
    maxRedirects: 0,
  });
  expect(asked.status()).toBe(302);
  const link = linkIn((await readLatestEmail(newEmail, /Confirm your new/)).text);

  // Opened on a phone that is signed out: the sign-in page says so.
  const phone = await signedOutPhone(page);
  await gotoReady(phone, link);
  await expect(phone).toHaveURL(/\/signin\?redirectTo=/);
  const changed = phone.getByRole("status").filter({ hasText: "E-mail address changed" });
  await expect(changed).toContainText(
    "Your e-mail address is now the new address this link was sent to. Sign in with it.",
  );
  await expectFits(phone, "signin-email-changed", phone.locator("main"), { shotsDir: SHOTS });
  await expectNoViolations(phone, "/signin after an e-mail change");

  // The old address was told, with the new address and how to reach us.
  const notice = await readLatestEmail(user.email, /e-mail address was changed/);
  expect(notice.text).toContain(`was changed to ${newEmail}`);
  expect(notice.text).toContain("If this was not you, contact us straight away at");

  // Signing in with the new address opens the account page, which names it.
  await phone.getByLabel("Email").fill(newEmail);
  await phone.getByLabel("Password").fill(user.password);
  await phone.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(phone).toHaveURL(/\/account\?email=changed$/);
  await expect(phone.getByText(`Your e-mail address is now ${newEmail}.`)).toBeVisible();

  // The same link again, signed out: invalid or already used, and what to do.
  const again = await signedOutPhone(page);
  await gotoReady(again, link);
  await expect(again).toHaveURL(/\/signin\?redirectTo=/);
  const refused = again.getByRole("alert").filter({ hasText: "Link invalid or already used" });
  await expect(refused).toContainText("If you confirmed the new address before, sign in with it.");
  await expect(refused).toContainText("ask for a new link on your account page");
  await expect(again.getByRole("status").filter({ hasText: "E-mail address changed" })).toHaveCount(0);
  await expectFits(again, "signin-email-link-invalid", again.locator("main"), { shotsDir: SHOTS });
  await expectNoViolations(again, "/signin after a used e-mail change link");

  // A made-up link: the same.
  const madeUp = new URL(link);
  madeUp.searchParams.set("token", "not-a-real-token");
  await gotoReady(again, madeUp.toString());
  await expect(again.getByRole("alert").filter({ hasText: "Link invalid or already used" })).toBeVisible();
});
