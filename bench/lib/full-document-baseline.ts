/**
 * The baselines of `bench/http.ts`, run in a process of their own (autocannon
 * must not share their event loop):
 *
 * - **pages**: a bare `node:http` server in front of React Router's own
 *   request handler (`createRequestListener` from `@react-router/node`) over
 *   the app's production build (`build/server/index.js`), with every route's
 *   loader replaced by one that returns the data the app's loaders returned for
 *   that page, captured once from the app (its `.data` answer, decoded) and
 *   held in memory. So it renders the same full document the app sends — root
 *   layout, header, footer, the route, meta, the serialised loader data, the
 *   module preloads and scripts, through the app's own entry.server
 *   (`renderToPipeableStream`) — with a fresh CSP nonce per response, and
 *   nothing else: no Express, no middleware, no session, no database.
 * - **files**: a bare `node:http` server sending the bytes and headers the
 *   app sent for a file (captured once per Accept-Encoding the bench sends),
 *   from memory.
 *
 * Its one argument is a JSON file written by bench/http.ts (BaselineCapture).
 * It prints `READY` when both servers listen.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestListener } from "@react-router/node";
import { UNSAFE_decodeViaTurboStream as decodeViaTurboStream, type ServerBuild } from "react-router";

export type CapturedPage = {
  /** The page's path (unique per captured page: the baseline picks the data by it). */
  path: string;
  /** The app's answer to `<path>.data` (React Router's turbo-stream), base64. */
  data: string;
};

export type CapturedFile = {
  path: string;
  /** The request's Accept-Encoding ("" for none): the baseline answers a request with the same one with these bytes. */
  acceptEncoding: string;
  /** The content coding the app answered with ("identity", "gzip", "br"). */
  encoding: string;
  status: number;
  headers: [string, string][];
  /** The bytes on the wire (compressed when the app compressed), base64. */
  body: string;
};

export type BaselineCapture = {
  pagePort: number;
  filePort: number;
  pages: CapturedPage[];
  files: CapturedFile[];
};

/** Hop-by-hop and per-response headers the file baseline does not replay. */
const NOT_REPLAYED = new Set(["date", "connection", "keep-alive", "transfer-encoding"]);

/** The loader data per route id, decoded from the app's single-fetch answer. */
async function decodePageData(page: CapturedPage): Promise<Map<string, unknown>> {
  const bytes = Buffer.from(page.data, "base64");
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new Uint8Array(bytes));
      controller.close();
    },
  });
  const decoded = await decodeViaTurboStream(stream, globalThis);
  await decoded.done;
  const value = decoded.value as Record<string, { data?: unknown; error?: unknown }>;
  const byRoute = new Map<string, unknown>();
  for (const [routeId, result] of Object.entries(value)) {
    if (!result || typeof result !== "object") continue;
    if ("error" in result) throw new Error(`${page.path}: the app's loader for ${routeId} failed while capturing`);
    if ("data" in result) byRoute.set(routeId, result.data);
  }
  if (!byRoute.size) throw new Error(`${page.path}: no loader data captured (a redirect?)`);
  return byRoute;
}

/** The production build with every loader answering from `data` (by page path, then route id). */
function buildFromMemory(build: ServerBuild, data: Map<string, Map<string, unknown>>): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    if (!route) continue;
    const module = { ...route.module };
    if (module.loader) {
      module.loader = ({ request }) => {
        const page = data.get(new URL(request.url).pathname);
        if (!page || !page.has(id)) throw new Response("Not captured", { status: 404 });
        return page.get(id);
      };
    }
    delete module.action;
    routes[id] = { ...route, module };
  }
  return { ...build, routes };
}

export async function runBaseline(captureFile: string) {
  const capture = JSON.parse(fs.readFileSync(captureFile, "utf8")) as BaselineCapture;
  const build = (await import(pathToFileURL(path.resolve("build/server/index.js")).href)) as ServerBuild;

  const data = new Map<string, Map<string, unknown>>();
  for (const page of capture.pages) data.set(page.path, await decodePageData(page));
  const pages = http.createServer(
    createRequestListener({
      build: buildFromMemory(build, data),
      mode: "production",
      // What server.js gives the app's loaders and entry.server: the client's address and a fresh nonce.
      getLoadContext: (_request, client) =>
        ({ clientIp: client.address, cspNonce: crypto.randomBytes(16).toString("base64") }) as never,
    }),
  );
  pages.keepAliveTimeout = 65_000;

  const files = new Map<string, { headers: [string, string][]; status: number; body: Buffer }>();
  for (const f of capture.files) {
    const body = Buffer.from(f.body, "base64");
    const headers = f.headers.filter(([name]) => !NOT_REPLAYED.has(name.toLowerCase()) && name.toLowerCase() !== "content-length");
    headers.push(["content-length", String(body.length)]);
    files.set(`${f.path} ${f.acceptEncoding}`, { headers, status: f.status, body });
  }
  const fileServer = http.createServer((req, res) => {
    // What the app answered to the same Accept-Encoding (no negotiation of its own).
    const file = files.get(`${req.url} ${req.headers["accept-encoding"] ?? ""}`);
    if (!file) {
      res.writeHead(404).end("Not Found");
      return;
    }
    res.writeHead(file.status, file.headers.flat());
    res.end(file.body);
  });
  fileServer.keepAliveTimeout = 65_000;

  await Promise.all([
    new Promise<void>((resolve) => pages.listen(capture.pagePort, "127.0.0.1", resolve)),
    new Promise<void>((resolve) => fileServer.listen(capture.filePort, "127.0.0.1", resolve)),
  ]);
  process.stdout.write("READY\n");
  process.on("SIGTERM", () => {
    pages.closeAllConnections();
    fileServer.closeAllConnections();
    pages.close(() => fileServer.close(() => process.exit(0)));
  });
}
