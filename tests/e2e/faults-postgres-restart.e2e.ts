/**
 * Fault: PostgreSQL goes away under load and comes back. The app
 * sits behind a TCP proxy to the real server; "restarting" the database is
 * closing the proxy (every connection cut, new ones refused) and opening it
 * again. While it is down, every request answers fast with a clear 503 page;
 * afterwards the same process serves pages and sign-ins again, and it never
 * crashed. Runs on PostgreSQL (TEST_POSTGRES_URL; CI provides one).
 */
import net from "node:net";
import { expect, test } from "@playwright/test";
import { DEMO_ACCOUNTS } from "../../db/demo-accounts.ts";
import { startAppServer, type AppServer } from "../../scripts/lib/app-server.ts";
import { createThrowawayDatabase } from "../../scripts/lib/throwaway-database.ts";

const serverUrl = process.env.TEST_POSTGRES_URL;
const PORT = 4631;
const PROXY_PORT = 4632;

/**
 * A TCP proxy that can be cut (all sockets destroyed, port closed) and
 * restored, and can slow the database's answers down (so that at the cut
 * some requests are surely inside their loaders, past the server's probe).
 */
function tcpProxy(target: { host: string; port: number }) {
  let server: net.Server | undefined;
  const sockets = new Set<net.Socket>();
  const state = { latencyMs: 0 };
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(target.port, target.host);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("close", () => sockets.delete(s));
          s.on("error", () => {});
        }
        client.pipe(upstream);
        upstream.on("data", (chunk) => {
          if (!state.latencyMs) client.write(chunk);
          else setTimeout(() => client.writable && client.write(chunk), state.latencyMs);
        });
        upstream.on("end", () => setTimeout(() => client.end(), state.latencyMs));
      });
      server.listen(PROXY_PORT, "127.0.0.1", () => resolve());
    });
  const cut = () =>
    new Promise<void>((resolve) => {
      for (const s of sockets) s.destroy();
      server!.close(() => resolve());
    });
  return { open, cut, state };
}

async function timed(url: string, init?: RequestInit) {
  const started = Date.now();
  const res = await fetch(url, { ...init, redirect: "manual", signal: AbortSignal.timeout(10_000) });
  return { status: res.status, text: await res.text(), ms: Date.now() - started, res };
}

test("the database restarting under load: fast 503s while it is away, full service after, no crash", async () => {
  test.skip(!serverUrl, "needs TEST_POSTGRES_URL (a PostgreSQL server); CI provides one");
  test.setTimeout(300_000);
  const database = await createThrowawayDatabase({ prefix: "mm_e2e" });
  const direct = new URL(database.url);
  const proxy = tcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  await proxy.open();
  const viaProxy = new URL(database.url);
  viaProxy.hostname = "127.0.0.1";
  viaProxy.port = String(PROXY_PORT);
  let app: AppServer | undefined;
  const base = `http://127.0.0.1:${PORT}`;
  try {
    app = await startAppServer({ port: PORT, databaseUrl: viaProxy.toString(), seed: true, env: { LOG_LEVEL: "error" } });
    const seller = DEMO_ACCOUNTS.users.find((u) => u.role === "seller")!;
    const signIn = () =>
      fetch(`${base}/signin`, {
        method: "POST",
        body: new URLSearchParams({ intent: "signin", email: seller.email, password: DEMO_ACCOUNTS.password }),
        redirect: "manual",
      });
    expect((await signIn()).status).toBe(302);

    // Load: steady streams of page views, data requests and a resource route
    // while the database disappears; requests already past the server's probe
    // when it goes fail inside their loaders, and must still answer 503.
    let stop = false;
    const statuses: { path: string; status: number }[] = [];
    const load = Promise.all(
      ["/equipment", "/catalog.data?q=crane", "/sitemap.xml"].map(async (path) => {
        while (!stop) {
          const r = await timed(`${base}${path}`).catch(() => ({ status: 0, text: "", ms: 0 }));
          // A page that fails answers with the unavailable page, not "Something went wrong".
          const clear = r.status !== 503 || path !== "/equipment" || r.text.includes("The marketplace is temporarily unavailable");
          statuses.push({ path, status: clear ? r.status : -r.status });
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 1_000));
    proxy.state.latencyMs = 150;
    await new Promise((r) => setTimeout(r, 1_000));
    await proxy.cut();
    proxy.state.latencyMs = 0;

    // While it is away: quick, clear 503s for pages, data requests and actions.
    await expect.poll(async () => (await timed(`${base}/equipment`)).status, { timeout: 15_000 }).toBe(503);
    for (const path of ["/", "/equipment?q=crane", "/catalog.data", "/seller-dashboard"]) {
      const r = await timed(`${base}${path}`);
      expect(r.status, path).toBe(503);
      expect(r.ms, `${path} answered fast`).toBeLessThan(5_000);
    }
    const page = await timed(`${base}/parts`);
    expect(page.text).toContain("The marketplace is temporarily unavailable");
    expect(page.res.headers.get("retry-after")).toBe("10");
    const action = await signIn();
    expect(action.status).toBe(503);

    // Back: the same process serves again, without a restart.
    await proxy.open();
    await expect.poll(async () => (await timed(`${base}/equipment`)).status, { timeout: 30_000 }).toBe(200);
    stop = true;
    await load;
    expect((await signIn()).status).toBe(302);
    expect((await timed(`${base}/listing/00000000-0000-0000-0000-000000000000`)).status).toBe(404);
    expect(app.child.exitCode, "the app never crashed").toBeNull();
    // Under load nothing but 200s and 503s was seen: no 500, no dropped connection.
    expect(new Set(statuses.map((s) => s.status))).toContain(200);
    expect(statuses.filter((s) => s.status !== 200 && s.status !== 503)).toEqual([]);
  } catch (error) {
    console.log(app?.output().split("\n").filter((line) => !line.includes("job queue error")).join("\n").slice(-3000));
    throw error;
  } finally {
    await app?.stop();
    await proxy.cut().catch(() => {});
    await database.drop();
  }
});
