/**
 * Two app instances on one PostgreSQL database: a notification written
 * through instance A reaches, live, a page connected to instance B
 * (pg_notify → LISTEN in every instance → Server-Sent Events).
 * Needs a PostgreSQL server (TEST_POSTGRES_URL; CI points it at 127.0.0.1:5432).
 */
import { expect, request as playwrightRequest, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";

const serverUrl = process.env.TEST_POSTGRES_URL;

test("a notification written through instance A arrives live on a page served by instance B", async ({ browser }) => {
  test.skip(!serverUrl, "needs TEST_POSTGRES_URL (a PostgreSQL server); CI provides one");
  test.setTimeout(300_000);
  const database = await createThrowawayDatabase({ prefix: "mm_e2e" });
  let a: AppServer | undefined;
  let b: AppServer | undefined;
  try {
    a = await startAppServer({ port: 4195, databaseUrl: database.url, seed: true });
    b = await startAppServer({ port: 4196, databaseUrl: database.url, seed: false });

    // The admin's page is served by B.
    const page = await (await browser.newContext({ baseURL: "http://localhost:4196" })).newPage();
    const adminUser = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    await page.goto("/signin");
    await page.locator("html[data-hydrated]").waitFor();
    await page.getByLabel("Email").fill(adminUser.email);
    await page.getByLabel("Password").fill(DEMO_ACCOUNTS.password);
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    await expect(page).toHaveURL(/\/admin$/);
    await page.locator("html[data-hydrated]").waitFor();
    await expect(page.getByRole("button", { name: /^Notifications/ })).toBeVisible();

    // A buyer writes feedback through A.
    const viaA = await playwrightRequest.newContext({ baseURL: "http://localhost:4195" });
    const buyer = DEMO_ACCOUNTS.users.find((u) => u.role === "buyer")!;
    const signin = await viaA.post("/signin", { form: { intent: "signin", email: buyer.email, password: DEMO_ACCOUNTS.password }, maxRedirects: 0 });
    expect(signin.status()).toBe(302);
    const sent = await viaA.post("/feedback?type=buyer", {
      form: { type: "buyer", rating: "3", comments: "sent through instance A" },
      headers: { Origin: "http://localhost:4195" },
    });
    expect(sent.status()).toBe(200);

    await expect(page.getByText("Buyer feedback: 3 stars").first()).toBeVisible({ timeout: 5_000 });
    await viaA.dispose();
  } finally {
    await Promise.all([a?.stop(), b?.stop()]);
    await database.drop();
  }
});
