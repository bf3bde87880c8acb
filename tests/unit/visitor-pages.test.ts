/**
 * server/visitor-pages.js: browse pages for visitors kept a few seconds, with
 * each answer's own nonce; writes, cookies, Set-Cookie and other routes always
 * reach the app.
 */
import crypto from "node:crypto";
import http, { type Server } from "node:http";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express, { type Request } from "express";
import { afterEach, describe, expect, it } from "vitest";
import { createVisitorPages, isVisitorPageRequest } from "../../server/visitor-pages.js";

let server: Server | undefined;
afterEach(() => {
  server?.closeAllConnections();
  server?.close();
  server = undefined;
});

const LISTING = "/listing/0b0c6b3e-5d0f-4c58-9d3e-4d1f0f6a1b2c";

async function start(options: { ttlSeconds?: number; maxBytes?: number; now?: () => number; renderMs?: number } = {}) {
  let renders = 0;
  let version = 1;
  const hits: string[] = [];
  const writes: number[] = [];
  const pages = createVisitorPages({
    ttlSeconds: options.ttlSeconds ?? 5,
    maxBytes: options.maxBytes,
    now: options.now,
    nonceOf: (res) => res.locals.cspNonce,
    onHit: (req: Request) => hits.push(req.path),
    onWriteAnswered: () => writes.push(version),
  });
  const app = express();
  app.use(compression());
  app.use((_req, res, next) => {
    res.locals.cspNonce = crypto.randomBytes(16).toString("base64");
    res.setHeader("Content-Security-Policy", `script-src 'nonce-${res.locals.cspNonce}'`);
    next();
  });
  app.use(pages.middleware);
  const render = async (req: Request, res: express.Response, extra?: (res: express.Response) => void) => {
    renders++;
    const seen = version;
    if (options.renderMs) await new Promise((r) => setTimeout(r, options.renderMs));
    extra?.(res);
    res.type("html");
    res.setHeader("Vary", "Cookie");
    // Written in two pieces, as a streamed document is.
    res.write(`<!doctype html><script nonce="${res.locals.cspNonce}">1</script>`);
    res.end(`<p>version ${seen} of ${req.originalUrl}</p>${"x".repeat(2000)}<script nonce="${res.locals.cspNonce}">2</script>`);
  };
  app.get(["/", "/catalog", "/listing/:id", "/account"], (req, res) => void render(req, res));
  app.get("/terms", (req, res) => void render(req, res, (r) => r.setHeader("Set-Cookie", "mm_toast=1")));
  app.get("/about", (req, res) => void render(req, res, (r) => r.status(404)));
  app.get("/privacy", (req, res) => void render(req, res, (r) => r.setHeader("Cache-Control", "private, no-store")));
  app.post("/write", async (_req, res) => {
    await new Promise((r) => setTimeout(r, options.renderMs ? options.renderMs / 2 : 0));
    version++;
    res.send("written");
  });
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server!.once("listening", resolve));
  const base = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  const get = async (path: string, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${path}`, { headers });
    const body = await res.text();
    const csp = res.headers.get("content-security-policy") ?? "";
    const nonce = /nonce-([^']+)/.exec(csp)?.[1] ?? "";
    return { res, body, nonce, stored: res.headers.get("x-visitor-page") === "stored" };
  };
  return { base, get, pages, hits, writes, renders: () => renders, bump: () => void version++, post: () => fetch(`${base}/write`, { method: "POST" }) };
}

describe("visitor pages", () => {
  it("answers the next visitors from the store, each with its own nonce in the document", async () => {
    const t = await start();
    const first = await t.get("/catalog?q=crane");
    const second = await t.get("/catalog?q=crane");
    expect(t.renders()).toBe(1);
    expect(first.stored).toBe(false);
    expect(second.stored).toBe(true);
    expect(second.nonce).not.toBe(first.nonce);
    expect(second.body).toBe(first.body.replaceAll(first.nonce, second.nonce));
    // A client that takes no compression gets the stored page's exact length, declared up front.
    const plain = await new Promise<{ length?: string; stored?: string | string[]; body: string }>((resolve, reject) =>
      http
        .get(`${t.base}/catalog?q=crane`, (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (chunk: Buffer) => chunks.push(chunk));
          res.on("end", () =>
            resolve({ length: res.headers["content-length"], stored: res.headers["x-visitor-page"], body: Buffer.concat(chunks).toString() }),
          );
        })
        .on("error", reject),
    );
    expect(plain.stored).toBe("stored");
    expect(plain.length).toBe(String(Buffer.byteLength(plain.body)));
    expect(plain.body.length).toBe(first.body.length);
    expect(second.body.match(new RegExp(`nonce="${second.nonce.replace(/[+/=]/g, "\\$&")}"`, "g"))).toHaveLength(2);
    expect(second.res.headers.get("content-type")).toMatch(/text\/html/);
    expect(second.res.headers.get("vary")).toMatch(/Cookie/);
    // Another address is another page.
    await t.get("/catalog?q=loader");
    expect(t.renders()).toBe(2);
  });

  it("compresses a stored page for a browser that asks, from the plain bytes", async () => {
    const t = await start();
    const plain = await t.get("/");
    const res = await fetch(`${t.base}/`, { headers: { "Accept-Encoding": "gzip" } });
    expect(res.headers.get("x-visitor-page")).toBe("stored");
    // fetch decodes gzip itself: the body is the document with this answer's nonce.
    const nonce = /nonce-([^']+)/.exec(res.headers.get("content-security-policy")!)![1]!;
    expect(await res.text()).toBe(plain.body.replaceAll(plain.nonce, nonce));
    expect(res.headers.get("vary")).toMatch(/Accept-Encoding/);
  });

  it("counts a page view answered from the store (onHit)", async () => {
    const t = await start();
    await t.get(LISTING);
    await t.get(LISTING);
    await t.get(LISTING);
    expect(t.hits).toEqual([LISTING, LISTING]);
  });

  it("always renders for a request with a cookie, and for other routes", async () => {
    const t = await start();
    await t.get("/catalog");
    const withCookie = await t.get("/catalog", { Cookie: "better-auth.session_token=abc" });
    expect(withCookie.stored).toBe(false);
    await t.get("/account");
    await t.get("/account");
    expect(t.renders()).toBe(4);
    expect(isVisitorPageRequest({ method: "HEAD", headers: {}, path: "/catalog" } as never)).toBe(false);
    expect(isVisitorPageRequest({ method: "GET", headers: {}, path: "/catalog.data" } as never)).toBe(true);
    expect(isVisitorPageRequest({ method: "GET", headers: {}, path: "/_root.data" } as never)).toBe(true);
    expect(isVisitorPageRequest({ method: "GET", headers: {}, path: "/seller-dashboard" } as never)).toBe(false);
    expect(isVisitorPageRequest({ method: "GET", headers: { authorization: "Bearer x" }, path: "/" } as never)).toBe(false);
  });

  it("keeps no answer that sets a cookie, is not a 200, or is private", async () => {
    const t = await start();
    for (const path of ["/terms", "/about", "/privacy"]) {
      await t.get(path);
      expect((await t.get(path)).stored).toBe(false);
    }
    expect(t.renders()).toBe(6);
  });

  it("forgets every page when a write has answered, and tells the other instances", async () => {
    const t = await start();
    expect((await t.get("/catalog")).body).toContain("version 1");
    await t.post();
    const after = await t.get("/catalog");
    expect(after.stored).toBe(false);
    expect(after.body).toContain("version 2");
    expect(t.writes).toEqual([2]);
  });

  it("does not keep a page whose rendering overlapped a write", async () => {
    const t = await start({ renderMs: 200 });
    const page = t.get("/catalog");
    await new Promise((r) => setTimeout(r, 20));
    await t.post();
    expect((await page).body).toContain("version 1");
    expect((await t.get("/catalog")).body).toContain("version 2");
    expect(t.renders()).toBe(2);
  });

  it("renders a page once for visitors asking at the same time", async () => {
    const t = await start({ renderMs: 150 });
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.get("/listing/0b0c6b3e-5d0f-4c58-9d3e-4d1f0f6a1b2c")));
    expect(t.renders()).toBe(1);
    for (const a of answers) expect(a.body).toContain(`nonce="${a.nonce}"`);
    expect(new Set(answers.map((a) => a.nonce)).size).toBe(8);
  });

  it("renders again once a page is older than its seconds, and not at all with 0", async () => {
    let clock = 1_000_000;
    const t = await start({ ttlSeconds: 5, now: () => clock });
    await t.get("/");
    clock += 4_999;
    expect((await t.get("/")).stored).toBe(true);
    clock += 1;
    expect((await t.get("/")).stored).toBe(false);
    expect(t.renders()).toBe(2);

    server?.closeAllConnections();
    server?.close();
    const off = await start({ ttlSeconds: 0 });
    await off.get("/");
    expect((await off.get("/")).stored).toBe(false);
    expect(off.renders()).toBe(2);
  });

  it("past its seconds, others get the older copy while one request renders the page again", async () => {
    let clock = 1_000_000;
    const t = await start({ ttlSeconds: 5, now: () => clock, renderMs: 200 });
    expect((await t.get("/catalog")).body).toContain("version 1");
    // Changed outside any request (a job): only the seconds bring it in.
    t.bump();
    clock += 5_000;
    const renderingAgain = t.get("/catalog");
    await new Promise((r) => setTimeout(r, 50));
    const meanwhile = await t.get("/catalog");
    expect(meanwhile.stored).toBe(true);
    expect(meanwhile.body).toContain("version 1");
    expect((await renderingAgain).body).toContain("version 2");
    expect((await t.get("/catalog")).body).toContain("version 2");
    expect(t.renders()).toBe(2);
  });

  it("forgets the oldest pages past its size", async () => {
    const t = await start({ maxBytes: 5_000 });
    await t.get("/catalog?page=1");
    await t.get("/catalog?page=2");
    await t.get("/catalog?page=3");
    expect(t.pages.stats().entries).toBe(2);
    expect((await t.get("/catalog?page=1")).stored).toBe(false);
    expect((await t.get("/catalog?page=3")).stored).toBe(true);
  });
});
