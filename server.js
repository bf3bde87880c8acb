// The HTTP server: Express + React Router's request handler, static assets,
// public media, and a graceful shutdown that closes HTTP, jobs and the
// database (PGlite must be closed or its folder is left dirty).
import { Buffer } from "node:buffer";
import crypto from "node:crypto";
import path from "node:path";
import process from "node:process";
import compression from "compression";
import express from "express";
import { createRequestHandler } from "@react-router/express";
import { coalesceFlush } from "./server/coalesce-flush.js";
import { drainOnce } from "./server/drain-once.js";
import { clientAddress, clientAddressOf, trustProxySetting } from "./server/client-address.js";
import { answerExpectContinue, requestBodies } from "./server/request-bodies.js";
import { privateResponses } from "./server/private-responses.js";
import { staticFiles } from "./server/static-files.js";
import { createLifecycle, secondsSetting } from "./server/lifecycle.js";
import { createVisitorPages } from "./server/visitor-pages.js";

const dev = process.argv.includes("--dev");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "0.0.0.0";

const app = express();
app.disable("x-powered-by");
let trustProxy;
let lifecycle;
let visitorPages;
try {
  trustProxy = trustProxySetting(process.env.TRUST_PROXY);
  // /healthz, /readyz and the drain on SIGTERM (server/lifecycle.js); `entry` is set before the server listens.
  lifecycle = createLifecycle({
    databaseAvailable: () => entry.databaseAvailable(),
    delaySeconds: secondsSetting("SHUTDOWN_DELAY_SECONDS", process.env.SHUTDOWN_DELAY_SECONDS, 5),
    graceSeconds: secondsSetting("SHUTDOWN_GRACE_SECONDS", process.env.SHUTDOWN_GRACE_SECONDS, 10),
  });
  // Browse pages for visitors kept a few seconds (server/visitor-pages.js); 0 turns it off, as does development.
  visitorPages = createVisitorPages({
    ttlSeconds: dev ? 0 : secondsSetting("VISITOR_PAGE_SECONDS", process.env.VISITOR_PAGE_SECONDS, 5),
    nonceOf: (res) => res.locals.cspNonce,
    onHit: (req) =>
      void entry
        .countStoredPageView({ path: req.path, clientIp: clientAddressOf(req), userAgent: req.get("user-agent") ?? "" })
        .catch(() => {}),
    onWriteAnswered: () => void entry?.announceVisitorPagesChanged(),
  });
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}\n`);
  process.exit(1);
}
app.set("trust proxy", trustProxy);
app.use(lifecycle.track, lifecycle.probes);
// Built scripts, styles and public files from memory, ahead of the per-request work below (server/static-files.js).
if (!dev) app.use(staticFiles({ root: "build/client", securityHeaders }));
app.use(clientAddress);
// Server-Sent Events must not be buffered by compression.
app.use(
  compression({
    filter: (req, res) => !String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream") && compression.filter(req, res),
  }),
);
app.use(drainOnce);
app.use(coalesceFlush);

/** What loaders and actions get besides the request: the client's address (spec: mandate IP). */
const getLoadContext = (req, res) =>
  (res.locals.loadContext = { clientIp: clientAddressOf(req), cspNonce: res.locals.cspNonce });

/**
 * Security headers on every response. The Content-Security-Policy allows
 * inline scripts only with this response's nonce (production; Vite's dev
 * server injects its own scripts).
 */
const googleOrigin = (() => {
  try {
    return new URL(process.env.GOOGLE_ISSUER || "https://accounts.google.com").origin;
  } catch {
    return "https://accounts.google.com";
  }
})();
const s3Origin = (() => {
  try {
    return process.env.S3_PUBLIC_URL ? new URL(process.env.S3_PUBLIC_URL).origin : "";
  } catch {
    return "";
  }
})();
/** Random bytes for the nonces, drawn from the system's generator 4 KB at a time (one call per 256 answers). */
let randomPool = Buffer.alloc(0);
let randomAt = 0;
function nonceOf16Bytes() {
  if (randomAt + 16 > randomPool.length) {
    randomPool = crypto.randomBytes(4096);
    randomAt = 0;
  }
  randomAt += 16;
  return randomPool.toString("base64", randomAt - 16, randomAt);
}

function securityHeaders(req, res, next) {
  const nonce = nonceOf16Bytes();
  res.locals.cspNonce = nonce;
  if (!dev) {
    res.setHeader(
      "Content-Security-Policy",
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        `img-src 'self' data: blob:${s3Origin ? ` ${s3Origin}` : ""}`,
        "font-src 'self'",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "frame-ancestors 'none'",
        `form-action 'self' ${googleOrigin}`,
      ].join("; "),
    );
    if ((process.env.PUBLIC_URL ?? "").startsWith("https://")) {
      res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    }
  }
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  next();
}
app.use(securityHeaders);
app.use(visitorPages.middleware);

// Body limits (413), and the rest of a body an answer left unread is drained before the connection closes.
app.use(requestBodies);

/**
 * Cross-site request forgery: every state-changing request (any method but
 * GET, HEAD, OPTIONS) to any route — app actions, APIs and better-auth — must
 * come from this site. Browsers say where a request comes from in
 * Sec-Fetch-Site (modern) and Origin; either one naming another site is
 * refused before any route code runs. Requests with neither (curl, old
 * browsers) pass: the session cookie is SameSite=Lax, so a cross-site form
 * post from an old browser carries no session anyway.
 */
const siteOrigin = (() => {
  try {
    return new URL(process.env.PUBLIC_URL ?? "").origin;
  } catch {
    return "";
  }
})();
app.use((req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
  const fetchSite = req.get("sec-fetch-site");
  const origin = req.get("origin");
  const ownOrigin = `${req.protocol}://${req.get("host")}`;
  const crossSite = fetchSite === "cross-site" || fetchSite === "same-site";
  const foreignOrigin = origin !== undefined && origin !== ownOrigin && origin !== siteOrigin;
  if (crossSite || foreignOrigin) {
    res.status(403).type("text/plain").send("Cross-site request refused: this form can only be sent from the marketplace itself.");
    return;
  }
  next();
});

/**
 * An address the app cannot read (a malformed %-escape, or a control
 * character such as a NUL byte in the path or query, which no link or person
 * produces and PostgreSQL cannot store) is refused here with a 400, before any
 * loader sees it. Form bodies get the same check in app/lib/read-form.server.ts.
 */
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTER = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
app.use((req, res, next) => {
  let decoded;
  try {
    decoded = decodeURIComponent(req.originalUrl.replace(/\+/g, " "));
  } catch {
    decoded = undefined;
  }
  if (decoded === undefined || CONTROL_CHARACTER.test(decoded)) {
    res.status(400).type("html").send(entry.UNREADABLE_ADDRESS_HTML);
    return;
  }
  next();
});

/**
 * User-uploaded media: only image files are ever served (the pipeline writes
 * WebP), with a sandboxing policy, so a stored file can never run as a page.
 * Private files (signed mandates, KYC) are not under /media at all.
 *
 * A listing's photos (/media/listings/<listingId>/…) are public only once the
 * listing is: until then only its seller and the admins get them, with
 * `Cache-Control: private, no-store`; anyone else gets the same 404 as for a
 * listing that does not exist (listing-photo-access.server.ts decides).
 */
app.use("/media", async (req, res, next) => {
  const notFound = () => res.status(404).set("Cache-Control", "no-store").type("text/plain").send("Not Found");
  // A path that is not already in its plain form ("//", "/./") would reach the same file under another name.
  if (!/^\/[\w./-]+\.(webp|jpe?g|png)$/i.test(req.path) || req.path.includes("..") || path.posix.normalize(req.path) !== req.path) {
    notFound();
    return;
  }
  res.setHeader("Content-Security-Policy", "default-src 'none'; sandbox");
  const [, folder, listingId] = req.path.split("/");
  if (folder.toLowerCase() !== "listings") return next();
  let access;
  try {
    access = await entry.listingPhotoAccess({ listingId, cookie: req.get("cookie") });
  } catch {
    res.status(503).set("Retry-After", entry.RETRY_AFTER_SECONDS).set("Cache-Control", "no-store").type("text/plain").send("Service Unavailable");
    return;
  }
  if (access === "public") return next();
  if (access !== "private") {
    notFound();
    return;
  }
  // Served by express.static below, which keeps a Cache-Control already set.
  res.setHeader("Cache-Control", "private, no-store");
  next();
});

/**
 * While the database is unreachable (a restart, a network cut) every page,
 * action and API answers at once with 503 and a plain page, instead of
 * hanging or failing with a 500; the next request after it is back goes
 * through as usual (no restart of the app needed).
 */
async function unavailableWhenDatabaseIsDown(req, res, next) {
  try {
    if (!entry || (await entry.databaseAvailable())) return next();
  } catch {
    // fall through to the 503
  }
  res.status(503).set("Retry-After", entry.RETRY_AFTER_SECONDS).set("Cache-Control", "no-store");
  if (req.accepts(["html", "json"]) === "json") res.json(entry.UNAVAILABLE_JSON);
  else res.type("html").send(entry.UNAVAILABLE_HTML);
}

/**
 * Pages and data requests whose database went away mid-request are answered
 * with the 503 page by entry.server.tsx; a resource route (an API, the PDF,
 * the stream) fails with React Router's own 500, which becomes a 503 here.
 */
function unavailableWhenDatabaseFailedMidRequest(req, res, next) {
  const setStatus = res.status.bind(res);
  res.status = (code) => {
    if (code >= 500 && entry?.databaseFailedDuring(res.locals.loadContext)) {
      res.set("Retry-After", entry.RETRY_AFTER_SECONDS);
      return setStatus(503);
    }
    return setStatus(code);
  };
  next();
}

let vite;
let loadEntry;
/** Set once the server build is loaded (below). */
let entry;
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
  app.use(unavailableWhenDatabaseIsDown, unavailableWhenDatabaseFailedMidRequest);
  app.all("/{*splat}", privateResponses, createRequestHandler({ build: loadBuild, mode: "development", getLoadContext }));
} else {
  const build = await import("./build/server/index.js");
  loadEntry = async () => build.entry.module;
  app.use(
    "/media",
    express.static(path.resolve(process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? "./data", "uploads"), "public"), {
      maxAge: "7d",
    }),
  );
  app.use(unavailableWhenDatabaseIsDown, unavailableWhenDatabaseFailedMidRequest);
  app.all("/{*splat}", privateResponses, createRequestHandler({ build, mode: "production", getLoadContext }));
}

entry = await loadEntry();
try {
  await entry.getRuntime();
  // Another instance's write (or a job) empties this instance's store of visitor pages.
  await entry.whenVisitorPagesChange(visitorPages.invalidate);
} catch (error) {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : error}\n`);
  if (vite) await vite.close();
  process.exit(1);
}

const server = app.listen(port, host, () => {
  console.log(entry.startupBanner());
});
// Keep idle connections longer than the clients and proxies in front (typically 60 s) do: with
// Node's 5 s default a client reusing a socket just as the server closes it gets ECONNRESET.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
answerExpectContinue(server);

let stopping = false;
async function shutdown(signal) {
  if (stopping) return;
  stopping = true;
  console.log(`${signal} received: shutting down`);
  const force = setTimeout(() => process.exit(1), 15_000 + lifecycle.drainSeconds * 1000);
  force.unref();
  await lifecycle.drain(server);
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
