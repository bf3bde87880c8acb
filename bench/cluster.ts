/**
 * Two instances of the production build behind HAProxy, as docs/deploy.md
 * sets them up, and the checks that they behave as one marketplace:
 *
 *   npm run build && npm run bench:cluster
 *   npm run bench:cluster -- --from-clean [--repo=<path or URL>]
 *   npm run bench:cluster -- --quick        (shorter windows: a check of the script, not figures)
 *
 * On loopback: a throwaway PostgreSQL database (127.0.0.1:5432, or
 * BENCH_POSTGRES_URL), an s3rver bucket (photos, mandates, documents), an SMTP
 * server that counts what it is handed, instances A and B (both started at
 * once on the empty database: the migration lock), and HAProxy (installed
 * with apt-get when missing) with the haproxy.cfg of docs/deploy.md. Then:
 *
 *   1. throughput through one instance and through two (the same closed loop of page views);
 *   2. a load test through the balancer: 0 errors, every write in the database once;
 *   3. a photo and a signed mandate uploaded through A, served through B;
 *      a session made on A valid on B; a notification written on A reaching a
 *      live stream on B; a write through A emptying B's store of visitor
 *      pages; the sign-in limit counted across A and B;
 *   4. every e-mail delivered once over SMTP; every scheduled job run once per occurrence;
 *   5. a rolling restart: A gets SIGTERM under load, then starts again (0 errors);
 *   6. B killed (SIGKILL) under load: 0 errors for GET, and what became of the POSTs.
 *
 * With --from-clean it first follows docs/deploy.md from a clean clone: git
 * clone (the repository's committed HEAD), npm install, npm run build, npm run
 * db:migrate, and starts the instances from that folder. Exit code 1 when a
 * check fails. Ports 4800–4899.
 */
import { execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { PDFDocument } from "pdf-lib";
import { DEMO_ACCOUNTS } from "#db/demo-accounts.ts";
import { jpeg } from "#tests/e2e/support/images.ts";
import { startAppServer, type AppServer } from "../scripts/lib/app-server.ts";
import { createThrowawayDatabase, type ThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import {
  ensureHaproxy,
  haproxyConfigOf,
  localHaproxyConfig,
  startHaproxy,
  startS3,
  startSmtp,
  type Haproxy,
} from "./lib/cluster-infra.ts";
import {
  admin,
  buyer,
  Client,
  createAccounts,
  eachLimited,
  mixedTraffic,
  newLedger,
  newRun,
  pageViews,
  PASSWORD,
  reconcile,
  seller,
  visitor,
  type Failure,
  type MixedResult,
} from "./lib/cluster-load.ts";
import { machineNote, ms, percentile, printTable } from "./lib/stats.ts";

const args = process.argv.slice(2);
const FROM_CLEAN = args.includes("--from-clean");
const REPO = args.find((a) => a.startsWith("--repo="))?.slice("--repo=".length) ?? "/work/main";
const PORT = { balancer: 4800, s3: 4810, smtp: 4811, a: 4821, b: 4822 };
/** --quick: shorter windows (a check of the script itself, not figures to record). */
const QUICK = args.includes("--quick");
const LOAD = QUICK
  ? { visitors: 6, buyers: 6, sellers: 2, seconds: 15, thinkMs: 700 }
  : { visitors: 19, buyers: 16, sellers: 4, seconds: 45, thinkMs: 700 };
const THROUGHPUT = { workers: 16, seconds: QUICK ? 8 : 12, rounds: QUICK ? 1 : 3 };
const RUN = newRun();
const ADMIN = DEMO_ACCOUNTS.users.find((u) => u.role === "admin")!;
const DEMO_BUYER = DEMO_ACCOUNTS.users.find((u) => u.role === "buyer")!;
const DEMO_SELLER = DEMO_ACCOUNTS.users.find((u) => u.role === "seller")!;

const started = Date.now();
const log = (line: string) =>
  console.log(`[cluster ${((Date.now() - started) / 1000).toFixed(0).padStart(3)} s] ${line}`);
const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

type Check = { name: string; ok: boolean; detail: string };
const checks: Check[] = [];
function check(name: string, ok: boolean, detail: string) {
  checks.push({ name, ok, detail });
  log(`${ok ? "PASS" : "FAIL"} ${name}: ${detail}`);
}
/** Runs one check's steps; an exception fails that check and the run goes on. */
async function step(name: string, fn: () => Promise<void>) {
  try {
    await fn();
  } catch (error) {
    check(name, false, `stopped: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** CPU seconds (user + system) of a process, from /proc. */
function cpuSecondsOf(pid: number) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

function run(
  command: string,
  commandArgs: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv; logFile: string },
) {
  const t = Date.now();
  return new Promise<number>((resolve, reject) => {
    const out = fs.openSync(options.logFile, "a");
    const child = spawn(command, commandArgs, {
      cwd: options.cwd,
      env: options.env ?? process.env,
      stdio: ["ignore", out, out],
    });
    child.on("exit", (code) => {
      fs.closeSync(out);
      if (code === 0) resolve((Date.now() - t) / 1000);
      else reject(new Error(`${command} ${commandArgs.join(" ")} exited ${code}; see ${options.logFile}`));
    });
  });
}

const groupFailures = (failures: Failure[]) => {
  const grouped = new Map<string, number>();
  for (const f of failures) grouped.set(`${f.type} → ${f.status}`, (grouped.get(`${f.type} → ${f.status}`) ?? 0) + 1);
  return [...grouped].map(([k, v]) => `${v} × ${k}`).join("; ");
};

async function main() {
  log(`run ${RUN}; ${machineNote()}`);
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "mm-cluster-"));
  const logFile = path.join(tmp, "steps.log");
  let database: ThrowawayDatabase | undefined;
  let db: pg.Client | undefined;
  let s3: Awaited<ReturnType<typeof startS3>> | undefined;
  let smtp: Awaited<ReturnType<typeof startSmtp>> | undefined;
  let haproxy: Haproxy | undefined;
  const servers: { a?: AppServer; b?: AppServer } = {};
  const startedServers: AppServer[] = [];
  try {
    log(`HAProxy: ${ensureHaproxy(log)}`);

    // ---------------------------------------------------------------- the app's folder
    let appDir = process.cwd();
    if (FROM_CLEAN) {
      appDir = path.join(tmp, "app");
      log(`following docs/deploy.md from a clean clone of ${REPO} (output in ${logFile})`);
      await run("git", ["clone", "--quiet", REPO, appDir], { cwd: tmp, logFile });
      const head = execFileSync("git", ["-C", appDir, "log", "-1", "--format=%h %s"], { encoding: "utf8" }).trim();
      log(`cloned ${head.slice(0, 90)}`);
      log(
        `npm install: ${(await run("npm", ["install", "--no-audit", "--no-fund"], { cwd: appDir, logFile })).toFixed(0)} s`,
      );
      log(`npm run build: ${(await run("npm", ["run", "build"], { cwd: appDir, logFile })).toFixed(0)} s`);
    } else if (!fs.existsSync("build/server/index.js")) {
      throw new Error("No production build: run `npm run build` first (or pass --from-clean).");
    }

    // ---------------------------------------------------------------- database, storage, mail
    database = await createThrowawayDatabase({ prefix: "mm_cluster" });
    s3 = await startS3({ port: PORT.s3, dir: path.join(tmp, "s3"), bucket: "marketplace" });
    smtp = await startSmtp({ port: PORT.smtp });
    const balancerUrl = `http://127.0.0.1:${PORT.balancer}`;
    const env: Record<string, string> = {
      ...s3.env,
      DATABASE_URL: database.url,
      SESSION_SECRET: randomBytes(32).toString("base64"),
      PUBLIC_URL: balancerUrl,
      TRUST_PROXY: "1",
      SMTP_URL: smtp.url,
      MAIL_FROM: "DealEquip <no-reply@machinery.local>",
      AUTH_RATE_LIMIT: "1",
      ADMIN_TWO_FACTOR: "optional",
      LOG_LEVEL: "warn",
    };
    log(`database ${database.name}; s3rver on ${PORT.s3}; SMTP on ${PORT.smtp}`);
    if (FROM_CLEAN) {
      const t = Date.now();
      await run("npm", ["run", "db:migrate"], {
        cwd: appDir,
        env: { ...process.env, ...env, NODE_ENV: "production" },
        logFile,
      });
      const said = fs.readFileSync(logFile, "utf8").includes("Migrations applied (PostgreSQL)");
      check("npm run db:migrate from the clean clone", said, `${((Date.now() - t) / 1000).toFixed(0)} s`);
    }

    // ---------------------------------------------------------------- two instances at once
    const t0 = Date.now();
    const start = (port: number, seed: boolean) =>
      startAppServer({
        port,
        cwd: appDir,
        databaseUrl: database!.url,
        seed,
        publicUrl: balancerUrl,
        env,
        stopTimeoutMs: 30_000,
      });
    const [a, b] = await Promise.allSettled([start(PORT.a, true), start(PORT.b, false)]);
    if (a.status === "fulfilled") startedServers.push((servers.a = a.value));
    if (b.status === "fulfilled") startedServers.push((servers.b = b.value));
    db = new pg.Client({ connectionString: database.url });
    await db.connect();
    const journal = JSON.parse(fs.readFileSync(path.join(appDir, "db/migrations/meta/_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const migrated = Number((await db.query(`select count(*)::int as n from drizzle.__drizzle_migrations`)).rows[0].n);
    check(
      FROM_CLEAN
        ? "two instances started at once on the migrated database"
        : "two instances started at once on an empty database",
      a.status === "fulfilled" && b.status === "fulfilled" && migrated === journal.entries.length,
      `${((Date.now() - t0) / 1000).toFixed(0)} s; ${migrated} migrations recorded (journal: ${journal.entries.length})` +
        (a.status === "rejected" ? `; A: ${String(a.reason).slice(0, 300)}` : "") +
        (b.status === "rejected" ? `; B: ${String(b.reason).slice(0, 300)}` : ""),
    );
    if (!servers.a || !servers.b) throw new Error("an instance did not start");

    // ---------------------------------------------------------------- HAProxy with the recipe's haproxy.cfg
    const recipe = haproxyConfigOf(fs.readFileSync(path.join(appDir, "docs/deploy.md"), "utf8"));
    const socket = path.join(tmp, "haproxy.sock");
    const config = localHaproxyConfig(recipe, {
      port: PORT.balancer,
      servers: [
        { name: "app1", port: PORT.a },
        { name: "app2", port: PORT.b },
      ],
      socket,
    });
    haproxy = await startHaproxy({ dir: tmp, config, port: PORT.balancer, socket });
    await haproxy.waitFor({ app1: "UP", app2: "UP" });
    log(`HAProxy on ${PORT.balancer} with docs/deploy.md's haproxy.cfg: app1 → ${PORT.a}, app2 → ${PORT.b}, both UP`);
    const lb = haproxy;

    const publicIds = (
      await db.query(
        `select id from listings where admin_status = 'approved' and status = 'approved' order by created_on desc limit 20`,
      )
    ).rows.map((r: { id: string }) => r.id);
    const pages = [
      "/",
      "/catalog?q=excavator",
      "/catalog?category=excavators&sort=newest",
      "/equipment",
      ...publicIds.slice(0, 8).map((id) => `/listing/${id}`),
    ];

    // ---------------------------------------------------------------- 1. throughput, one instance and two
    await step("throughput", async () => {
      // Every page rendered (a cookie that is not a session's): the work a second instance shares.
      const cookie = "bench=rendered";
      await pageViews({ base: balancerUrl, paths: pages, workers: 4, seconds: 5, cookie }); // warm both
      const measure = async (label: string) => {
        const cpu = [servers.a!, servers.b!].map((s) => cpuSecondsOf(s.pid));
        const load = os.loadavg()[0]!;
        const result = await pageViews({
          base: balancerUrl,
          paths: pages,
          workers: THROUGHPUT.workers,
          seconds: THROUGHPUT.seconds,
          cookie,
        });
        const used = [servers.a!, servers.b!].map((s, i) => cpuSecondsOf(s.pid) - cpu[i]!);
        return { label, load, used, ...result };
      };
      // One and two in turns, so that the other work on the machine weighs on both alike. Weight 0 takes
      // app2 out of the rotation at once; back at its full weight it gets its share at once (no slowstart).
      const setWeight = async (weight: string) => {
        const answer = (await lb.command(`set weight app/app2 ${weight}`)).trim();
        if (answer) throw new Error(`HAProxy refused "set weight app/app2 ${weight}": ${answer}`);
        await sleep(500);
      };
      const rows: Awaited<ReturnType<typeof measure>>[] = [];
      for (let round = 1; round <= THROUGHPUT.rounds; round++) {
        await setWeight("0");
        rows.push(await measure(`${round}. one instance (app2 weight 0)`));
        await setWeight("100%");
        rows.push(await measure(`${round}. two instances`));
      }
      const rate = (label: string) => {
        const of = rows.filter((r) => r.label.includes(label));
        return of.reduce((n, r) => n + r.requests, 0) / of.reduce((n, r) => n + r.elapsed, 0);
      };
      const one = rate("one instance");
      const two = rate("two instances");
      const errors = rows.flatMap((r) => r.errors);
      printTable(
        `Throughput through HAProxy: ${THROUGHPUT.workers} clients, page views without pause (each rendered), ${THROUGHPUT.rounds} × ${THROUGHPUT.seconds} s each way`,
        [
          ["", "requests/s", "p50", "p95", "errors", "CPU A", "CPU B", "load (1 min)"],
          ...rows.map((r) => [
            r.label,
            r.perSecond.toFixed(1),
            ms(percentile(r.times, 50), 0),
            ms(percentile(r.times, 95), 0),
            r.errors.length,
            `${r.used[0]!.toFixed(1)} s`,
            `${r.used[1]!.toFixed(1)} s`,
            r.load.toFixed(1),
          ]),
        ],
      );
      console.log(
        `\nOne instance ${one.toFixed(1)} req/s, two ${two.toFixed(1)} req/s: ${(two / one).toFixed(2)}× (${machineNote()})`,
      );
      check(
        "throughput one vs two, no errors",
        errors.length === 0 && rows.every((r) => r.requests > 0),
        `${one.toFixed(1)} → ${two.toFixed(1)} req/s (${(two / one).toFixed(2)}×)` +
          (errors.length ? `; errors: ${errors.slice(0, 3).join("; ")}` : ""),
      );
    });

    // ---------------------------------------------------------------- 2. the load test through the balancer
    const { buyers, sellers } = await createAccounts(db, RUN, { buyers: LOAD.buyers, sellers: LOAD.sellers });
    const buyerClients = buyers.map((p, i) => ({
      person: p,
      client: new Client(balancerUrl, `ClusterBench buyer ${i}`),
    }));
    const sellerClients = sellers.map((p, i) => ({
      person: p,
      client: new Client(balancerUrl, `ClusterBench seller ${i}`),
    }));
    const adminClient = new Client(balancerUrl, "ClusterBench admin");
    await step("load test through HAProxy", async () => {
      await adminClient.signIn(ADMIN.email, DEMO_ACCOUNTS.password);
      await eachLimited([...buyerClients, ...sellerClients], 4, ({ person, client }) =>
        client.signIn(person.email, PASSWORD),
      );
      const before = await lb.servers();
      const ledger = newLedger();
      const photos = await Promise.all([0, 1].map((i) => jpeg({ r: 60 + i * 90, g: 120, b: 180 }, 800, 600)));
      const visitors = Array.from(
        { length: LOAD.visitors },
        (_, i) => new Client(balancerUrl, `ClusterBench visitor ${i}`),
      );
      const all = [
        ...visitors,
        ...buyerClients.map((c) => c.client),
        ...sellerClients.map((c) => c.client),
        adminClient,
      ];
      for (const c of all) {
        c.samples = [];
        c.failures = [];
      }
      const users = LOAD.visitors + LOAD.buyers + LOAD.sellers + 1;
      log(
        `load: ${users} users (${LOAD.visitors} visitors, ${LOAD.buyers} buyers, ${LOAD.sellers} sellers, 1 admin) for ${LOAD.seconds} s, think ${LOAD.thinkMs} ms ±50%`,
      );
      const since = new Date(Date.now() - 1000);
      const o = { run: RUN, end: Date.now() + LOAD.seconds * 1000, thinkMs: LOAD.thinkMs, ledger };
      const t = Date.now();
      const stagger = (fn: () => Promise<void>) =>
        sleep(Math.random() * LOAD.thinkMs)
          .then(fn)
          .catch(
            (error: unknown) =>
              void visitors[0]!.failures.push({
                type: "load script",
                status: "exception",
                detail: String(error),
                at: Date.now(),
              }),
          );
      await Promise.all([
        ...visitors.map((c) => stagger(() => visitor(c, o))),
        ...buyerClients.map(({ person, client }) => stagger(() => buyer(client, person, o))),
        ...sellerClients.map(({ person, client }, i) => stagger(() => seller(client, person, photos[i % 2]!, o))),
        stagger(() => admin(adminClient, o)),
      ]);
      const elapsed = (Date.now() - t) / 1000;
      const samples = all.flatMap((c) => c.samples);
      const failures = all.flatMap((c) => c.failures);
      const after = await lb.servers();
      const served = ["app1", "app2"].map((s) => after[s]!.total - (before[s]?.total ?? 0));
      const types = [...new Set(samples.map((s) => s.type))].sort();
      printTable(`Load through HAProxy: ${users} users, ${LOAD.seconds} s`, [
        ["request", "count", "errors", "p50", "p95", "max"],
        ...types.map((type) => {
          const times = samples.filter((s) => s.type === type).map((s) => s.ms);
          return [
            type,
            times.length,
            failures.filter((f) => f.type === type).length,
            ms(percentile(times, 50), 0),
            ms(percentile(times, 95), 0),
            ms(Math.max(...times), 0),
          ];
        }),
      ]);
      console.log(
        `\n${samples.length} requests in ${elapsed.toFixed(1)} s (${(samples.length / elapsed).toFixed(1)}/s); HAProxy sent ${served[0]} to app1 and ${served[1]} to app2. ` +
          `Writes answered with success: ${ledger.requests.size} requests, ${ledger.purchases.size} purchase requests, ${ledger.favourites.size} favourites, ` +
          `${ledger.listings.size} listings, ${ledger.signed.size} mandates signed, ${ledger.approved.size} approvals`,
      );
      await waitForOutbox(db!, 60);
      const lost = await reconcile(db!, { run: RUN, ledger, userIds: [...buyers, ...sellers].map((p) => p.id), since });
      check(
        "load test through HAProxy: 0 errors, nothing lost",
        failures.length === 0 && lost.length === 0 && served[0]! > 0 && served[1]! > 0,
        `${samples.length} requests, ${failures.length} errors${failures.length ? ` (${groupFailures(failures)}; e.g. ${failures[0]!.detail.slice(0, 200)})` : ""}, ` +
          `${lost.length} discrepancies${lost.length ? ` (${lost.slice(0, 5).join("; ")})` : ""}; app1 ${served[0]}, app2 ${served[1]} requests`,
      );
    });

    // ---------------------------------------------------------------- 3. one marketplace, two instances
    const A = servers.a.url;
    const B = servers.b.url;
    await step("a session made on A is valid on B", async () => {
      const c = new Client(A, "ClusterBench session");
      await c.signIn(DEMO_BUYER.email, DEMO_ACCOUNTS.password, A);
      const onB = await c.send("GET /account on B", "/account", { base: B });
      check(
        "a session made on A is valid on B",
        Boolean(onB?.body.includes(DEMO_BUYER.email)),
        onB ? "B shows /account to the session A made" : `B answered ${c.failures.at(-1)?.status}`,
      );
    });

    await step("files uploaded through A are served through B", async () => {
      const sellerClient = new Client(A, "ClusterBench seller");
      await sellerClient.signIn(DEMO_SELLER.email, DEMO_ACCOUNTS.password, A);
      const adminOnA = new Client(A, "ClusterBench admin");
      await adminOnA.signIn(ADMIN.email, DEMO_ACCOUNTS.password, A);
      const form = new FormData();
      const title = `Cluster ${RUN} photo check`;
      for (const [k, v] of Object.entries({
        title,
        description: "Uploaded through instance A, served through instance B.",
        category: "excavators",
        condition: "used",
        price: "450000",
        location: "Durban, KwaZulu-Natal",
        isBargain: "on",
      }))
        form.set(k, v);
      form.append(
        "images",
        new Blob([new Uint8Array(await jpeg({ r: 200, g: 90, b: 30 }, 1200, 900))], { type: "image/jpeg" }),
        "front.jpg",
      );
      const created = await sellerClient.send("POST /api/listings on A", "/api/listings", {
        method: "POST",
        body: form,
        expect: 201,
      });
      if (!created) throw new Error(`creating the listing on A: ${sellerClient.failures.at(-1)?.detail}`);
      const { listingId } = JSON.parse(created.body) as { listingId: string };
      const pdf = await PDFDocument.create();
      pdf.addPage([595, 842]).drawText(`Signed mandate ${RUN}`, { x: 50, y: 780, size: 14 });
      const pdfBytes = Buffer.from(await pdf.save());
      const upload = new FormData();
      upload.set("intent", "upload");
      upload.append(
        "signedPdf",
        new Blob([new Uint8Array(pdfBytes)], { type: "application/pdf" }),
        "mandate-signed.pdf",
      );
      const uploaded = await sellerClient.send(
        "POST /seller/mandate/:id (upload) on A",
        `/seller/mandate/${listingId}`,
        { method: "POST", body: upload, expect: 302 },
      );
      if (!uploaded) throw new Error(`uploading the signed mandate on A: ${sellerClient.failures.at(-1)?.detail}`);
      const approved = await adminOnA.send("POST /admin?index (approve) on A", "/admin?index", {
        method: "POST",
        body: new URLSearchParams({ intent: "approve", listingId }),
      });
      if (!approved) throw new Error(`approving on A: ${adminOnA.failures.at(-1)?.detail}`);

      const visitorOnB = new Client(B, "ClusterBench visitor");
      const page = await visitorOnB.send("GET /listing/:id on B", `/listing/${listingId}`);
      const photoUrl = page?.body.match(
        new RegExp(
          `${s3!.env.S3_PUBLIC_URL.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&")}/public/listings/${listingId}/[\\w.-]+\\.webp`,
        ),
      )?.[0];
      const photo = photoUrl ? await fetch(photoUrl) : undefined;
      const photoData = photo ? Buffer.from(await photo.arrayBuffer()) : Buffer.alloc(0);
      const photoBytes = photoData.length;
      const photoHead = `${photoData.subarray(0, 4).toString("latin1")}${photoData.subarray(8, 12).toString("latin1")}`;
      check(
        "a photo uploaded through A is served through B",
        photo?.status === 200 && photo.headers.get("content-type") === "image/webp" && photoHead === "RIFFWEBP",
        photoUrl
          ? `B's listing page links ${photoUrl.replace(/^.*\/public\//, "…/public/")} (${photo?.status}, ${photo?.headers.get("content-type")}, ${photoBytes} bytes)`
          : `no S3 photo address in B's page (${page ? "200" : visitorOnB.failures.at(-1)?.status})`,
      );
      const agreementId = (
        await db!.query(`select id from mandate_agreements where listing_id = $1 and status = 'signed'`, [listingId])
      ).rows[0]?.id as string | undefined;
      const sellerOnB = await fetch(`${B}/mandates/${agreementId}/pdf`, {
        headers: { Cookie: sellerClient.jar.header() },
      });
      const got = Buffer.from(await sellerOnB.arrayBuffer());
      check(
        "a signed mandate uploaded through A is downloaded through B",
        sellerOnB.status === 200 && got.equals(pdfBytes),
        `${sellerOnB.status} ${sellerOnB.headers.get("content-type")}, ${got.length} bytes, ${got.equals(pdfBytes) ? "the same bytes" : "different bytes"}`,
      );
    });

    await step("a notification written on A reaches a live stream on B", async () => {
      const adminOnB = new Client(B, "ClusterBench admin");
      await adminOnB.signIn(ADMIN.email, DEMO_ACCOUNTS.password, B);
      const buyerOnA = new Client(A, "ClusterBench buyer");
      await buyerOnA.signIn(DEMO_BUYER.email, DEMO_ACCOUNTS.password, A);
      const abort = new AbortController();
      const stream = await fetch(`${B}/notifications/stream`, {
        headers: { Cookie: adminOnB.jar.header(), Accept: "text/event-stream" },
        signal: abort.signal,
      });
      if (stream.status !== 200 || !stream.body) throw new Error(`the stream on B answered ${stream.status}`);
      const reader = stream.body.getReader();
      let text = "";
      const waitForText = async (needle: RegExp, timeoutMs: number) => {
        const deadline = Date.now() + timeoutMs;
        while (!needle.test(text)) {
          const left = deadline - Date.now();
          if (left <= 0) return false;
          const chunk = await Promise.race([reader.read(), sleep(left).then(() => undefined)]);
          if (!chunk || chunk.done) return needle.test(text);
          text += new TextDecoder().decode(chunk.value);
        }
        return true;
      };
      if (!(await waitForText(/event: ready/, 15_000))) throw new Error("the stream on B sent no ready event");
      const t = Date.now();
      const sent = await buyerOnA.send("POST /feedback on A", "/feedback?type=buyer", {
        method: "POST",
        body: new URLSearchParams({ type: "buyer", rating: "3", comments: `Sent through instance A (${RUN})` }),
      });
      const arrived = sent ? await waitForText(/event: notification\ndata: .*Buyer feedback/, 10_000) : false;
      abort.abort();
      check(
        "a notification written on A reaches a live stream on B",
        arrived,
        arrived
          ? `in ${Date.now() - t} ms (feedback posted on A; the admin's stream on B)`
          : `not within 10 s${sent ? "" : ` (the post on A failed: ${buyerOnA.failures.at(-1)?.status})`}`,
      );
    });

    await step("a write through A empties B's store of visitor pages", async () => {
      const page = `/listing/${publicIds[0]}`;
      const visit = async () => {
        const res = await fetch(`${B}${page}`);
        await res.arrayBuffer();
        return res.headers.get("x-visitor-page") === "stored";
      };
      const buyerOnA = new Client(A, "ClusterBench buyer");
      await buyerOnA.signIn(DEMO_BUYER.email, DEMO_ACCOUNTS.password, A);
      // Other traffic is over (and the sign-in's own announcement heard): the second visit to B comes from its store.
      await sleep(500);
      await visit();
      const storedBefore = await visit();
      const t = Date.now();
      await buyerOnA.send("POST /feedback on A", "/feedback?type=buyer", {
        method: "POST",
        body: new URLSearchParams({ type: "buyer", rating: "4", comments: `Empties the stores (${RUN})` }),
      });
      // The announcement travels through PostgreSQL (NOTIFY): B forgets within moments.
      let rendered = false;
      while (!rendered && Date.now() - t < 5_000) rendered = !(await visit());
      check(
        "a write through A empties B's store of visitor pages",
        storedBefore && rendered,
        storedBefore
          ? rendered
            ? `B rendered ${page} again ${Date.now() - t} ms after the write on A`
            : "B still answered from its store 5 s after the write on A"
          : "B did not answer the second visit from its store",
      );
    });

    await step("the sign-in limit holds across A and B", async () => {
      const email = `cluster-${RUN}-nobody@example.co.za`;
      const statuses: string[] = [];
      for (let i = 0; i < 12; i++) {
        const base = i % 2 === 0 ? A : B;
        const res = await fetch(`${base}/signin`, {
          method: "POST",
          headers: { Origin: base },
          body: new URLSearchParams({ intent: "signin", email, password: "Wrong-password-1" }),
          redirect: "manual",
        });
        await res.arrayBuffer();
        statuses.push(`${i % 2 === 0 ? "A" : "B"}:${res.status}`);
      }
      const limited = statuses.map((s) => s.endsWith(":429"));
      check(
        "the sign-in limit holds across A and B",
        limited.slice(0, 10).every((l) => !l) && limited[10] === true && limited[11] === true,
        `10 wrong passwords alternately on A and B, then 429 on both: ${statuses.join(" ")}`,
      );
    });

    // ---------------------------------------------------------------- 4. e-mail once (before any instance is cut short)
    await step("each e-mail is delivered once", async () => {
      await waitForOutbox(db!, 60);
      await sleep(1000);
      await emailsOnce(db!, smtp!.inbox);
    });

    // ---------------------------------------------------------------- 5. rolling restart: SIGTERM under load
    const trafficBuyers = buyerClients.slice(0, 6);
    const favourites = new Map<string, boolean>();
    /** Mixed GET and POST traffic through the balancer until `release` is called. */
    const startTraffic = () => {
      let release = () => {};
      const until = new Promise<void>((r) => (release = r));
      const traffic = mixedTraffic({
        base: balancerUrl,
        paths: pages,
        buyers: trafficBuyers,
        listingIds: publicIds,
        getWorkers: 6,
        until,
        favourites,
      });
      return { traffic, release: () => release() };
    };
    await step("rolling restart of A under load", async () => {
      const { traffic, release } = startTraffic();
      await sleep(4000);
      const t = Date.now();
      servers.a!.child.kill("SIGTERM");
      const downSeen = lb.waitFor({ app1: "DOWN" }, 20_000).then(() => Date.now() - t);
      const code = await servers.a!.exited();
      const drained = Date.now() - t;
      await sleep(2000);
      release();
      const result = await traffic;
      const down = await downSeen.catch(() => NaN);
      await servers.a!.stop();
      const t2 = Date.now();
      servers.a = await startAppServer({
        port: PORT.a,
        cwd: appDir,
        databaseUrl: database!.url,
        seed: false,
        publicUrl: balancerUrl,
        env,
        stopTimeoutMs: 30_000,
      });
      startedServers.push(servers.a);
      await lb.waitFor({ app1: "UP" }, 60_000);
      const back = Date.now() - t2;
      printMixed("Rolling restart: SIGTERM to A under load", result);
      check(
        "rolling restart (SIGTERM) of A under load: 0 errors",
        code === 0 &&
          result.get.failed.length + result.post.failed.length === 0 &&
          result.get.ok > 0 &&
          result.post.ok > 0,
        `HAProxy had app1 DOWN after ${down} ms, A exited ${code} after ${drained} ms; ${result.get.ok} GET and ${result.post.ok} POST answered, ` +
          `${result.get.failed.length + result.post.failed.length} errors${result.get.failed.length + result.post.failed.length ? ` (${groupFailures([...result.get.failed, ...result.post.failed])})` : ""}; A back in rotation ${(back / 1000).toFixed(0)} s after its restart began`,
      );
    });

    // ---------------------------------------------------------------- 6. SIGKILL under load
    let killResult: MixedResult | undefined;
    await step("B killed under load", async () => {
      const before = (await lb.servers()).app2!;
      const { traffic, release } = startTraffic();
      await sleep(4000);
      const killedAt = Date.now();
      await servers.b!.kill();
      const downSeen = lb.waitFor({ app2: "DOWN" }, 20_000).then(() => Date.now() - killedAt);
      await sleep(8000);
      release();
      killResult = await traffic;
      const down = await downSeen.catch(() => NaN);
      const after = (await lb.servers()).app2!;
      printMixed("SIGKILL to B under load", killResult);
      const postFailures = killResult.post.failed;
      // A page whose answer had begun when B died is cut: no proxy can send it again. Every other GET must be answered.
      const getFailures = killResult.get.failed.filter((f) => f.status !== "cut");
      const getCut = killResult.get.failed.length - getFailures.length;
      check(
        "B killed (SIGKILL) under load: 0 errors for GET",
        getFailures.length === 0 && killResult.get.ok > 0,
        `${killResult.get.ok} GET answered, ${getFailures.length} failed${getFailures.length ? ` (${groupFailures(getFailures)}; e.g. ${getFailures[0]!.detail.slice(0, 160)})` : ""}` +
          `${getCut ? `, ${getCut} cut mid-answer (streamed by B when it died)` : ""}; ` +
          `HAProxy had app2 DOWN ${down} ms after the kill, retried ${after.retries - before.retries} and redispatched ${after.redispatches - before.redispatches} requests; ` +
          `POST: ${killResult.post.ok} answered, ${postFailures.length} failed${postFailures.length ? ` (${groupFailures(postFailures)}, ${postFailures.map((f) => `${f.at - killedAt} ms`).join(", ")} after the kill; e.g. ${postFailures[0]!.detail.slice(0, 160)})` : ""}`,
      );
      // The toggles whose answer came back are in the database as answered.
      const rows = await db!.query(`select user_id, listing_id from favourites where user_id = any($1)`, [
        trafficBuyers.map((b) => b.person.id),
      ]);
      const inDb = new Set(
        rows.rows.map((r: { user_id: string; listing_id: string }) => `${r.user_id} ${r.listing_id}`),
      );
      const wrong = [...favourites].filter(([key, want]) => inDb.has(key) !== want);
      check(
        "favourites answered during the restart and the kill are in the database as answered",
        wrong.length === 0,
        `${favourites.size} checked, ${wrong.length} differ`,
      );
    });

    // ---------------------------------------------------------------- scheduled jobs: once per occurrence
    await step("each scheduled job runs once per occurrence", async () => {
      const dupes = await db!.query(
        `select singleton_key, singleton_on, count(*)::int as n from pgboss.job where name = '__pgboss__send-it' group by 1, 2 having count(*) > 1`,
      );
      const occurrences = await db!.query(
        `select singleton_key as key, count(*)::int as n, min(singleton_on) as first, max(singleton_on) as last
         from pgboss.job where name = '__pgboss__send-it' group by 1 order by 1`,
      );
      const schedules = await db!.query(`select name, count(*)::int as n from pgboss.schedule group by 1`);
      const minute = occurrences.rows.find((r: { key: string }) => r.key.startsWith("match-saved-searches")) as
        { n: number; first: Date; last: Date } | undefined;
      const minutes = minute
        ? Math.round((new Date(minute.last).getTime() - new Date(minute.first).getTime()) / 60_000) + 1
        : 0;
      check(
        "each scheduled job runs once per occurrence",
        dupes.rowCount === 0 &&
          schedules.rows.every((r: { n: number }) => r.n === 1) &&
          minute !== undefined &&
          minute.n === minutes,
        `${schedules.rowCount} schedules, one row each; the every-minute match-saved-searches fired ${minute?.n ?? 0} times in ${minutes} minute slots; ` +
          `${dupes.rowCount} occurrences sent twice (pgboss.job, __pgboss__send-it)`,
      );
    });
  } finally {
    await haproxy?.stop().catch(() => {});
    await Promise.all(startedServers.map((s) => s.stop().catch(() => {})));
    await db?.end().catch(() => {});
    await smtp?.close().catch(() => {});
    await s3?.close().catch(() => {});
    await database?.drop().catch((error: unknown) => console.error("could not drop the database", error));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

async function waitForOutbox(db: pg.Client, seconds: number) {
  for (let i = 0; i < seconds * 4; i++) {
    const { rows } = await db.query(`select count(*)::int as count from email_outbox where status = 'queued'`);
    if ((rows[0] as { count: number }).count === 0) return;
    await sleep(250);
  }
}

/** Every outbox row delivered over SMTP arrived once; nothing arrived that the outbox does not hold; nothing failed or waits. */
async function emailsOnce(db: pg.Client, inbox: { to: string; subject: string }[]) {
  const rows = (await db.query(`select lower(to_address) as to, subject, status, transport from email_outbox`))
    .rows as {
    to: string;
    subject: string;
    status: string;
    transport: string | null;
  }[];
  const key = (m: { to: string; subject: string }) => `${m.to} | ${m.subject}`;
  const want = new Map<string, number>();
  for (const r of rows.filter((r) => r.status === "sent" && r.transport === "smtp"))
    want.set(key(r), (want.get(key(r)) ?? 0) + 1);
  const got = new Map<string, number>();
  for (const m of inbox) got.set(key(m), (got.get(key(m)) ?? 0) + 1);
  const differ = [...new Set([...want.keys(), ...got.keys()])].filter((k) => want.get(k) !== got.get(k));
  const notSent = rows.filter((r) => r.status !== "sent" || r.transport !== "smtp");
  check(
    "each e-mail is delivered once over SMTP",
    rows.length > 0 && differ.length === 0 && notSent.length === 0,
    `${rows.length} outbox rows, ${inbox.length} SMTP deliveries; ${differ.length} (address, subject) pairs differ` +
      (differ.length
        ? ` (e.g. ${differ
            .slice(0, 3)
            .map((k) => `${k}: outbox ${want.get(k) ?? 0}, SMTP ${got.get(k) ?? 0}`)
            .join("; ")})`
        : "") +
      `; ${notSent.length} not sent over SMTP`,
  );
}

function printMixed(title: string, r: MixedResult) {
  printTable(title, [
    ["", "answered", "failed", "how"],
    ["GET (pages)", r.get.ok, r.get.failed.length, groupFailures(r.get.failed) || "–"],
    ["POST /api/favourites", r.post.ok, r.post.failed.length, groupFailures(r.post.failed) || "–"],
  ]);
}

main()
  .then(() => {
    const failed = checks.filter((c) => !c.ok);
    printTable(
      `Cluster checks (${((Date.now() - started) / 1000).toFixed(0)} s; ${FROM_CLEAN ? "from a clean clone" : "the working tree's build"})`,
      [["check", "result"], ...checks.map((c) => [c.name, c.ok ? "pass" : "FAIL"])],
    );
    console.log(`(${machineNote()})`);
    process.exit(failed.length ? 1 : 0);
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
