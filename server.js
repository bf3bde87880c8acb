// The HTTP server: Express + React Router's request handler, static assets,
// public media, and a graceful shutdown that closes HTTP, jobs and the
// database (PGlite must be closed or its folder is left dirty).
import path from "node:path";
import process from "node:process";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", process.env.TRUST_PROXY === "1");
// Server-Sent Events must not be buffered by compression.
app.use(
  compression({
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);

/** What loaders and actions get besides the request: the client's address (spec: mandate IP). */
const getLoadContext = (req) => ({ clientIp: req.ip || req.socket.remoteAddress || null });

let vite;
let loadEntry;
if (dev) {
  const { createServer } = await import("vite");
  vite = await createServer({ server: { middlewareMode: true } });
  app.use(vite.middlewares);
  const loadBuild = () => vite.ssrLoadModule("virtual:react-router/server-build");
  loadEntry = async () => (await loadBuild()).entry.module;
  app.use(
    "/media",
    express.static(path.resolve(process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "uploads"), "public")),
  );
  app.all("/{*splat}", createRequestHandler({ build: loadBuild, mode: "development", getLoadContext }));
} else {
  const build = await import("./build/server/index.js");
  loadEntry = async () => build.entry.module;
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h" }));
  app.use(
    "/media",
    express.static(path.resolve(process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "uploads"), "public"), {
      maxAge: "7d",
    }),
  );
  app.all("/{*splat}", createRequestHandler({ build, mode: "production", getLoadContext }));
}

const entry = await loadEntry();
try {
  await entry.getRuntime();
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}\n`);
  if (vite) await vite.close();
  process.exit(1);
}

const server = app.listen(port, host, () => {
  console.log(entry.startupBanner());
});

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: shutting down`);
  const force = setTimeout(() => process.exit(1), 15_000);
  force.unref();
  await new Promise((resolve) => {
    server.close(() => resolve(undefined));
    server.closeAllConnections?.();
  });
  try {
    await entry.stopRuntime();
  } catch (error) {
    console.error("shutdown error", error);
  }
  if (vite) await vite.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
