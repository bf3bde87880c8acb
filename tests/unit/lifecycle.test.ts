/**
 * server/lifecycle.js: /healthz and /readyz for the load balancer, and the
 * drain on SIGTERM — readiness 503 at once, a delay while a balancer
 * watches, then the listener closes and the requests in flight finish.
 */
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createLifecycle, secondsSetting } from "../../server/lifecycle.js";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

async function start(
  options: { database?: () => Promise<boolean>; delaySeconds?: number; graceSeconds?: number } = {},
) {
  const lifecycle = createLifecycle({
    databaseAvailable: options.database ?? (async () => true),
    delaySeconds: options.delaySeconds ?? 0,
    graceSeconds: options.graceSeconds ?? 5,
  });
  const app = express();
  app.use(lifecycle.track, lifecycle.probes);
  app.get("/slow", async (_req, res) => {
    await new Promise((r) => setTimeout(r, 400));
    res.send("finished");
  });
  app.get("/stream", (_req, res) => {
    res.setHeader("Content-Type", "text/event-stream");
    res.flushHeaders();
    res.write("retry: 1000\n\n");
  });
  app.get("/page", (_req, res) => void res.send("page"));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { lifecycle, base, server };
}

describe("health and readiness", () => {
  it("/healthz answers ok, uncached, to GET and HEAD only", async () => {
    const { base } = await start();
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await fetch(`${base}/healthz`, { method: "HEAD" })).status).toBe(200);
    const post = await fetch(`${base}/healthz`, { method: "POST" });
    expect(post.status).toBe(405);
    expect(post.headers.get("allow")).toBe("GET, HEAD");
  });

  it("/readyz says whether the database answers; other paths pass by", async () => {
    let up = true;
    const { base } = await start({ database: async () => up });
    const ready = await fetch(`${base}/readyz?probe=1`);
    expect([ready.status, await ready.text(), ready.headers.get("cache-control")]).toEqual([200, "ready", "no-store"]);
    up = false;
    const down = await fetch(`${base}/readyz`);
    expect([down.status, await down.text()]).toEqual([503, "database unavailable"]);
    expect(await (await fetch(`${base}/page`)).text()).toBe("page");
  });

  it("/readyz answers 503 when the database probe throws", async () => {
    const { base } = await start({ database: () => Promise.reject(new Error("connection refused")) });
    expect((await fetch(`${base}/readyz`)).status).toBe(503);
  });
});

describe("drain", () => {
  it("turns /readyz 503 at once, keeps serving while a balancer watches, then lets the requests in flight finish", async () => {
    const { lifecycle, base, server } = await start({ delaySeconds: 0.5 });
    expect((await fetch(`${base}/readyz`)).status).toBe(200); // a balancer is watching
    const inFlight = fetch(`${base}/slow`);
    await new Promise((r) => setTimeout(r, 50));
    const t = Date.now();
    const drained = lifecycle.drain(server);

    const readiness = await fetch(`${base}/readyz`);
    expect([readiness.status, await readiness.text()]).toEqual([503, "draining"]);
    expect(lifecycle.isDraining()).toBe(true);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
    // Still served during the delay, each answer closing its connection.
    const during = await fetch(`${base}/page`);
    expect([during.status, during.headers.get("connection")]).toEqual([200, "close"]);

    const slow = await inFlight;
    expect([slow.status, await slow.text()]).toEqual([200, "finished"]);
    await drained;
    expect(Date.now() - t).toBeGreaterThanOrEqual(450);
    expect(lifecycle.inFlightCount()).toBe(0);
    await expect(fetch(`${base}/page`)).rejects.toThrow();
  });

  it("does not wait when no balancer has asked /readyz, and ends live streams when the listener closes", async () => {
    const { lifecycle, base, server } = await start({ delaySeconds: 5, graceSeconds: 5 });
    const stream = await fetch(`${base}/stream`);
    const reader = stream.body!.getReader();
    await reader.read();
    const t = Date.now();
    await lifecycle.drain(server);
    expect(Date.now() - t).toBeLessThan(2_000);
    // Cut, not left open: the browser's EventSource reconnects, through the balancer, to another instance.
    const ended = (async () => {
      for (;;) if ((await reader.read()).done) return "ended";
    })().catch(
      (error: unknown) => `cut: ${(error as { cause?: { message?: string } }).cause?.message ?? String(error)}`,
    );
    expect(await ended).toBe("cut: other side closed");
  }, 10_000);

  it("cuts what is left once the grace period is over", async () => {
    const { lifecycle, base, server } = await start({ graceSeconds: 0.1 });
    const inFlight = fetch(`${base}/slow`).then(
      (r) => r.text(),
      () => "cut",
    );
    await new Promise((r) => setTimeout(r, 50));
    await lifecycle.drain(server);
    expect(await inFlight).toBe("cut");
  });
});

describe("settings", () => {
  it("reads whole seconds from 0 to 120 and refuses anything else", () => {
    expect(secondsSetting("SHUTDOWN_DELAY_SECONDS", undefined, 5)).toBe(5);
    expect(secondsSetting("SHUTDOWN_DELAY_SECONDS", " ", 5)).toBe(5);
    expect(secondsSetting("SHUTDOWN_DELAY_SECONDS", "0", 5)).toBe(0);
    expect(secondsSetting("SHUTDOWN_GRACE_SECONDS", "30", 10)).toBe(30);
    for (const bad of ["-1", "1.5", "121", "ten"])
      expect(() => secondsSetting("SHUTDOWN_GRACE_SECONDS", bad, 10)).toThrow(
        "SHUTDOWN_GRACE_SECONDS must be a whole number of seconds from 0 to 120.",
      );
  });
});
