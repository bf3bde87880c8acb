// Running behind a load balancer: a liveness and a readiness endpoint, and a
// shutdown that lets the balancer stop sending before the listener closes.
//
//   GET /healthz  200 "ok" while the process runs (restart it when this fails).
//   GET /readyz   200 "ready" while this instance should get traffic: the
//                 database answers and no shutdown has begun; else 503.
//
// Both answer before any other middleware: no session lookup, no logging,
// `Cache-Control: no-store`. The database check reuses the probe server.js
// already runs before each request (at most one `select 1` a second).
//
// drain(server), on SIGTERM: /readyz turns 503 at once; when a balancer has
// asked /readyz in the last minute the listener stays open for
// SHUTDOWN_DELAY_SECONDS more (default 5), long enough for its health checks
// to take the instance out, and every answer meanwhile says
// `Connection: close`. Then the listener closes, live notification streams
// end (the browser reconnects through the balancer to another instance), and
// the requests in flight get SHUTDOWN_GRACE_SECONDS (default 10) to finish
// before the remaining connections are cut.

const PROBES = new Set(["/healthz", "/readyz"]);
/** A balancer that asked within this long is taken to be watching: the shutdown waits for it. */
const WATCHED_MS = 60_000;

/** A whole number of seconds from the environment (0–120), or the default; anything else stops the start-up. */
export function secondsSetting(name, value, fallback) {
  const v = (value ?? "").trim();
  if (v === "") return fallback;
  if (!/^\d+$/.test(v) || Number(v) > 120) throw new Error(`${name} must be a whole number of seconds from 0 to 120.`);
  return Number(v);
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * @param {{ databaseAvailable: () => Promise<boolean>, delaySeconds: number, graceSeconds: number }} options
 */
export function createLifecycle({ databaseAvailable, delaySeconds, graceSeconds }) {
  let draining = false;
  let lastReadinessCheck = 0;
  /** Responses not yet finished or closed. */
  const inFlight = new Set();

  /** Counts the request in flight; once draining, its answer closes the connection. */
  function track(_req, res, next) {
    inFlight.add(res);
    res.on("close", () => inFlight.delete(res));
    if (draining) res.setHeader("Connection", "close");
    next();
  }

  async function probes(req, res, next) {
    if (!PROBES.has(req.path)) return next();
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.setHeader("Allow", "GET, HEAD");
      res.statusCode = 405;
      res.end("Method Not Allowed");
      return;
    }
    if (req.path === "/healthz") {
      res.statusCode = 200;
      res.end("ok");
      return;
    }
    lastReadinessCheck = Date.now();
    let body = "ready";
    if (draining) body = "draining";
    else if (!(await databaseAvailable().catch(() => false))) body = "database unavailable";
    res.statusCode = body === "ready" ? 200 : 503;
    res.end(body);
  }

  /** Takes the instance out of the balancer, then closes the listener and waits for the requests in flight. */
  async function drain(server) {
    draining = true;
    if (delaySeconds > 0 && Date.now() - lastReadinessCheck < WATCHED_MS) await sleep(delaySeconds * 1000);
    const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
    for (const res of inFlight) {
      if (!res.headersSent) res.setHeader("Connection", "close");
      else if (String(res.getHeader("Content-Type") ?? "").startsWith("text/event-stream")) res.destroy();
    }
    server.closeIdleConnections();
    const deadline = Date.now() + graceSeconds * 1000;
    while (inFlight.size > 0 && Date.now() < deadline) {
      await sleep(50);
      server.closeIdleConnections();
    }
    server.closeAllConnections();
    await closed;
  }

  return {
    track,
    probes,
    drain,
    isDraining: () => draining,
    inFlightCount: () => inFlight.size,
    /** The longest a drain takes. */
    drainSeconds: delaySeconds + graceSeconds,
  };
}
