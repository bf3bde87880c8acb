import { expect, test } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { allAdminListingsHtml } from "./support/admin-pages.ts";
import { clientFor, sessionPage, signedIn } from "./support/personas.ts";

// One after another: two of these tests read and mark the demo admin's notifications ("Mark all read").
test.describe.configure({ mode: "default" });

test("the admin approves a listing and the seller's open page shows the toast and badge without reload", async ({ browser }) => {
  const seller = await sessionPage(browser, "seller"); // seller1
  await seller.goto("/seller-dashboard");
  await expect(seller).toHaveURL(/\/seller-dashboard$/);
  await seller.locator("html[data-hydrated]").waitFor();
  const bell = seller.getByRole("button", { name: /^Notifications/ });
  const before = Number(/(\d+)/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);

  // A pending listing of seller1's, approved by the admin in another browser.
  const admin = await clientFor("admin");
  const html = await allAdminListingsHtml(async (path) => (await admin.get(path)).text(), "pending");
  const block = html.split("<li ").find((b) => b.includes("seller1@demo.machinery.co.za") && b.includes('value="approve"'));
  const id = /name="listingId" value="([0-9a-f-]{36})"/.exec(block ?? "")?.[1];
  const title = /aria-label="([^"]+)"/.exec(block ?? "")?.[1];
  expect(id && title).toBeTruthy();
  const res = await admin.post("/admin?index", { form: { intent: "approve", listingId: id! }, headers: { Origin: BASE_URL } });
  expect(res.status()).toBe(200);

  await expect(seller.getByText(`Listing approved: ${title!.replace(/&amp;/g, "&")}`).first()).toBeVisible();
  // At least one more unread (other tests may notify seller1 at the same time), without a reload.
  await expect
    .poll(async () => {
      const label = (await bell.getAttribute("aria-label")) ?? "";
      return label.includes("9+") ? 10 : Number(/(\d+)/.exec(label)?.[1] ?? 0);
    })
    .toBeGreaterThanOrEqual(Math.min(before + 1, 10));
});

test("the popover pages 20 at a time, marks one and all read", async ({ browser }) => {
  // 22 feedback notifications for the admin.
  const buyer = await clientFor("buyer");
  for (let i = 0; i < 22; i++) {
    const r = await buyer.post("/feedback?type=buyer", { form: { type: "buyer", rating: String((i % 5) + 1), comments: `popover note ${i}.` }, headers: { Origin: BASE_URL } });
    expect(r.status()).toBe(200);
  }
  const admin = await sessionPage(browser, "admin");
  // The popover's first page is the /notifications loader's: 20, exactly (that page gets no live additions).
  await admin.goto("/notifications");
  await expect(admin.getByRole("list", { name: "Notifications", exact: true }).getByRole("listitem")).toHaveCount(20);
  await admin.goto("/admin");
  await admin.locator("html[data-hydrated]").waitFor();
  const bell = admin.getByRole("button", { name: /^Notifications/ });
  await expect(bell).toHaveAttribute("aria-label", "Notifications, 9+ unread");
  await bell.click();
  const list = admin.getByRole("list", { name: "Notification list" }).getByRole("listitem");
  // A page of 20, and "Load more" for the rest; what other tests send the admin meanwhile arrives live on top.
  await expect.poll(() => list.count()).toBeGreaterThanOrEqual(20);
  const firstPage = await list.count();
  expect(firstPage, "20 a page, and at most a few live ones on top").toBeLessThanOrEqual(24);
  await admin.getByRole("button", { name: "Load more" }).click();
  await expect.poll(() => list.count()).toBeGreaterThanOrEqual(firstPage + 2);

  // By its text, not its place: other tests running meanwhile may notify the admin too (new items go on top).
  const newest = list.filter({ hasText: "popover note 21." });
  await newest.getByRole("button", { name: "Mark read" }).click();
  await expect(newest.getByRole("button", { name: "Mark read" })).toHaveCount(0);
  await admin.getByRole("button", { name: "Mark all read" }).click();
  const ours = list.filter({ hasText: "popover note" });
  await expect(ours.getByRole("button", { name: "Mark read" })).toHaveCount(0);
  // The badge empties (unless another test notified the admin in the last instant: at most a few).
  await expect(bell).toHaveAttribute("aria-label", /^Notifications(, [1-5] unread)?$/);
  // Saved on the server: after a reload they are still read.
  await admin.reload();
  await admin.locator("html[data-hydrated]").waitFor();
  await admin.getByRole("button", { name: /^Notifications/ }).click();
  // Other tests may have notified the admin meanwhile and pushed ours past the first page.
  await expect(async () => {
    if ((await ours.count()) === 0) await admin.getByRole("button", { name: "Load more" }).click({ timeout: 2_000 });
    expect(await ours.count()).toBeGreaterThan(0);
  }).toPass();
  await expect(ours.first()).toBeVisible();
  await expect(ours.getByRole("button", { name: "Mark read" })).toHaveCount(0);
});

test("nobody can mark someone else's notification read", async () => {
  const buyer = await clientFor("buyer");
  const sent = await buyer.post("/feedback?type=buyer", { form: { type: "buyer", rating: "5", comments: "target" }, headers: { Origin: BASE_URL } });
  expect(sent.status()).toBe(200);
  const admin = await clientFor("admin");
  const page = await (await admin.get("/notifications")).text();
  const id = /name="id" value="([0-9a-f-]{36})"/.exec(page)?.[1];
  expect(id, "an unread notification of the admin's").toBeTruthy();
  const res = await buyer.post("/notifications", { form: { id: id! }, headers: { Origin: BASE_URL } });
  expect(res.status()).toBe(200);
  const after = await (await admin.get("/notifications")).text();
  expect(after).toContain(`name="id" value="${id}"`);
});

test("signing out in one tab closes the other tab's live connection, which does not reconnect", async ({ browser }) => {
  const page = await signedIn(browser, "buyer"); // it signs out: the shared session stays
  // Every EventSource the page opens, to read its state.
  await page.context().addInitScript(() => {
    const Native = window.EventSource;
    const opened: EventSource[] = [];
    (window as unknown as { __streams: EventSource[] }).__streams = opened;
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        opened.push(this);
      }
    };
  });
  await page.reload();
  await page.locator("html[data-hydrated]").waitFor();
  const states = () => page.evaluate(() => (window as unknown as { __streams: EventSource[] }).__streams.map((s) => s.readyState));
  await expect.poll(async () => (await states()).at(-1)).toBe(1); // OPEN
  const opened = (await states()).length;

  const other = await page.context().newPage();
  await other.goto("/");
  expect(await other.evaluate(async () => (await fetch("/signout", { method: "POST", redirect: "manual" })).type)).toBe("opaqueredirect");

  const closed = Array.from({ length: opened }, () => 2); // CLOSED
  await expect.poll(states, { timeout: 5_000 }).toEqual(closed);
  // No new connection follows (the first retry would come after 1 s).
  await page.waitForTimeout(2_500);
  expect(await states()).toEqual(closed);
});

test("a first page that never answers is asked for again; when none answers the popover says so and links to the page", async ({ browser }) => {
  const page = await sessionPage(browser, "buyer");
  const firstPage = /\/notifications\.data(\?|$)/;
  const popover = page.getByRole("dialog");

  await test.step("the first request for the first page is lost: the popover asks again and shows the list", async () => {
    let held = 0;
    await page.route(firstPage, (route) => (held++ === 0 ? undefined : route.continue()));
    await page.goto("/buyer-dashboard");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(popover.getByText("Loading…")).toBeVisible();
    await expect(popover.getByText("Loading…")).toHaveCount(0, { timeout: 15_000 });
    expect(held).toBeGreaterThan(1);
  });

  await test.step("nothing answers: after the retries the popover says so instead of loading for ever", async () => {
    // The request held above is let go of, not waited for.
    await page.unrouteAll({ behavior: "ignoreErrors" });
    await page.route(firstPage, () => undefined);
    await page.reload();
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByRole("button", { name: /^Notifications/ }).click();
    await expect(popover.getByText("Your notifications could not be loaded.")).toBeVisible({ timeout: 20_000 });
  });

  await test.step("the link opens the notifications page", async () => {
    await popover.getByRole("link", { name: "Open the notifications page" }).click();
    await expect(page).toHaveURL(/\/notifications$/);
  });
  await page.unrouteAll({ behavior: "ignoreErrors" });
  await page.context().close();
});
