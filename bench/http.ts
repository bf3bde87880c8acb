/**
 * Catalog and listing page throughput and latency: the production
 * server (`node server.js`: Express, React Router, session lookup, database
 * queries, security headers) against a plain `node:http` server that renders
 * the same route components (the catalog page and the listing detail page,
 * from app/routes) with `renderToString`, fed the same data fetched once from
 * the same database. autocannon, 50 connections, a warm-up then a timed run
 * per page and server, one after the other; prints req/s, p50, p99 and the
 * app/baseline ratio.
 *
 *   npm run bench -- http
 *   BENCH_HTTP_SECONDS=10   duration of each timed run (default 10)
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createThrowawayDatabase } from "../scripts/lib/throwaway-database.ts";
import { startAppServer, type AppServer } from "../scripts/lib/app-server.ts";
import { ms, printTable, machineNote } from "./lib/stats.ts";

const APP_PORT = 4701;
const BASELINE_PORT = 4702;
const CONNECTIONS = 50;
const SECONDS = Number(process.env.BENCH_HTTP_SECONDS ?? 10);
const WARMUP_SECONDS = 2;

type AutocannonResult = {
  requests: { average: number };
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

/** The baseline, in a child process of its own (autocannon must not share its event loop). */
async function baseline(port: number, databaseUrl: string) {
  const React = await import("react");
  const { renderToString } = await import("react-dom/server");
  const { createStaticHandler, createStaticRouter, StaticRouterProvider } = await import("react-router");
  const { openDatabase } = await import("#app/lib/db.server.ts");
  const { createLocalStorage } = await import("#app/lib/storage.server.ts");
  const { findListings } = await import("#app/domain/listing/find-listings.server.ts");
  const { getPublicListing } = await import("#app/domain/listing/get-listing.server.ts");
  const { parseListingSearch } = await import("#app/domain/listing/listing-search.ts");
  const { CATEGORIES } = await import("#db/vocabulary.ts");
  const Catalog = (await import("#app/routes/catalog/catalog.tsx")).default;
  const ListingDetail = (await import("#app/routes/catalog/listing-detail.tsx")).default;

  // The same data the loaders return to a visitor, fetched once.
  const handle = await openDatabase({ databaseUrl });
  const storageDir = fs.mkdtempSync(path.join(os.tmpdir(), "mm-bench-baseline-")); // only for the media URLs
  const storage = createLocalStorage(storageDir);
  const search = parseListingSearch(new URLSearchParams());
  const page = await findListings({ db: handle.db, storage, search, limit: 12 });
  const catalogData = {
    view: "visitor" as const,
    role: null,
    search,
    path: "/catalog",
    categories: CATEGORIES,
    page: {
      nextCursor: page.nextCursor,
      items: page.items.map((l) => ({
        ...l,
        description: l.description.length > 80 ? `${l.description.slice(0, 80)}...` : l.description,
      })),
    },
  };
  const listingId = page.items[0]!.id;
  const listing = (await getPublicListing({ db: handle.db, storage, id: listingId }))!;
  const { sellerUserId: _s, sellerId: _i, ...publicListing } = listing;
  const detailData = {
    listing: publicListing,
    publicUrl: `http://localhost:${port}`,
    canBuy: false,
    signedIn: false,
    role: null,
  };
  await handle.close();

  // The route components inside a static data router (what their hooks need), as in server rendering.
  const routes = [
    {
      path: "/catalog",
      loader: () => catalogData,
      Component: () => React.createElement(Catalog as never, { loaderData: catalogData, params: {}, matches: [] }),
    },
    {
      path: "/listing/:id",
      loader: () => detailData,
      Component: () =>
        React.createElement(ListingDetail as never, {
          loaderData: detailData,
          actionData: undefined,
          params: { id: listingId },
          matches: [],
        }),
    },
  ];
  const handler = createStaticHandler(routes);
  const contexts = new Map<string, Exclude<Awaited<ReturnType<typeof handler.query>>, Response>>();
  for (const p of ["/catalog", `/listing/${listingId}`]) {
    const context = await handler.query(new Request(`http://localhost:${port}${p}`));
    if (context instanceof Response) throw new Error(`unexpected response for ${p}`);
    contexts.set(p, context);
  }
  const server = http.createServer((req, res) => {
    const context = contexts.get(req.url ?? "");
    if (!context) {
      res.writeHead(404).end("Not Found");
      return;
    }
    const router = createStaticRouter(handler.dataRoutes, context);
    const html = renderToString(React.createElement(StaticRouterProvider, { router, context, hydrate: false }));
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(
      `<!DOCTYPE html><html lang="en-ZA"><head><meta charset="utf-8"><title>Baseline</title></head><body>${html}</body></html>`,
    );
  });
  server.listen(port, "127.0.0.1", () => process.stdout.write(`READY ${listingId}\n`));
  process.on("SIGTERM", () => {
    fs.rmSync(storageDir, { recursive: true, force: true });
    server.close(() => process.exit(0));
  });
}

function startBaseline(databaseUrl: string) {
  const self = fileURLToPath(import.meta.url);
  const child = spawn(process.execPath, ["--import", "tsx", self, "--baseline", String(BASELINE_PORT), databaseUrl], {
    env: { ...process.env, NODE_ENV: "production", LOG_LEVEL: "warn" },
    stdio: ["ignore", "pipe", "inherit"],
  });
  return new Promise<{ child: ChildProcess; listingId: string }>((resolve, reject) => {
    let out = "";
    child.stdout!.on("data", (d: Buffer) => {
      out += d.toString();
      const m = /READY (\S+)/.exec(out);
      if (m) resolve({ child, listingId: m[1]! });
    });
    child.on("exit", (code) => reject(new Error(`baseline exited with ${code}`)));
  });
}

async function main() {
  const bench = await createThrowawayDatabase();
  let app: AppServer | undefined;
  let base: ChildProcess | undefined;
  try {
    console.log(`[http] database ${bench.name}; starting the production server (seeds the demo data)`);
    app = await startAppServer({ port: APP_PORT, databaseUrl: bench.url, seed: true });
    const started = await startBaseline(bench.url);
    base = started.child;
    const paths = ["/catalog", `/listing/${started.listingId}`];

    // Both answer 200 with the page's content.
    for (const p of paths) {
      for (const url of [app.url, `http://127.0.0.1:${BASELINE_PORT}`]) {
        const res = await fetch(url + p);
        const body = await res.text();
        if (res.status !== 200 || !/Machinery Catalog|Price breakdown/.test(body))
          throw new Error(`${url}${p} answered ${res.status}`);
      }
    }

    const rows: (string | number)[][] = [
      ["page", "server", "req/s", "p50", "p99", "non-2xx", "app/baseline req/s", "app/baseline p99"],
    ];
    for (const p of paths) {
      const results: Record<string, AutocannonResult> = {};
      for (const [name, url] of [
        ["app", app.url],
        ["baseline", `http://127.0.0.1:${BASELINE_PORT}`],
      ] as const) {
        await autocannon({ url: url + p, connections: CONNECTIONS, duration: WARMUP_SECONDS });
        const r = await autocannon({ url: url + p, connections: CONNECTIONS, duration: SECONDS });
        results[name] = r;
        console.log(`[http] ${name} ${p}: ${r.requests.average.toFixed(0)} req/s`);
      }
      const a = results.app!;
      const b = results.baseline!;
      const label = p.startsWith("/listing") ? "/listing/<id>" : p;
      const row = (server: string, r: AutocannonResult, ratios: [string, string]) =>
        rows.push([label, server, r.requests.average.toFixed(0), ms(r.latency.p50, 0), ms(r.latency.p99, 0), r.non2xx + r.errors + r.timeouts, ...ratios]);
      row("app (server.js)", a, [
        `${((a.requests.average / b.requests.average) * 100).toFixed(0)}%`,
        `${(a.latency.p99 / Math.max(b.latency.p99, 1)).toFixed(1)}×`,
      ]);
      row("baseline (node:http)", b, ["", ""]);
    }
    printTable(
      `Pages at ${CONNECTIONS} connections, ${SECONDS} s each after ${WARMUP_SECONDS} s warm-up (autocannon); ${os.cpus().length} cores`,
      rows,
    );
    console.log(
      "Target: the app within reach of a bare renderToString server on the same markup (ratio printed; no fixed number set).",
    );
    console.log(`[machine] ${machineNote()}`);
  } finally {
    if (base && base.exitCode === null) {
      const exited = new Promise((r) => base!.once("exit", r));
      base.kill("SIGTERM");
      await exited;
    }
    await app?.stop();
    await bench.drop();
  }
}

if (process.argv[2] === "--baseline") await baseline(Number(process.argv[3]), process.argv[4]!);
else await main();
