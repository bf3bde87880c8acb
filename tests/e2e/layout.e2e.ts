/**
 * Layout: every page, as each role sees it, at 360 px (a small
 * phone) and 1280 px (a laptop) has no horizontal scroll. With
 * LAYOUT_SCREENSHOTS=1 a full-page screenshot of each is kept under
 * test-results/layout/ for a look. The
 * header keeps one row, and "Go back to Home" covers no control or heading
 * at the top, middle or bottom of any page.
 */
import { expect, test, type Page } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { publishListing } from "./support/listings.ts";
import { ADMIN_PAGES, firstListingPath, gotoReady, sessionPage } from "./support/personas.ts";

const WIDTHS = [360, 1280];
/** LAYOUT_SCREENSHOTS=1 keeps a full-page screenshot of every page checked (test-results/layout/) for a look. */
const SCREENSHOTS = process.env.LAYOUT_SCREENSHOTS === "1";

async function overflowing(page: Page) {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const width = doc.clientWidth;
    const wide = [...document.querySelectorAll("body *")]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        // Inside a horizontally scrolling box (tables, tab strips) is fine.
        let p = el.parentElement;
        while (p) {
          const o = getComputedStyle(p).overflowX;
          if (o === "auto" || o === "scroll" || o === "hidden") return false;
          p = p.parentElement;
        }
        // Off to the left (visually hidden fields) makes no scroll; sticking out on the right does.
        return r.width > 0 && style.position !== "fixed" && r.left >= 0 && r.right > width + 1;
      })
      .slice(0, 3)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 3).join(".")} (${Math.round(el.getBoundingClientRect().right)}px)`,
      );
    return { scroll: doc.scrollWidth > width + 1 ? `${doc.scrollWidth}px wide at ${width}px` : null, wide };
  });
}

/**
 * What the "Go back to Home" link covers at the current scroll position: every
 * visible control or heading its box intersects (none, wherever it is docked).
 */
async function coveredByHomeLink(page: Page) {
  return page.evaluate(() => {
    const home = document.querySelector('nav[aria-label="Back to home"] a');
    if (!home) return [];
    const h = home.getBoundingClientRect();
    const selector = "a, button, input, select, textarea, summary, label, [role=button], [role=link], [role=tab], [role=combobox], h1, h2, h3, h4, h5, h6";
    return [...document.querySelectorAll(selector)]
      .filter((el) => el !== home && !el.contains(home) && !home.contains(el))
      .filter((el) => !el.closest("[data-sonner-toaster]"))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        // Inside a closed <details> an element still has a box, but is not shown.
        if (r.width === 0 || r.height === 0 || !el.checkVisibility({ visibilityProperty: true, opacityProperty: true })) return false;
        return r.left < h.right && h.left < r.right && r.top < h.bottom && h.top < r.bottom;
      })
      .slice(0, 3)
      .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
  });
}

/** The header's logo, account buttons and menu toggle share one row (a phone included). */
async function headerRows(page: Page) {
  return page.evaluate(() => {
    const row = document.querySelector("header > div");
    if (!row) return 0;
    return new Set([...row.children].map((c) => Math.round(c.getBoundingClientRect().top / 8))).size;
  });
}

async function check(page: Page, label: string, paths: string[]) {
  const problems: Record<string, unknown> = {};
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    for (const path of paths) {
      await gotoReady(page, path);
      const o = await overflowing(page);
      if (SCREENSHOTS) {
        await page.screenshot({
          path: `test-results/layout/${label}${path.replace(/[^a-z0-9]+/gi, "_")}-${width}.png`,
          fullPage: true,
        });
      }
      if (o.scroll || o.wide.length) problems[`${path} @${width}`] = o;
      const rows = await headerRows(page);
      if (rows !== 1) problems[`${path} @${width} header`] = `${rows} rows`;
      for (const at of ["top", "middle", "bottom"] as const) {
        await page.evaluate((where) => {
          const end = document.documentElement.scrollHeight - window.innerHeight;
          window.scrollTo(0, where === "top" ? 0 : where === "middle" ? end / 2 : end);
        }, at);
        const covered = await coveredByHomeLink(page);
        if (covered.length) problems[`${path} @${width} ${at}: Go back to Home covers`] = covered;
      }
    }
  }
  expect(problems).toEqual({});
}

test("visitor pages fit 360 px and 1280 px", async ({ page }) => {
  test.setTimeout(180_000);
  await gotoReady(page, "/equipment");
  // A visitor's "View Details" goes through sign-in; the listing page itself is public.
  const details = (await page.getByRole("link", { name: "View Details" }).first().getAttribute("href")) ?? "";
  const listing = decodeURIComponent(/redirectTo=([^&]+)/.exec(details)?.[1] ?? "/");
  await check(page, "visitor", [
    "/",
    "/equipment",
    "/parts",
    listing,
    "/signin",
    "/signup",
    "/contact",
    "/no-such-page",
  ]);
});

test("buyer pages fit 360 px and 1280 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await sessionPage(browser, "buyer");
  const listing = await firstListingPath(page, "/buyer-catalog");
  await check(page, "buyer", [
    "/buyer-catalog",
    listing,
    "/watchlist",
    "/saved-searches",
    "/buyer-dashboard",
    "/feedback",
    "/notifications",
  ]);
});

test("the buyer dashboard's request tabs stay on one line on a phone, none cut off", async ({ browser }) => {
  const page = await sessionPage(browser, "buyer");
  await page.setViewportSize({ width: 360, height: 800 });
  await gotoReady(page, "/buyer-dashboard");
  const strip = page.getByRole("navigation", { name: "Request type" });
  const tabs = strip.getByRole("link");
  const tops = await tabs.evaluateAll((links) => links.map((l) => Math.round(l.getBoundingClientRect().top)));
  expect(tops).toHaveLength(3);
  expect(new Set(tops).size).toBe(1);
  // All three whole inside the strip, "Get Quote" included, without scrolling it.
  const box = (await strip.boundingBox())!;
  const rights = await tabs.evaluateAll((links) => links.map((l) => l.getBoundingClientRect().right));
  expect(Math.max(...rights)).toBeLessThanOrEqual(box.x + box.width);
  expect(await strip.evaluate((n) => n.scrollWidth - n.clientWidth)).toBe(0);
  for (const name of ["Make Offer", "Request Viewing", "Get Quote"]) {
    const tab = strip.getByRole("link", { name });
    expect(await tab.evaluate((n) => n.scrollWidth - n.clientWidth), name).toBeLessThanOrEqual(0);
  }
});

test("Go back to Home sits in its own space at the end of the page, labelled, at both widths", async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 800 });
    await gotoReady(page, "/contact");
    const home = page.getByRole("link", { name: "Go back to Home" });
    await expect(home).toHaveText("Go back to Home");
    // After the page's content, in the flow: it scrolls with the page instead of floating over it.
    const after = await home.evaluate((link) => {
      const main = document.querySelector("main")!;
      return {
        position: getComputedStyle(link.closest("nav")!).position,
        below: link.getBoundingClientRect().top >= main.getBoundingClientRect().bottom,
      };
    });
    expect(after).toEqual({ position: "static", below: true });
    await home.click();
    await expect(page).toHaveURL(/\/$/);
  }
});

test("seller pages fit 360 px and 1280 px", async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await sessionPage(browser, "seller");
  await check(page, "seller", ["/seller-dashboard", "/seller/create", "/notifications"]);
});

test("admin pages fit 360 px and 1280 px", async ({ browser }) => {
  test.setTimeout(240_000);
  const page = await sessionPage(browser, "admin");
  await check(page, "admin", ADMIN_PAGES);
});

test("a very long word in a title, description, message or reason wraps instead of widening any page", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const stamp = Date.now().toString(36);
  const word = (n: number) => `Loooong${stamp}${"o".repeat(n)}`;
  const listingId = await publishListing({
    title: `${word(100)}`.slice(0, 120),
    description: `See ${word(400)} and https://example.co.za/${"a/".repeat(150)}`,
  });
  // The seller writes to the admin; the admin bans someone with a long reason.
  const seller = await sessionPage(browser, "seller");
  const sent = await seller.request.post("/seller-dashboard", {
    headers: { Origin: BASE_URL },
    form: { intent: "contact-admin", subject: word(100), message: word(3000) },
    maxRedirects: 0,
  });
  expect(sent.status()).toBeLessThan(400);
  const banned = await createConfirmedAccount({ role: "buyer", prefix: "longreason" });
  const admin = await sessionPage(browser, "admin");
  const ban = await admin.request.post(`/admin/users/${banned.userId}`, {
    headers: { Origin: BASE_URL },
    form: { intent: "ban", reason: word(480) },
  });
  expect(ban.status()).toBe(200);

  const visitor = await (await browser.newContext()).newPage();
  await check(visitor, "long-visitor", [`/equipment?q=${stamp}`, `/listing/${listingId}`]);
  const buyer = await sessionPage(browser, "buyer");
  await check(buyer, "long-buyer", [`/buyer-catalog?q=${stamp}`, `/listing/${listingId}`]);
  await check(seller, "long-seller", ["/seller-dashboard"]);
  // The audit log shows the ban and its reason.
  await check(admin, "long-admin", ["/admin?status=all", "/notifications", `/admin/users/${banned.userId}`, "/admin/audit"]);
});

test("admin listing photos keep their 4:3 shape beside a tall card", async ({ browser }) => {
  const admin = await sessionPage(browser, "admin");
  for (const width of WIDTHS) {
    await admin.setViewportSize({ width, height: 800 });
    await gotoReady(admin, "/admin?status=all");
    const ratios = await admin
      .getByRole("main")
      .locator("article img, li img")
      .evaluateAll((imgs) =>
        imgs.map((i) => i.getBoundingClientRect()).map((r) => Math.round((r.width / r.height) * 100) / 100),
      );
    expect(ratios.length).toBeGreaterThan(0);
    for (const r of ratios) expect(Math.abs(r - 4 / 3), `${width}px: ratio ${r}`).toBeLessThan(0.02);
  }
});

test("on a 360×800 phone the first machine starts within the first screen of the catalogue", async ({ browser }) => {
  const visitor = await browser.newPage({ viewport: { width: 360, height: 800 } });
  const buyer = await sessionPage(browser, "buyer");
  await buyer.setViewportSize({ width: 360, height: 800 });
  for (const [page, path] of [
    [visitor, "/equipment"],
    [visitor, "/parts"],
    [buyer, "/buyer-catalog"],
  ] as const) {
    await gotoReady(page, path);
    const first = page.locator("main article").first();
    await expect(first).toBeVisible();
    const top = await first.evaluate((card) => card.getBoundingClientRect().top);
    expect(top, path).toBeLessThan(800);
  }
});
