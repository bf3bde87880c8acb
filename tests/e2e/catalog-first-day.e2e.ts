import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { createConfirmedAccount } from "./support/accounts.ts";
import { demoUser, gotoReady, sessionPage, signedIn } from "./support/personas.ts";

const WIDTHS = [360, 1280] as const;

async function atWidth(page: Page, width: number) {
  await page.setViewportSize({ width, height: 800 });
}

/** Nothing on the page scrolls sideways. */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

const cards = (page: Page) => page.getByRole("list", { name: "Listings" }).getByRole("article");

/** The path of the listing a catalogue card links to. */
async function listingPathOf(card: Locator) {
  const href = await card.getByRole("link", { name: "View Details" }).getAttribute("href");
  const path = decodeURIComponent(href ?? "").replace(/^\/signin\?redirectTo=/, "");
  expect(path).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
  return path;
}

/** WCAG 2.2 AA violations on the page (as the accessibility suite checks them). */
async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .options({ iframes: false })
    .setLegacyMode(true)
    .analyze();
  return result.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(" | ")}`,
  );
}

/**
 * Clicks a heart and waits for the server's answer to the save or removal: a
 * page load while it is on its way would cancel it.
 */
async function clickHeart(page: Page, heart: Locator) {
  const answered = page.waitForResponse((r) => r.url().includes("/api/favourites") && r.request().method() === "POST");
  await heart.click();
  await answered;
}

async function onWatchlist(page: Page, listingPath: string) {
  await gotoReady(page, "/watchlist");
  return page.getByRole("list", { name: "Saved listings" }).locator(`a[href="${listingPath}"]`).count();
}

test("a seller and the admin see the machines under Complete Your Buyer Profile, whose button explains buyer accounts", async ({
  browser,
}) => {
  for (const role of ["seller", "admin"] as const) {
    const page = await sessionPage(browser, role);
    for (const width of WIDTHS) {
      await atWidth(page, width);
      await gotoReady(page, "/buyer-catalog");
      await expect(page.getByRole("heading", { name: "Complete Your Buyer Profile" })).toBeVisible();
      await expect(cards(page).first()).toBeVisible();
      expect(await cards(page).count()).toBeGreaterThan(1);
      const firstTop = (await cards(page).first().boundingBox())!.y;
      expect(firstTop, `${role} at ${width}: the first machine starts on the first screen`).toBeLessThan(800);
      await expectNoSidewaysScroll(page);
      if (role === "seller" && width === 360) expect(await axeViolations(page)).toEqual([]);
      await expect(page.getByText("Buying needs a buyer account: yours is for selling")).toBeVisible();
      await page.getByRole("link", { name: "How to buy" }).click();
      await expect(page).toHaveURL(/\/account-types\?need=buyer$/);
      await expect(page.getByRole("heading", { level: 1, name: "Buying needs a buyer account" })).toBeVisible();
      await expect(page.getByText("One e-mail address holds one kind of account")).toBeVisible();
      await expect(page.getByRole("button", { name: "Sign out and create a buyer account" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back to your dashboard" })).toHaveAttribute(
        "href",
        role === "seller" ? "/seller-dashboard" : "/admin",
      );
      await expectNoSidewaysScroll(page);
      if (role === "seller" && width === 360) expect(await axeViolations(page)).toEqual([]);
    }
    await page.context().close();
  }
});

test("the explanation page signs a seller out and opens a buyer sign-up; a visitor just gets the links", async ({
  browser,
}) => {
  for (const width of WIDTHS) {
    const page = await signedIn(browser, "seller");
    await atWidth(page, width);
    await gotoReady(page, "/account-types?need=buyer");
    await page.getByRole("button", { name: "Sign out and create a buyer account" }).click();
    await expect(page).toHaveURL(/\/signup\?role=buyer$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeAttached();
    // Signed out for real: the seller's dashboard now asks to sign in.
    await gotoReady(page, "/seller-dashboard");
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Fseller-dashboard/);

    await gotoReady(page, "/account-types?need=seller");
    await expect(page.getByRole("heading", { level: 1, name: "Selling needs a seller account" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Create a seller account" })).toHaveAttribute(
      "href",
      "/signup?role=seller",
    );
    await expect(page.getByRole("button", { name: /Sign out/ })).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await page.context().close();
  }
});

test("Start Selling Equipment explains seller accounts to a buyer and still opens a seller's dashboard", async ({
  browser,
}) => {
  const buyer = await sessionPage(browser, "buyer");
  const seller = await sessionPage(browser, "seller");
  for (const width of WIDTHS) {
    await atWidth(buyer, width);
    await gotoReady(buyer, "/");
    await buyer.getByRole("link", { name: "Start Selling Equipment" }).click();
    await expect(buyer).toHaveURL(/\/account-types\?need=seller$/);
    await expect(buyer.getByRole("heading", { level: 1, name: "Selling needs a seller account" })).toBeVisible();
    await expect(buyer.getByRole("button", { name: "Sign out and create a seller account" })).toBeVisible();
    await expect(buyer.getByText("Not Available")).toHaveCount(0);
    await expectNoSidewaysScroll(buyer);

    await atWidth(seller, width);
    await gotoReady(seller, "/");
    await seller.getByRole("link", { name: "Start Selling Equipment" }).click();
    await expect(seller).toHaveURL(/\/seller-dashboard$/);
  }
  await buyer.context().close();
  await seller.context().close();
});

test("a buyer saves and removes a machine with the heart on a catalogue card and on the listing page", async ({
  browser,
}) => {
  const page = await sessionPage(browser, "buyer");
  for (const [i, width] of WIDTHS.entries()) {
    await atWidth(page, width);
    // On a card (a different machine at each width, so the two rounds do not meet).
    await gotoReady(page, "/buyer-catalog");
    await expect(page.getByRole("heading", { name: "Complete Your Buyer Profile" })).toHaveCount(0);
    const card = cards(page).nth(i + 2);
    const title = (await card.getByRole("heading").innerText()).trim();
    const path = await listingPathOf(card);
    const heart = card.getByRole("button", { name: new RegExp(`(Save|Remove) .* watchlist`) });
    if ((await heart.getAttribute("aria-pressed")) === "true") {
      await clickHeart(page, heart);
      await expect(heart).toHaveAttribute("aria-pressed", "false");
    }
    await clickHeart(page, card.getByRole("button", { name: `Save ${title} to watchlist` }));
    await expect(card.getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect.poll(() => onWatchlist(page, path)).toBe(1);
    await gotoReady(page, "/buyer-catalog");
    await clickHeart(
      page,
      cards(page)
        .nth(i + 2)
        .getByRole("button", { name: `Remove ${title} from watchlist` }),
    );
    await expect(
      cards(page)
        .nth(i + 2)
        .getByRole("button", { name: `Save ${title} to watchlist` }),
    ).toHaveAttribute("aria-pressed", "false");
    await expect.poll(() => onWatchlist(page, path)).toBe(0);

    // On the listing page, next to the title.
    await gotoReady(page, path);
    const save = page.getByRole("button", { name: `Save ${title} to watchlist` });
    await expect(save).toBeVisible();
    await expectNoSidewaysScroll(page);
    await clickHeart(page, save);
    await expect(page.getByRole("button", { name: `Remove ${title} from watchlist` })).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await page.reload();
    await clickHeart(page, page.getByRole("button", { name: `Remove ${title} from watchlist` }));
    await expect(page.getByRole("button", { name: `Save ${title} to watchlist` })).toHaveAttribute(
      "aria-pressed",
      "false",
    );
    await expect.poll(() => onWatchlist(page, path)).toBe(0);
    await gotoReady(page, path);
    await clickHeart(page, save);
    await expect(page.getByRole("button", { name: `Remove ${title} from watchlist` })).toBeVisible();
    await expect.poll(() => onWatchlist(page, path)).toBe(1);
    await gotoReady(page, path);
    await clickHeart(page, page.getByRole("button", { name: `Remove ${title} from watchlist` }));
    await expect(save).toBeVisible();
  }
  await page.context().close();
});

test("a visitor's heart asks them to sign in and the machine is saved on their return; a seller is told why not", async ({
  browser,
}) => {
  const buyer = await createConfirmedAccount({ role: "buyer", prefix: "heart" });
  for (const [i, width] of WIDTHS.entries()) {
    // Buyer: from a catalogue card at 360, from the listing page at 1280.
    const page = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await gotoReady(page, "/equipment");
    const card = cards(page).nth(i);
    const title = (await card.getByRole("heading").innerText()).trim();
    const path = await listingPathOf(card);
    const from = i === 0 ? "/equipment" : path;
    if (i === 1) await gotoReady(page, path);
    await page
      .getByRole("link", { name: `Sign in to save ${title}` })
      .first()
      .click();
    await expect(page).toHaveURL(new RegExp(`/signin\\?redirectTo=${encodeURIComponent(`${from}?favourite=`)}`));
    await page.getByLabel("Email").fill(buyer.email);
    await page.getByLabel("Password").fill(buyer.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page.getByText("Saved to your watchlist").first()).toBeVisible();
    // Back where they were, without the parameter.
    await expect(page).toHaveURL(new RegExp(`${from.replace(/\//g, "\\/")}$`));
    await expect(page.getByRole("button", { name: `Remove ${title} from watchlist` }).first()).toHaveAttribute(
      "aria-pressed",
      "true",
    );
    await expect.poll(() => onWatchlist(page, path)).toBe(1);
    await page.context().close();

    // A seller signing in the same way saves nothing and is told why.
    const sellerPage = await (await browser.newContext({ viewport: { width, height: 800 } })).newPage();
    await gotoReady(sellerPage, "/equipment");
    await sellerPage
      .getByRole("link", { name: `Sign in to save ${title}` })
      .first()
      .click();
    const seller = demoUser("seller");
    await sellerPage.getByLabel("Email").fill(seller.email);
    await sellerPage.getByLabel("Password").fill(seller.password);
    await sellerPage.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(sellerPage).toHaveURL(/\/equipment$/);
    await expect(sellerPage.getByText("Buyer Account Required").first()).toBeVisible();
    await expect(sellerPage.getByText("Saving machines to a watchlist is for buyer accounts.").first()).toBeVisible();
    await expect(
      sellerPage.getByRole("link", { name: `Saving ${title} needs a buyer account` }).first(),
    ).toHaveAttribute("href", "/account-types?need=buyer");
    // And the server refuses a seller's save outright.
    const refused = await sellerPage.request.post("/api/favourites", {
      form: { listingId: path.slice("/listing/".length), favourite: "true" },
      headers: { Origin: new URL(sellerPage.url()).origin },
    });
    expect(refused.status()).toBe(403);
    await sellerPage.context().close();
  }
});

test("on a phone the filters sit behind one Filters button with the active count; on a desktop they stay in view", async ({
  browser,
}) => {
  const page = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await gotoReady(page, "/equipment");
  const filters = page.locator("summary").filter({ hasText: "Filters" });
  await expect(filters).toHaveText(/^\s*Filters\s*$/);
  await expect(page.getByText(/^\d+\+? machines?$/)).toBeVisible();
  await expect(page.getByLabel("Min price (R)")).toBeHidden();
  expect((await cards(page).first().boundingBox())!.y).toBeLessThan(800);
  await expectNoSidewaysScroll(page);

  await gotoReady(page, "/equipment?minPrice=1&sort=price_asc");
  await expect(filters).toHaveText(/Filters \(2\)/);
  expect((await cards(page).first().boundingBox())!.y).toBeLessThan(800);
  await filters.click();
  await expect(page.getByLabel("Min price (R)")).toBeVisible();
  await expect(page.getByLabel("Min price (R)")).toHaveValue("1");
  await page.getByLabel("Max price (R)").fill("90000000");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/maxPrice=90000000/);
  await expect(filters).toHaveText(/Filters \(3\)/);
  await expectNoSidewaysScroll(page);
  await page.context().close();

  // Without JavaScript the button opens the same form, which searches by itself.
  const plain = await (
    await browser.newContext({ viewport: { width: 360, height: 800 }, javaScriptEnabled: false })
  ).newPage();
  await plain.goto("/equipment");
  await expect(plain.getByLabel("Min price (R)")).toBeHidden();
  await plain.locator("summary").filter({ hasText: "Filters" }).click();
  await plain.getByLabel("Min price (R)").fill("100000");
  await plain.getByRole("button", { name: "Search" }).click();
  await expect(plain).toHaveURL(/minPrice=100000/);
  await expect(plain.locator("summary").filter({ hasText: "Filters" })).toHaveText(/Filters \(1\)/);
  await plain.context().close();

  const desktop = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await gotoReady(desktop, "/equipment?minPrice=1");
  await expect(desktop.locator("summary").filter({ hasText: "Filters" })).toBeHidden();
  for (const label of ["Search", "Category", "Condition", "Min price (R)", "Max price (R)", "Province", "Sort by"]) {
    await expect(desktop.getByLabel(label, { exact: true })).toBeVisible();
  }
  await expect(desktop.getByLabel("Min price (R)")).toHaveValue("1");
  await expect(desktop.getByText(/^\d+\+? machines?$/)).toBeVisible();
  await expectNoSidewaysScroll(desktop);
  await desktop.context().close();
});

test("a visitor's View Details says on the sign-in page why it asks, with a way to sign up", async ({ page }) => {
  for (const width of WIDTHS) {
    await atWidth(page, width);
    await gotoReady(page, "/equipment");
    await cards(page).first().getByRole("link", { name: "View Details" }).click();
    await expect(page).toHaveURL(/\/signin\?redirectTo=%2Flisting%2F/);
    await expect(page.getByRole("status").filter({ hasText: "Sign in to see this machine's full details" })).toBeVisible();
    await expectNoSidewaysScroll(page);
  }
  await page.getByRole("link", { name: "Create a buyer account" }).click();
  await expect(page).toHaveURL(/\/signup\?role=buyer$/);
  // A sign-in page reached any other way says nothing of machines.
  await gotoReady(page, "/signin");
  await expect(page.getByText("Sign in to see this machine's full details")).toHaveCount(0);
});
