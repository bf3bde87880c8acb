/**
 * Live notifications: delivery latency across two instances, and
 * memory for 1,000 open Server-Sent-Event connections.
 *
 * Two production servers (`node server.js`) on one PostgreSQL database. The
 * admin is connected to instance B's /notifications/stream. Two ways a
 * notification is written, ~200 samples each, one at a time:
 *   - through instance A over HTTP (a buyer posts feedback, which notifies the
 *     admins): from sending the request to the event arriving on B;
 *   - with the app's own domain function (notifyUser: insert + pg_notify in a
 *     transaction) from this process: from the call to the event on B.
 * Then 1,000 SSE connections (signed-in demo accounts) to instance B; its
 * VmRSS before and after.
 *
 *   npm run bench -- sse
 *   BENCH_SSE_SAMPLES=200  BENCH_SSE_CONNECTIONS=1000
 */
import http from "node:http";
import { eq } from "drizzle-orm";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { openDatabase } from "#app/lib/db.server.ts";
import { user } from "#db/schema.ts";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { startAppServer, rssOf, signIn, type AppServer } from "../scripts/lib/app-server.ts";
import { createThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { mb, ms, nowMs, percentile, printTable, machineNote } from "./lib/stats.ts";

const PORT_A = 4711;
const PORT_B = 4712;
const SAMPLES = Number(process.env.BENCH_SSE_SAMPLES ?? 200);
const CONNECTIONS = Number(process.env.BENCH_SSE_CONNECTIONS ?? 1000);
const LATENCY_TARGET_P95_MS = 1000; // "live": well under a second (no figure was set)

type SseEvent = { event: string; data: string; at: number };

/** One SSE connection with a plain http request (no EventSource); calls onEvent for each event. */
function openStream(baseUrl: string, cookie: string, onEvent: (e: SseEvent) => void) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const req = http.get(
      `${baseUrl}/notifications/stream`,
      { headers: { Cookie: cookie, Accept: "text/event-stream" }, agent: false },
      (res) => {
        if (res.statusCode !== 200) {
          reject(new Error(`stream answered ${res.statusCode}`));
          res.resume();
          return;
        }
        res.setEncoding("utf8");
        let buffer = "";
        let ready = false;
        res.on("data", (chunk: string) => {
          const at = nowMs();
          buffer += chunk;
          let end: number;
          while ((end = buffer.indexOf("\n\n")) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1] ?? "";
            if (!event) continue;
            if (event === "ready" && !ready) {
              ready = true;
              resolve(req);
            }
            onEvent({ event, data, at });
          }
        });
        res.on("error", () => {});
      },
    );
    req.on("error", reject);
  });
}

async function main() {
  const bench = await createThrowawayDatabase();
  let a: AppServer | undefined;
  let b: AppServer | undefined;
  const streams: http.ClientRequest[] = [];
  let handle: Awaited<ReturnType<typeof openDatabase>> | undefined;
  try {
    console.log(`[sse] database ${bench.name}; starting instance A (seeds the demo data), then B`);
    a = await startAppServer({ port: PORT_A, databaseUrl: bench.url, seed: true });
    b = await startAppServer({ port: PORT_B, databaseUrl: bench.url, seed: false });
    handle = await openDatabase({ databaseUrl: bench.url });

    const adminAccount = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
    const buyerAccount = DEMO_ACCOUNTS.users.find((u) => u.role === "buyer")!;
    const [adminRow] = await handle.db.select({ id: user.id }).from(user).where(eq(user.email, adminAccount.email));
    const adminCookieB = await signIn(b.url, adminAccount.email, DEMO_ACCOUNTS.password);
    const buyerCookieA = await signIn(a.url, buyerAccount.email, DEMO_ACCOUNTS.password);

    // The admin's live stream on B.
    let waiting: ((e: SseEvent) => void) | undefined;
    streams.push(
      await openStream(b.url, adminCookieB, (e) => {
        if (e.event === "notification") waiting?.(e);
      }),
    );
    const nextNotification = (match: string) =>
      new Promise<SseEvent>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no live notification "${match}" on B within 10 s`)), 10_000);
        waiting = (e) => {
          if (!e.data.includes(match)) return;
          clearTimeout(timer);
          waiting = undefined;
          resolve(e);
        };
      });

    // 1. Through instance A over HTTP: a buyer's feedback notifies the admins.
    const viaHttp: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const rating = String(1 + (i % 5));
      const arrived = nextNotification(`bench sample ${i} end`);
      const t0 = nowMs();
      const res = await fetch(`${a.url}/feedback?type=buyer`, {
        method: "POST",
        headers: { Cookie: buyerCookieA, Origin: a.url },
        body: new URLSearchParams({ type: "buyer", rating, comments: `bench sample ${i} end` }),
      });
      if (res.status !== 200)
        throw new Error(`feedback through A answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
      await res.arrayBuffer();
      const e = await arrived;
      if (i >= 5) viaHttp.push(e.at - t0); // the first few warm up
    }

    // 2. The domain function (insert + pg_notify, one transaction) from this process.
    const viaDomain: number[] = [];
    for (let i = 0; i < SAMPLES + 5; i++) {
      const title = `Bench ping ${i} end`;
      const arrived = nextNotification(title);
      const t0 = nowMs();
      await handle.db.transaction((tx) =>
        notifyUser({ db: tx, userId: adminRow!.id, title, message: "delivery latency sample", type: "generic" }),
      );
      const e = await arrived;
      if (i >= 5) viaDomain.push(e.at - t0);
    }

    printTable(`Live notification delivery to instance B, ${SAMPLES} samples each, one at a time`, [
      ["written by", "p50", "p95", "max", "target p95", "met"],
      ...[
        ["feedback POST to instance A (HTTP)", viaHttp],
        ["notifyUser() commit (domain function)", viaDomain],
      ].map(([label, t]) => {
        const times = t as number[];
        const p95 = percentile(times, 95);
        return [
          label as string,
          ms(percentile(times, 50), 1),
          ms(p95, 1),
          ms(Math.max(...times), 1),
          `< ${LATENCY_TARGET_P95_MS} ms`,
          p95 < LATENCY_TARGET_P95_MS ? "yes" : "NO",
        ];
      }),
    ]);

    // 3. Memory: 1,000 open streams on B, spread over the demo accounts (a session each).
    const cookies: string[] = [];
    for (const account of DEMO_ACCOUNTS.users) cookies.push(await signIn(b.url, account.email, DEMO_ACCOUNTS.password));
    await new Promise((r) => setTimeout(r, 2000));
    const before = rssOf(b.pid);
    const adminIndex = DEMO_ACCOUNTS.users.indexOf(adminAccount);
    let adminStreams = 0;
    let delivered = 0;
    const t0 = nowMs();
    for (let i = 0; i < CONNECTIONS; i += 50) {
      const batch = Array.from({ length: Math.min(50, CONNECTIONS - i) }, (_, j) => {
        const account = (i + j) % cookies.length;
        if (account === adminIndex) adminStreams++;
        return openStream(b!.url, cookies[account]!, (e) => {
          if (e.event === "notification" && e.data.includes("Bench fan-out")) delivered++;
        });
      });
      streams.push(...(await Promise.all(batch)));
    }
    const openedIn = nowMs() - t0;
    await new Promise((r) => setTimeout(r, 3000));
    const after = rssOf(b.pid);
    // Every stream still delivers: one notification to the admin reaches each of the admin's open streams.
    const t1 = nowMs();
    await handle.db.transaction((tx) =>
      notifyUser({ db: tx, userId: adminRow!.id, title: "Bench fan-out", message: "to every open stream", type: "generic" }),
    );
    while (delivered < adminStreams && nowMs() - t1 < 10_000) await new Promise((r) => setTimeout(r, 5));
    const fanOut = nowMs() - t1;
    console.log(`[machine] ${machineNote()}`);
    printTable(
      `${CONNECTIONS.toLocaleString("en")} open SSE connections to instance B (${cookies.length} signed-in accounts)`,
      [
        ["measure", "value"],
        ["VmRSS before", mb(before)],
        ["VmRSS with the connections open", mb(after)],
        ["difference", mb(after - before)],
        ["per connection", `${((after - before) / CONNECTIONS / 1024).toFixed(1)} KB`],
        ["time to open all (all 'ready')", ms(openedIn, 0)],
        [
          `one notification, to the admin (${adminStreams} of these streams)`,
          `${delivered} delivered in ${ms(fanOut, 0)}`,
        ],
      ],
    );
  } finally {
    for (const s of streams) s.destroy();
    await handle?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await bench.drop();
  }
}

await main();
