/**
 * The production server on its own data folder: it refuses a second process
 * on the same PGlite folder, and SIGTERM closes HTTP, jobs and the database
 * (the lock is released) before it exits cleanly. For a load balancer it
 * answers /healthz and /readyz, and /readyz turns 503 as soon as SIGTERM
 * arrives. Invalid settings stop the start-up with a clear message.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ["server.js"], {
    env: { ...process.env, NODE_ENV: "production", SEED_DEMO: "0", LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitUntilUp(url: string, child: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error("server exited");
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error("server did not start");
}

test("SIGTERM closes everything and exits 0; a second process on the same folder is refused", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-lifecycle-"));
  const port = "4191";
  const first = startServer({ PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: `http://localhost:${port}` });
  await waitUntilUp(`http://127.0.0.1:${port}/`, first.child);
  expect(first.output()).toContain(`running at http://localhost:${port}`);
  expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(true);

  const second = startServer({ PORT: "4192", DATA_DIR: dataDir });
  expect(await second.exited).toBe(1);
  expect(second.output()).toContain("is in use by process");

  first.child.kill("SIGTERM");
  expect(await first.exited).toBe(0);
  expect(fs.existsSync(path.join(dataDir, "pglite.lock"))).toBe(false);

  // The folder is clean: it opens again.
  const again = startServer({ PORT: port, HOST: "127.0.0.1", DATA_DIR: dataDir });
  await waitUntilUp(`http://127.0.0.1:${port}/`, again.child);
  again.child.kill("SIGTERM");
  expect(await again.exited).toBe(0);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

test("an invalid setting stops the start-up with a clear message", async () => {
  const bad = startServer({ PORT: "4193", DATABASE_URL: "mysql://nope", SMTP_URL: "http://mail" });
  expect(await bad.exited).toBe(1);
  expect(bad.output()).toContain("DATABASE_URL must start with postgres://");
  expect(bad.output()).toContain("SMTP_URL must start with smtp://");
});

test("/healthz and /readyz answer the load balancer; on SIGTERM /readyz turns 503 while pages are still served, then it exits 0", async () => {
  test.setTimeout(240_000);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-readiness-"));
  const port = "4194";
  const base = `http://127.0.0.1:${port}`;
  const server = startServer({
    PORT: port,
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    PUBLIC_URL: `http://localhost:${port}`,
    SHUTDOWN_DELAY_SECONDS: "2",
  });
  try {
    await waitUntilUp(`${base}/healthz`, server.child);
    const health = await fetch(`${base}/healthz`);
    expect([health.status, await health.text(), health.headers.get("cache-control")]).toEqual([200, "ok", "no-store"]);
    const ready = await fetch(`${base}/readyz`);
    expect([ready.status, await ready.text(), ready.headers.get("cache-control")]).toEqual([200, "ready", "no-store"]);

    const t = Date.now();
    server.child.kill("SIGTERM");
    await expect
      .poll(async () => (await fetch(`${base}/readyz`)).status, { timeout: 1_000, intervals: [50] })
      .toBe(503);
    expect(await (await fetch(`${base}/readyz`)).text()).toBe("draining");
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // A balancer asked /readyz: for SHUTDOWN_DELAY_SECONDS the instance still serves, closing each connection after its answer.
    const page = await fetch(`${base}/robots.txt`);
    expect([page.status, page.headers.get("connection")]).toEqual([200, "close"]);

    expect(await server.exited).toBe(0);
    expect(Date.now() - t).toBeGreaterThanOrEqual(2_000);
    expect(server.output()).toContain("SIGTERM received: shutting down");
  } finally {
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});
