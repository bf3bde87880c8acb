/**
 * The legal pages and the footer in the browser: the footer ends every page (at 360 px and 1280 px) with
 * the company, the year and four links that work; it follows the content and the compare tray comes to rest
 * above it; /terms, /privacy and /about render readably on a phone, cached for visitors; every form that
 * creates an account says that creating it accepts the Terms of use and the Privacy policy, both linked (in
 * a new tab, so the form keeps what was typed). The privacy page says a copy of your data is for you alone.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { linkIn, readLatestEmail } from "./support/mailbox.ts";
import { gotoReady, googleUserWithoutProfile, uniqueEmail, withSession } from "./support/personas.ts";

const COMPANY = "DealEquip (Pty) Ltd";
const SENTENCE = "By creating an account you accept the Terms of use and the Privacy policy.";
const FOOTER_LINKS = [
  ["About", "/about", "About DealEquip"],
  ["Terms of use", "/terms", "Terms of use"],
  ["Privacy policy", "/privacy", "Privacy policy"],
  ["Contact", "/contact", "Contact Us"],
] as const;

/** A horizontal scroll, if the page has one. */
const sideways = (page: Page) =>
  page.evaluate(() => {
    const doc = document.documentElement;
    return doc.scrollWidth > doc.clientWidth + 1 ? `${doc.scrollWidth}px wide at ${doc.clientWidth}px` : null;
  });

/** The footer's box against the page's: it is the last thing on the page and nothing sits on top of it. */
const footerPlace = (page: Page) =>
  page.evaluate(() => {
    const footer = document.querySelector("footer")!.getBoundingClientRect();
    const main = document.querySelector("main")!.getBoundingClientRect();
    const pageBottom = document.documentElement.scrollHeight - window.scrollY;
    return {
      afterMain: footer.top >= main.bottom - 1,
      atEnd: Math.abs(footer.bottom - pageBottom) <= 1,
      position: getComputedStyle(document.querySelector("footer")!).position,
    };
  });

test("the footer ends every page at 360 and 1280 px, with the company, the year and working links", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const year = new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg", year: "numeric" }).format(
    new Date(),
  );
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/", "/equipment", "/parts", "/signup", "/contact", "/terms", "/no-such-page"]) {
      await gotoReady(page, path);
      const footer = page.getByRole("contentinfo");
      await expect(footer, `${path} @${width}`).toBeVisible();
      await expect(footer).toContainText(`© ${year} ${COMPANY}`);
      const nav = footer.getByRole("navigation", { name: "Footer" });
      for (const [label, href] of FOOTER_LINKS) {
        await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("href", href);
      }
      expect(await footerPlace(page), `${path} @${width}`).toEqual({
        afterMain: true,
        atEnd: true,
        position: "static",
      });
      expect(await sideways(page), `${path} @${width}`).toBeNull();
    }
    // Each link leads to its page.
    for (const [label, href, heading] of FOOTER_LINKS) {
      await gotoReady(page, "/equipment");
      await page.getByRole("contentinfo").getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${href}$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(heading);
    }
  }
});

test("the compare tray sticks to the screen while the list scrolls and comes to rest above the footer", async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoReady(page, "/equipment");
  await page
    .getByRole("list", { name: "Listings" })
    .getByRole("button", { name: /^Compare / })
    .first()
    .click();
  const tray = page.getByRole("region", { name: "Machines to compare" });
  await expect(tray).toBeVisible();
  // Mid-page: the tray at the foot of the screen, the footer still below it, out of sight.
  await page.evaluate(() => window.scrollTo(0, 600));
  const mid = await page.evaluate(() => ({
    tray: document.querySelector('section[aria-label="Machines to compare"]')!.getBoundingClientRect().bottom,
    footer: document.querySelector("footer")!.getBoundingClientRect().top,
    screen: window.innerHeight,
  }));
  expect(Math.round(mid.tray)).toBe(mid.screen);
  expect(mid.footer).toBeGreaterThan(mid.screen);
  // At the end: the tray rests after the list, above "Go back to Home" and the footer, covering neither.
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  const end = await page.evaluate(() => ({
    tray: document.querySelector('section[aria-label="Machines to compare"]')!.getBoundingClientRect().bottom,
    home: document.querySelector('nav[aria-label="Back to home"]')!.getBoundingClientRect().top,
    footer: document.querySelector("footer")!.getBoundingClientRect().top,
  }));
  expect(end.tray).toBeLessThanOrEqual(end.home + 1);
  expect(end.tray).toBeLessThanOrEqual(end.footer + 1);
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Terms of use" })).toBeInViewport();
});

test("/terms, /privacy and /about render for everyone, readable on a phone, cached for visitors", async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 800 });

  const terms = await gotoReady(page, "/terms");
  expect(terms?.status()).toBe(200);
  expect(terms?.headers()["cache-control"]).toBe("public, max-age=3600");
  await expect(page).toHaveTitle("Terms of use | DealEquip");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Terms of use");
  await expect(page.getByText("Last updated: 26 November 2026")).toBeVisible();
  const termsText = await page.locator("article").innerText();
  for (const words of [
    "90 days",
    "2.5% from each side",
    "97.5%",
    "approved by our team before it is public",
    "stolen plant",
    "Verified seller",
    "South Africa",
  ]) {
    expect(termsText, words).toContain(words);
  }
  expect(await sideways(page)).toBeNull();
  // The contents list jumps to its section.
  await page.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "Commission" }).click();
  await expect(page).toHaveURL(/#commission$/);
  await expect(page.getByRole("heading", { name: /Commission/, level: 2 })).toBeInViewport();

  const privacy = await gotoReady(page, "/privacy");
  expect(privacy?.status()).toBe(200);
  await expect(page).toHaveTitle("Privacy policy | DealEquip");
  const privacyText = await page.locator("article").innerText();
  for (const words of [
    COMPANY,
    "25 Commissioner Street",
    "Information Officer",
    "privacy@dealequip.co.za",
    "5 years after the sale",
    "24 hours",
    "30 days",
    "Download my data",
    "can be downloaded by you alone, not by our team",
  ]) {
    expect(privacyText, words).toContain(words);
  }
  expect(privacyText).not.toContain("data exports are private files that only their owner and our team can open");
  await expect(page.getByRole("link", { name: "inforegulator.org.za" })).toHaveAttribute(
    "href",
    "https://inforegulator.org.za",
  );
  await expect(page.getByRole("link", { name: "Download my data" })).toHaveAttribute("href", "/account/data");
  await expect(page.getByRole("link", { name: "delete your account" })).toHaveAttribute("href", "/account/delete");
  expect(await sideways(page)).toBeNull();

  const about = await gotoReady(page, "/about");
  expect(about?.status()).toBe(200);
  await expect(page).toHaveTitle("About us | DealEquip");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("About DealEquip");
  expect(await sideways(page)).toBeNull();
});

test("every sign-up form says that creating the account accepts the terms, with both linked", async ({
  browser,
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoReady(page, "/signup");
  const sentence = page.getByText(SENTENCE);
  await expect(sentence).toBeVisible();
  // Under the form's button, inside the form: no checkbox, the sentence is the acceptance.
  const form = page.locator("form#signup-form");
  await expect(form.getByText(SENTENCE)).toBeVisible();
  await expect(form.getByRole("checkbox", { name: /terms/i })).toHaveCount(0);
  await expect(sentence.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
  // Both open in a new tab (and say so to screen readers): the form keeps what was typed.
  await page.locator("html[data-hydrated]").waitFor();
  await form.getByLabel("Full Name *").fill("Lerato Kept");
  for (const [name, heading] of [
    ["Terms of use", "Terms of use"],
    ["Privacy policy", "Privacy policy"],
  ] as const) {
    const link = sentence.getByRole("link", { name: `${name} (opens in a new tab)` });
    await expect(link).toHaveAttribute("target", "_blank");
    await expect(link).toHaveAttribute("rel", "noopener");
    const [tab] = await Promise.all([page.context().waitForEvent("page"), link.click()]);
    await tab.waitForLoadState();
    expect(new URL(tab.url()).pathname).toBe(name === "Terms of use" ? "/terms" : "/privacy");
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText(heading);
    await tab.close();
  }
  await expect(page).toHaveURL(/\/signup/);
  await expect(form.getByLabel("Full Name *")).toHaveValue("Lerato Kept");

  // A Google account choosing its type.
  const google = await googleUserWithoutProfile();
  const context = await browser.newContext({ baseURL: BASE_URL, viewport: { width: 360, height: 800 } });
  await context.addCookies(
    google.cookie.split("; ").map((pair) => {
      const at = pair.indexOf("=");
      return { name: pair.slice(0, at), value: pair.slice(at + 1), url: BASE_URL };
    }),
  );
  const googlePage = await context.newPage();
  await gotoReady(googlePage, "/select-role");
  const choice = googlePage.getByText(SENTENCE);
  await expect(choice).toBeVisible();
  await expect(choice.getByRole("link", { name: "Terms of use" })).toHaveAttribute("href", "/terms");
  await expect(choice.getByRole("link", { name: "Privacy policy" })).toHaveAttribute("href", "/privacy");
  await context.close();

  // An invitation's form.
  const admin = await browser.newContext({ baseURL: BASE_URL });
  const adminPage = await admin.newPage();
  await withSession(adminPage, "admin");
  const email = uniqueEmail("invited-terms");
  await gotoReady(adminPage, "/admin/invitations");
  await adminPage.getByLabel("Email address *").fill(email);
  await adminPage.getByLabel("Role").selectOption("buyer");
  await adminPage.getByRole("button", { name: "Send Invitation" }).click();
  await expect(adminPage.getByText("Invitation Sent").first()).toBeVisible();
  const link = linkIn((await readLatestEmail(email, /invited to join/)).text);
  await admin.close();
  await gotoReady(page, new URL(link).pathname + new URL(link).search);
  const invited = page.locator("form#invitation-signup-form").getByText(SENTENCE);
  await expect(invited).toBeVisible();
  await expect(invited.getByRole("link", { name: "Terms of use" })).toHaveAttribute("href", "/terms");
});

test("the legal pages and a seller's page have no WCAG 2.2 AA violations, at 360 and 1280 px", async ({ page }) => {
  await gotoReady(page, "/parts");
  const listing = (await page.getByRole("link", { name: "View Details" }).first().getAttribute("href"))!;
  await gotoReady(page, listing);
  const seller = (await page.locator('a[href^="/sellers/"]').first().getAttribute("href"))!;
  const found: Record<string, string[]> = {};
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of ["/terms", "/privacy", "/about", seller, listing]) {
      await gotoReady(page, path);
      const result = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
        .exclude("[data-sonner-toaster]")
        .options({ iframes: false })
        .setLegacyMode(true)
        .analyze();
      const v = result.violations.map(
        (x) =>
          `${x.id}: ${x.help} — ${x.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 3)
            .join(" | ")}`,
      );
      if (v.length) found[`${path} @${width}`] = v;
    }
  }
  expect(found).toEqual({});
});
