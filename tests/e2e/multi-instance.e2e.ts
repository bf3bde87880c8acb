/**
 * Two app instances on one PostgreSQL database: a notification written
 * through instance A reaches, live, a page connected to instance B
 * (pg_notify → LISTEN in every instance → Server-Sent Events).
 * Needs a PostgreSQL server (TEST_POSTGRES_URL; CI points it at 127.0.0.1:5432).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { expect, request as playwrightRequest, test } from "@playwright/test";
import pg from "pg";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";

const serverUrl = process.env.TEST_POSTGRES_URL;

function start(port: number, databaseUrl: string, seed: boolean) {
  const child = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: `http://localhost:${port}`,
      DATABASE_URL: databaseUrl,
      SESSION_SECRET: "multi-instance-test-secret-0123456789abcdef",
      SEED_DEMO: seed ? "1" : "0",
      AUTH_RATE_LIMIT: "0",
      DATA_DIR: `.e2e-multi-${port}`,
      LOG_LEVEL: "warn",
      SMTP_URL: "",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  return { child, output: () => output };
}

async function up(port: number, child: ChildProcess, output: () => string) {
  for (let i = 0; i < 400; i++) {
    if (child.exitCode !== null) throw new Error(`instance on ${port} exited:\n${output()}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance on ${port} did not start:\n${output()}`);
}

test("a notification written through instance A arrives live on a page served by instance B", async ({ browser }) => {
  test.skip(!serverUrl, "needs TEST_POSTGRES_URL (a PostgreSQL server); CI provides one");
  test.setTimeout(150_000);
  const name = `mm_e2e_${randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl!);
  url.pathname = `/${name}`;
  const a = start(4195, url.toString(), true);
  let b: ReturnType<typeof start> | undefined;
  try {
    await up(4195, a.child, a.output);
    b = start(4196, url.toString(), false);
    await up(4196, b.child, b.output);

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
    a.child.kill("SIGTERM");
    b?.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 1500));
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    for (const port of [4195, 4196]) fs.rmSync(`.e2e-multi-${port}`, { recursive: true, force: true });
  }
});
