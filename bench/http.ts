/**
 * Pages and files over HTTP: the production server (`node server.js`:
 * Express, the middleware, the session lookup, the database, the loaders)
 * against baselines that send the same bytes with nothing else in the way
 * (bench/lib/full-document-baseline.ts, in a process of its own):
 *
 * - a page: React Router's request handler on a bare `node:http` server over
 *   the same production build, every loader answering with the data the app's
 *   loaders returned for that page (captured once from the app and held in
 *   memory). Before timing, the bench checks that both send the same document
 *   apart from the per-response values listed in bench/lib/same-document.ts,
 *   and stops if they do not: the ratio then measures only what the app adds.
 * - a file (the page's largest script): `node:http` sending the bytes and headers the app sent for it,
 *   from memory; once without Accept-Encoding and once with a browser's
 *   (`gzip, deflate, br, zstd`: both then send the app's own compressed
 *   bytes, whichever coding it chose).
 *
 * A visitor's browse page is measured twice: rendered for every request (the
 * bench sends a cookie that is not a session's, and the store of visitor
 * pages, server/visitor-pages.js, leaves any request with a cookie alone:
 * the app/baseline ratio is then the app's own overhead), and "stored", as a
 * visitor without cookies gets it (the bench checks the answer came from the
 * store before timing).
 *
 * autocannon, 50 connections; per case a warm-up for each server, then the
 * timed run in four slices, app, baseline, baseline, app (so a machine load
 * that changes during the case weighs on both alike). Prints req/s (the mean
 * of the slices), p50 and p99 (the worst slice's), the app/baseline ratio, and
 * each target with PASS or MISS.
 *
 *   npm run bench -- http
 *   npm run bench -- http --only=catalog,listing   cases whose name contains one of these
 *   BENCH_HTTP_SECONDS=10      timed seconds per case and server (default 10, in two slices)
 *   BENCH_HTTP_PORT=4701       the app's port; the baselines take the next two
 *   BENCH_HTTP_PROFILE=<dir>   runs the app with --cpu-prof into <dir> and prints where its time went
 *
 * "queries/req" is the statements the app sent to PostgreSQL during its timed
 * runs (counted inside the app by bench/lib/count-queries.mjs), less what it
 * sent while idle for as long (during the baseline's runs: the job queue's
 * polling, the database probe), over the requests it answered.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { createThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { signIn, startAppServer, type AppServer } from "../scripts/lib/app-server.ts";
import { machineNote, ms, printTable } from "./lib/stats.ts";
import type { BaselineCapture, CapturedFile } from "./lib/full-document-baseline.ts";
import { documentDifference, PER_RESPONSE_VALUES } from "./lib/same-document.ts";
import { summariseCpuProfile } from "./lib/cpu-profile.ts";

const APP_PORT = Number(process.env.BENCH_HTTP_PORT ?? 4701);
const PAGE_BASELINE_PORT = APP_PORT + 1;
const FILE_BASELINE_PORT = APP_PORT + 2;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = 2;
/** What Chromium and Firefox send. */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";
const COUNT_QUERIES = fileURLToPath(new URL("./lib/count-queries.mjs", import.meta.url));
const PROFILE_DIR = process.env.BENCH_HTTP_PROFILE ? path.resolve(process.env.BENCH_HTTP_PROFILE) : undefined;
const ONLY = process.argv
  .find((a) => a.startsWith("--only="))
  ?.slice("--only=".length)
  .split(",")
  .filter(Boolean);

type AutocannonResult = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number; average: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  "2xx": number;
};
type Autocannon = (options: {
  url: string;
  connections: number;
  duration: number;
  headers?: Record<string, string>;
}) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

type Persona = "visitor" | "buyer" | "seller";
type Target = { ratio?: number; p99Ms?: number };
type Case = {
  name: string;
  kind: "page" | "file";
  path: string;
  as: Persona;
  /** Files: the Accept-Encoding the client sends. */
  acceptEncoding?: string;
  /** A visitor's page as visitors get it, from the store; otherwise a visitor's page is rendered for every request. */
  stored?: boolean;
  target?: Target;
};

/** A GET with Node's own client: the bytes as sent (fetch would undo the gzip). */
function rawGet(url: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: [string, string][]; body: Buffer }>((resolve, reject) => {
    const req = http.get(url, { headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const pairs: [string, string][] = [];
        for (let i = 0; i < res.rawHeaders.length; i += 2) pairs.push([res.rawHeaders[i]!, res.rawHeaders[i + 1]!]);
        resolve({ status: res.statusCode ?? 0, headers: pairs, body: Buffer.concat(chunks) });
      });
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

const header = (headers: [string, string][], name: string) =>
  headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1];

function startBaseline(captureFile: string) {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--import", "tsx", self, "--baseline", captureFile], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise<ChildProcess>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      if (out.includes("READY")) resolve(child);
    });
    child.on("exit", (code) => reject(new Error(`baseline exited with ${code}`)));
  });
}

/** A cookie that is not a session's: the store of visitor pages then leaves the request to the app, which renders it. */
const RENDERED_VISITOR_COOKIE = "bench=rendered";

const pct = (v: number) => `${(v * 100).toFixed(0)} %`;

/** Slices of one server's runs as one: requests per second over all of them; p50 and p99 the worst slice's. */
function combine(slices: AutocannonResult[]) {
  return {
    rps: slices.reduce((n, r) => n + r.requests.average, 0) / slices.length,
    p50: Math.max(...slices.map((r) => r.latency.p50)),
    p99: Math.max(...slices.map((r) => r.latency.p99)),
    errors: slices.reduce((n, r) => n + r.non2xx + r.errors + r.timeouts, 0),
    /** What went wrong, when anything did: answers other than 2xx, socket errors, time-outs. */
    errorNote: (["non2xx", "errors", "timeouts"] as const)
      .map((k) => [k, slices.reduce((n, r) => n + r[k], 0)] as const)
      .filter(([, n]) => n > 0)
      .map(([k, n]) => `${n} ${k === "non2xx" ? "non-2xx" : k}`)
      .join(", "),
  };
}

async function main() {
  const startNote = machineNote();
  console.log(`[http] ${startNote}; uptime: ${fs.readFileSync("/proc/loadavg", "utf8").trim()}`);
  const bench = await createThrowawayDatabase();
  let app: AppServer | undefined;
  let base: ChildProcess | undefined;
  let appStartedAt = 0;
  /** The app's timed slices per case (ms since it was started) and the requests they answered, for the profile. */
  const appWindows = new Map<string, { windows: [number, number][]; requests: number }>();
  const captureFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mm-bench-http-")), "capture.json");
  try {
    if (PROFILE_DIR) fs.mkdirSync(PROFILE_DIR, { recursive: true });
    console.log(`[http] database ${bench.name}; starting the production server (seeds the demo data)`);
    appStartedAt = Date.now();
    app = await startAppServer({
      port: APP_PORT,
      databaseUrl: bench.url,
      seed: true,
      nodeArgs: [`--import=${COUNT_QUERIES}`, ...(PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [])],
    });
    const appUrl = app.url;
    const running = app;
    /** Statements the app has sent to PostgreSQL so far (bench/lib/count-queries.mjs). */
    const queriesSoFar = async () => {
      const from = running.output().length;
      process.kill(running.pid, "SIGUSR2");
      // A busy server answers late (its event loop is full of requests still being written).
      for (let i = 0; i < 3_000; i++) {
        const m = /\[queries\] (\d+)/.exec(running.output().slice(from));
        if (m) return Number(m[1]);
        await new Promise((r) => setTimeout(r, 10));
      }
      throw new Error("the app did not report its query count within 30 s");
    };

    // Who asks: a visitor (no cookie), and the demo buyer and seller signed in through the form.
    const account = (role: "buyer" | "seller") => DEMO_ACCOUNTS.users.find((u) => u.role === role)!.email;
    const cookies: Record<Persona, string | undefined> = {
      visitor: undefined,
      buyer: await signIn(appUrl, account("buyer"), DEMO_ACCOUNTS.password),
      seller: await signIn(appUrl, account("seller"), DEMO_ACCOUNTS.password),
    };
    const headersFor = (c: Case): Record<string, string> => ({
      ...(cookies[c.as] ? { cookie: cookies[c.as]! } : {}),
      ...(c.as === "visitor" && c.kind === "page" && !c.stored ? { cookie: RENDERED_VISITOR_COOKIE } : {}),
      ...(c.acceptEncoding ? { "accept-encoding": c.acceptEncoding } : {}),
    });

    const catalog = (await rawGet(`${appUrl}/catalog`)).body.toString("utf8");
    // The first card's listing (its photo's address names it).
    const listingId = /\/media\/listings\/([0-9a-f-]{36})\//.exec(catalog)?.[1];
    const listingPath = listingId && `/listing/${listingId}`;
    // The page's largest script (React and React Router, in one file): the file a first visit waits for.
    const scriptPath = [...new Set([...catalog.matchAll(/"(\/assets\/[\w.-]+\.js)"/g)].map((m) => m[1]!))]
      .map((p) => ({ p, size: fs.statSync(path.join("build/client", p)).size }))
      .sort((a, b) => b.size - a.size)[0]?.p;
    if (!listingPath || !scriptPath) throw new Error("the catalog shows no listing link or no script");
    const scriptKb = Math.round(fs.statSync(path.join("build/client", scriptPath)).size / 1024);

    const all: Case[] = [
      { name: `${scriptPath.replace(/-[\w-]+\.js$/, ".js")} (${scriptKb} KB)`, kind: "file", path: scriptPath, as: "visitor", target: { ratio: 0.5 } },
      { name: `${scriptPath.replace(/-[\w-]+\.js$/, ".js")} compressed`, kind: "file", path: scriptPath, as: "visitor", acceptEncoding: BROWSER_ACCEPT_ENCODING, target: { ratio: 0.5 } },
      { name: "/robots.txt", kind: "file", path: "/robots.txt", as: "visitor" },
      { name: "/catalog", kind: "page", path: "/catalog", as: "visitor", target: { ratio: 0.4, p99Ms: 150 } },
      { name: "/catalog stored", kind: "page", path: "/catalog", as: "visitor", stored: true, target: { p99Ms: 150 } },
      { name: "/listing/<id>", kind: "page", path: listingPath, as: "visitor", target: { ratio: 0.4, p99Ms: 100 } },
      { name: "/listing/<id> stored", kind: "page", path: listingPath, as: "visitor", stored: true, target: { p99Ms: 100 } },
      { name: "/buyer-catalog (buyer)", kind: "page", path: "/buyer-catalog", as: "buyer", target: { ratio: 0.4 } },
      { name: "/seller-dashboard (seller)", kind: "page", path: "/seller-dashboard", as: "seller", target: { ratio: 0.4 } },
      { name: "/contact", kind: "page", path: "/contact", as: "visitor" },
    ];
    const cases = ONLY ? all.filter((c) => ONLY.some((o) => c.name.includes(o))) : all;
    if (!cases.length) throw new Error(`--only=${ONLY?.join(",")} matches no case: ${all.map((c) => c.name).join(", ")}`);

    // Each page once first: what a visit records (a listing view, written in the next batch a moment
    // later) is then in place before the data is captured, and the documents compared, so both show it.
    for (const c of cases) if (c.kind === "page") await rawGet(`${appUrl}${c.path}`, headersFor(c));
    await new Promise((r) => setTimeout(r, 3_000));

    // What the baselines send: each page's loader data, each file's bytes and headers, as the app answered.
    const capture: BaselineCapture = { pagePort: PAGE_BASELINE_PORT, filePort: FILE_BASELINE_PORT, pages: [], files: [] };
    for (const c of cases) {
      if (c.kind === "page") {
        const res = await rawGet(`${appUrl}${c.path}.data`, headersFor(c));
        if (res.status !== 200) throw new Error(`${c.path}.data answered ${res.status}`);
        capture.pages.push({ path: c.path, data: res.body.toString("base64") });
      } else {
        const res = await rawGet(`${appUrl}${c.path}`, headersFor(c));
        if (res.status !== 200) throw new Error(`${c.path} answered ${res.status}`);
        const file: CapturedFile = {
          path: c.path,
          acceptEncoding: c.acceptEncoding ?? "",
          encoding: header(res.headers, "content-encoding") ?? "identity",
          status: res.status,
          headers: res.headers,
          body: res.body.toString("base64"),
        };
        if (c.acceptEncoding) console.log(`[http] ${c.path} with Accept-Encoding "${c.acceptEncoding}": the app answers ${file.encoding}`);
        capture.files.push(file);
      }
    }
    fs.writeFileSync(captureFile, JSON.stringify(capture));
    base = await startBaseline(captureFile);
    const baselineUrl = (c: Case) => `http://127.0.0.1:${c.kind === "page" ? PAGE_BASELINE_PORT : FILE_BASELINE_PORT}`;

    // The same bytes from both, or the comparison means nothing.
    for (const c of cases) {
      // A stored page: the first request may be the one that renders it (an earlier copy is past its seconds).
      if (c.stored) await rawGet(appUrl + c.path, headersFor(c));
      const a = await rawGet(appUrl + c.path, headersFor(c));
      const b = await rawGet(baselineUrl(c) + c.path, headersFor(c));
      if (a.status !== 200 || b.status !== 200) throw new Error(`${c.path}: app ${a.status}, baseline ${b.status}`);
      const fromStore = header(a.headers, "x-visitor-page") === "stored";
      if (fromStore !== Boolean(c.stored)) throw new Error(`${c.name}: the app answered ${fromStore ? "from" : "without"} the store of visitor pages`);
      if (c.kind === "page") {
        const diff = documentDifference(a.body.toString("utf8"), b.body.toString("utf8"));
        if (diff) {
          console.error(`[http] ${c.name}: the baseline's document differs from the app's at character ${diff.at} (${diff.lengths})`);
          console.error(`  app:      ${diff.app}\n  baseline: ${diff.baseline}`);
          throw new Error(`${c.name}: not the same document`);
        }
      } else if (!a.body.equals(b.body) || header(a.headers, "content-encoding") !== header(b.headers, "content-encoding")) {
        throw new Error(`${c.name}: the baseline's bytes differ from the app's`);
      }
      console.log(`[http] ${c.name}: same ${c.kind === "page" ? "document" : "bytes"} (${a.body.length.toLocaleString("en")} bytes)`);
    }

    const rows: (string | number)[][] = [["case", "server", "req/s", "p50", "p99", "errors", "queries/req", "app/baseline"]];
    const verdicts: (string | number)[][] = [["case", "target", "measured", "result"]];
    for (const c of cases) {
      const servers = { app: appUrl, baseline: baselineUrl(c) };
      const slices: Record<keyof typeof servers, AutocannonResult[]> = { app: [], baseline: [] };
      const warmed = new Set<string>();
      let queries = 0;
      let idleQueries = 0;
      let answered = 0;
      // App, baseline, baseline, app: a load that rises or falls during the case weighs on both alike.
      for (const name of ["app", "baseline", "baseline", "app"] as const) {
        const options = { url: servers[name] + c.path, connections: CONNECTIONS, headers: headersFor(c) };
        if (!warmed.has(name)) {
          warmed.add(name);
          await autocannon({ ...options, duration: WARMUP_SECONDS });
        }
        const from = Date.now() - appStartedAt;
        const queriesBefore = await queriesSoFar();
        const r = await autocannon({ ...options, duration: SECONDS / 2 });
        slices[name].push(r);
        // While the baseline runs the app is idle: what it sends then is its background (the job queue's polling).
        if (name === "baseline") idleQueries += (await queriesSoFar()) - queriesBefore;
        if (name === "app") {
          queries += (await queriesSoFar()) - queriesBefore;
          answered += r.requests.total;
          const seen = appWindows.get(c.name) ?? { windows: [], requests: 0 };
          appWindows.set(c.name, { windows: [...seen.windows, [from, Date.now() - appStartedAt]], requests: seen.requests + r.requests.total });
        }
      }
      const a = combine(slices.app);
      const b = combine(slices.baseline);
      console.log(
        `[http] ${c.name}: app ${a.rps.toFixed(0)} req/s (p99 ${a.p99} ms), baseline ${b.rps.toFixed(0)} req/s (p99 ${b.p99} ms); load ${os.loadavg()[0]!.toFixed(1)}`,
      );
      const ratio = a.rps / b.rps;
      if (a.errors || b.errors) console.log(`[http] ${c.name}: app ${a.errorNote || "no errors"}; baseline ${b.errorNote || "no errors"}`);
      // The same time idle and loaded (two slices each): the page's own statements are the difference.
      const perRequest = (Math.max(0, queries - idleQueries) / Math.max(answered, 1)).toFixed(2);
      rows.push([c.name, "app (server.js)", a.rps.toFixed(0), ms(a.p50, 0), ms(a.p99, 0), a.errors, perRequest, pct(ratio)]);
      rows.push(["", c.kind === "page" ? "baseline (same document)" : "baseline (same bytes)", b.rps.toFixed(0), ms(b.p50, 0), ms(b.p99, 0), b.errors, "0", ""]);
      if (c.target?.ratio !== undefined)
        verdicts.push([c.name, `≥ ${pct(c.target.ratio)} of the baseline's req/s`, pct(ratio), ratio >= c.target.ratio && !a.errors ? "PASS" : "MISS"]);
      if (c.target?.p99Ms !== undefined)
        verdicts.push([c.name, `p99 < ${c.target.p99Ms} ms`, ms(a.p99, 0), a.p99 < c.target.p99Ms && !a.errors ? "PASS" : "MISS"]);
    }
    printTable(
      `At ${CONNECTIONS} connections, ${SECONDS} s per server and case in two slices after ${WARMUP_SECONDS} s warm-up (autocannon); pages without Accept-Encoding; ${os.cpus().length} cores`,
      rows,
    );
    printTable("Targets", verdicts);
    console.log(`Per-response values ignored when comparing documents: ${PER_RESPONSE_VALUES.map((v) => v.what).join("; ")}.`);
    console.log(`[machine] at the start: ${startNote}`);
    console.log(`[machine] at the end:   ${machineNote()}`);
  } finally {
    if (base && base.exitCode === null) {
      const exited = new Promise((r) => base!.once("exit", r));
      base.kill("SIGTERM");
      await exited;
    }
    await app?.stop();
    await bench.drop();
    fs.rmSync(path.dirname(captureFile), { recursive: true, force: true });
  }
  if (PROFILE_DIR) {
    const newest = fs
      .readdirSync(PROFILE_DIR)
      .filter((f) => f.endsWith(".cpuprofile"))
      .map((f) => path.join(PROFILE_DIR, f))
      .sort((x, y) => fs.statSync(y).mtimeMs - fs.statSync(x).mtimeMs)[0];
    // Only the app's timed runs of each case: not its start-up, the demo seed or the baselines' turns.
    if (newest) for (const [name, w] of appWindows) summariseCpuProfile(newest, { title: name, ...w });
  }
}

if (process.argv[2] === "--baseline") {
  const { runBaseline } = await import("./lib/full-document-baseline.ts");
  await runBaseline(process.argv[3]!);
} else await main();
