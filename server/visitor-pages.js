// Browse pages for visitors, kept in memory for a few seconds.
//
// A visitor (a request without any cookie) sees the same home page,
// catalogue page, listing page or seller page as every other visitor: only
// the CSP nonce differs. Rendering that document costs 8–17 ms of CPU
// (docs/performance.md), so the first visitor's answer is kept and the next
// ones get its bytes with their own nonce, until the entry is `ttlSeconds`
// old or anything may have changed:
//
// - every request that can write (any method but GET, HEAD and OPTIONS)
//   empties the store when it starts and again when it has answered, on this
//   instance at once; `invalidate()` is also what another instance's
//   announcement calls (server.js wires it to PostgreSQL NOTIFY);
// - a page being rendered while a write starts or ends is not stored (the
//   generation it began with is gone);
// - only a 200 without Set-Cookie and without a private Cache-Control is kept.
//
// Requests for the same address while its first rendering is under way wait
// for that one instead of rendering it again; once a page is past its seconds
// (not emptied by a write), the others get the older copy while one request
// renders it again, so a page is at most its seconds and one rendering old. `onHit` does what a page view
// does besides rendering (a listing page counts the view).
//
// Signed-in people, anything with a cookie, and every other route always go
// to the app.

import { Buffer } from "node:buffer";

/** The pages kept: the browse pages and the public information pages, and their single-fetch data (`.data`). */
export const VISITOR_PAGE_PATHS = [
  /^\/(?:_root\.data)?$/,
  /^\/(?:catalog|equipment|parts)(?:\.data)?$/,
  /^\/listing\/[0-9a-f-]{36}(?:\.data)?$/i,
  /^\/sellers\/[0-9a-f-]{36}(?:\.data)?$/i,
  /^\/(?:terms|privacy|about)(?:\.data)?$/,
];

/** Headers of the first answer that are not replayed: per response, per connection, or the compression's own. */
const NOT_REPLAYED = new Set([
  "content-security-policy",
  "set-cookie",
  "content-length",
  "content-encoding",
  "transfer-encoding",
  "connection",
  "keep-alive",
  "date",
]);

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** Whether a request may be answered from the store (or fill it). */
export function isVisitorPageRequest(req) {
  if (req.method !== "GET") return false;
  if (req.headers.cookie || req.headers.authorization) return false;
  return VISITOR_PAGE_PATHS.some((pattern) => pattern.test(req.path));
}

/** Whether a finished answer may be kept for the next visitors. */
export function isKeepable(res, bytes, maxEntryBytes) {
  if (res.statusCode !== 200 || res.hasHeader("set-cookie")) return false;
  if (bytes > maxEntryBytes) return false;
  const cacheControl = String(res.getHeader("cache-control") ?? "").toLowerCase();
  return !/\b(?:private|no-store)\b/.test(cacheControl);
}

/**
 * @param {{
 *   ttlSeconds: number,
 *   maxBytes?: number,
 *   maxEntryBytes?: number,
 *   nonceOf: (res: import("express").Response) => string,
 *   onHit?: (req: import("express").Request) => void,
 *   onWriteAnswered?: () => void,
 *   now?: () => number,
 * }} options
 */
export function createVisitorPages(options) {
  const ttlMs = options.ttlSeconds * 1000;
  const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
  const maxEntryBytes = options.maxEntryBytes ?? 1024 * 1024;
  const now = options.now ?? Date.now;
  /** url → { pieces: Buffer[] (the document cut at its nonce), headers: [name, value][], storedAt, bytes } (oldest first). */
  const entries = new Map();
  /** url → promise of the first rendering under way (resolves when it has finished, kept or not). */
  const rendering = new Map();
  let generation = 0;
  let bytes = 0;

  function forget(url) {
    const entry = entries.get(url);
    if (!entry) return;
    entries.delete(url);
    bytes -= entry.bytes;
  }

  function invalidate() {
    generation++;
    entries.clear();
    bytes = 0;
  }

  /** A page within its seconds (an older one stays until it is rendered again, emptied or pushed out). */
  function fresh(url) {
    const entry = entries.get(url);
    return entry && now() - entry.storedAt < ttlMs ? entry : undefined;
  }

  function store(url, entry) {
    forget(url);
    entries.set(url, entry);
    bytes += entry.bytes;
    for (const [oldest] of entries) {
      if (bytes <= maxBytes) break;
      forget(oldest);
    }
  }

  function replay(req, res, entry) {
    const nonce = Buffer.from(options.nonceOf(res) ?? "");
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("X-Visitor-Page", "stored");
    res.statusCode = 200;
    options.onHit?.(req);
    // The document's pieces around its nonces, with this answer's between them: written as they are,
    // in one write to the socket (joining them first copied the whole page for every answer).
    let length = 0;
    for (const piece of entry.pieces) length += piece.length;
    res.setHeader("Content-Length", length + nonce.length * (entry.pieces.length - 1));
    res.cork();
    for (const [i, piece] of entry.pieces.entries()) {
      if (i > 0) res.write(nonce);
      res.write(piece);
    }
    res.end();
  }

  /** The bytes cut at every occurrence of the nonce (none: one piece). */
  function piecesOf(body, nonce) {
    if (!nonce) return [body];
    const cut = Buffer.from(nonce);
    const pieces = [];
    let from = 0;
    for (let at = body.indexOf(cut); at !== -1; at = body.indexOf(cut, from)) {
      pieces.push(body.subarray(from, at));
      from = at + cut.length;
    }
    pieces.push(body.subarray(from));
    return pieces;
  }

  /** Renders through the app and keeps the answer when it may; resolves when the answer has finished. */
  function renderAndKeep(req, res, next) {
    const url = req.originalUrl;
    const startedIn = generation;
    const chunks = [];
    let size = 0;
    let capturing = true;
    const write = res.write;
    const end = res.end;
    const take = (chunk, encoding) => {
      if (!capturing || chunk == null || typeof chunk === "function") return;
      const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
      size += buffer.length;
      if (size > maxEntryBytes) {
        capturing = false;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    res.write = function writeAndKeep(chunk, encoding, callback) {
      take(chunk, encoding);
      return write.call(this, chunk, encoding, callback);
    };
    res.end = function endAndKeep(chunk, encoding, callback) {
      take(chunk, encoding);
      if (capturing && generation === startedIn && isKeepable(this, size, maxEntryBytes)) {
        const headers = [];
        for (const [name, value] of Object.entries(this.getHeaders())) {
          if (!NOT_REPLAYED.has(name) && value !== undefined) headers.push([name, value]);
        }
        store(url, {
          pieces: piecesOf(Buffer.concat(chunks), options.nonceOf(this)),
          headers,
          storedAt: now(),
          bytes: size,
        });
      }
      return end.call(this, chunk, encoding, callback);
    };
    return new Promise((resolve) => {
      res.once("close", resolve);
      res.once("finish", resolve);
      next();
    });
  }

  /** Express middleware, after compression and the security headers (the nonce), before the app. */
  function middleware(req, res, next) {
    if (!SAFE_METHODS.has(req.method)) {
      invalidate();
      // "close" also when the client went away before the answer: the write may have happened all the same.
      res.once("close", () => {
        invalidate();
        options.onWriteAnswered?.();
      });
      return next();
    }
    if (!isVisitorPageRequest(req) || ttlMs <= 0) return next();
    const url = req.originalUrl;
    const entry = fresh(url);
    if (entry) return replay(req, res, entry);
    const underWay = rendering.get(url);
    // Past its seconds (a write would have emptied the store): served while one request renders it again.
    const older = entries.get(url);
    if (underWay && older) return replay(req, res, older);
    if (underWay) {
      underWay.then(() => {
        const kept = fresh(url);
        if (kept) replay(req, res, kept);
        else next();
      });
      return;
    }
    const done = renderAndKeep(req, res, next).finally(() => rendering.delete(url));
    rendering.set(url, done);
  }

  return {
    middleware,
    invalidate,
    stats: () => ({ entries: entries.size, bytes }),
  };
}
