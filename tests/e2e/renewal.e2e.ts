/**
 * Renewing from the reminder e-mail: a demo seller's listing whose mandate ends in six days gets the
 * reminder when the app starts (the daily job also runs at start-up); its one-click Renew link leads,
 * after sign-in, to the renewal page, where the seller ticks the box; the dashboard then shows the new
 * end, 90 days after the old one. The test runs its own instance on a throwaway PostgreSQL database
 * (TEST_POSTGRES_URL, or the local server) so it can bring the listing's end near and restart the app.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";

const PORT = Number(process.env.E2E_RENEWAL_PORT ?? 4893);
const DAY = 86_400_000;
const shortDate = (d: Date) => new Intl.DateTimeFormat("en-ZA", { timeZone: "Africa/Johannesburg" }).format(d);

test("a seller renews a listing from the reminder e-mail's link and the dashboard shows the new end", async ({ browser }) => {
  test.setTimeout(300_000);
  const seller = DEMO_ACCOUNTS.users.find((u) => u.role === "seller")!;
  const database = await createThrowawayDatabase({ prefix: "mm_e2e" });
  const db = new pg.Client({ connectionString: database.url });
  let app: AppServer | undefined;
  try {
    // The demo data, then the seller's listing brought to six days before its end, then a restart.
    app = await startAppServer({ port: PORT, databaseUrl: database.url, seed: true });
    await app.stop();
    await db.connect();
    const { rows } = await db.query<{ id: string; title: string; expires_on: Date }>(
      `update listings set expires_on = now() + interval '6 days', expiry_reminded_at = null
        where id = (select l.id from listings l join sellers s on s.id = l.seller_id join "user" u on u.id = s.user_id
                     where u.email = $1 and l.status = 'approved' and l.admin_status = 'approved' order by l.created_on desc limit 1)
        returning id, title, expires_on`,
      [seller.email],
    );
    const listing = rows[0]!;
    app = await startAppServer({ port: PORT, databaseUrl: database.url, seed: false });

    // The reminder, as the outbox (the dev mailbox) holds it.
    let mail: { subject: string; text: string } | undefined;
    await expect
      .poll(
        async () => {
          const found = await db.query<{ subject: string; text: string }>(
            `select subject, text from email_outbox where to_address = $1 and template = 'send-expiry-reminder'`,
            [seller.email.toLowerCase()],
          );
          mail = found.rows[0];
          return found.rows.length;
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    expect(mail!.subject).toBe(`Your listing expires in 6 days: ${listing.title}`);
    const link = new RegExp(`http://localhost:${PORT}/seller/renew/[0-9a-f-]{36}`).exec(mail!.text)?.[0];
    expect(link, "the Renew link").toBe(`http://localhost:${PORT}/seller/renew/${listing.id}`);

    // One click: sign in first, then the renewal page.
    const page = await (await browser.newContext({ baseURL: `http://localhost:${PORT}` })).newPage();
    await page.goto(link!);
    await expect(page).toHaveURL(/\/signin\?redirectTo=/);
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByLabel("Email").fill(seller.email);
    await page.getByLabel("Password").fill(DEMO_ACCOUNTS.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/seller/renew/${listing.id}$`));
    await expect(page.getByRole("heading", { name: "Renew Your Listing" })).toBeVisible();
    const newEnd = new Date(listing.expires_on.getTime() + 90 * DAY);
    await expect(page.getByLabel("Agreement text")).toContainText("EXCLUSIVE SALES MANDATE (RENEWAL)");
    await page.locator("html[data-hydrated]").waitFor();
    // The page passes axe (WCAG 2.2 AA) and fits a 360 px phone without sideways scrolling.
    const axe = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]).analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByLabel("I have read the renewed mandate and sign it electronically.").check();
    await page.getByRole("button", { name: "Sign Renewal" }).click();

    // The dashboard: the listing is active until its new end, with no Renew button.
    await expect(page).toHaveURL(/\/seller-dashboard$/);
    await expect(page.getByText("Mandate Renewed").first()).toBeVisible();
    const row = page.locator("tr", { hasText: listing.title });
    await expect(row.getByText("Active")).toBeVisible();
    await expect(row.getByText(`Until ${shortDate(newEnd)}`)).toBeVisible();
    await expect(row.getByRole("link", { name: `Renew ${listing.title}` })).toHaveCount(0);
    const [after] = (await db.query<{ expires_on: Date; expiry_reminded_at: Date | null }>(`select expires_on, expiry_reminded_at from listings where id = $1`, [listing.id])).rows;
    expect(after!.expires_on.getTime()).toBe(newEnd.getTime());
    expect(after!.expiry_reminded_at).toBeNull();
  } finally {
    await db.end().catch(() => undefined);
    await app?.stop();
    await database.drop();
  }
});
