// The built files (build/client: the hashed scripts and styles under /assets,
// and the files copied from public/) served from memory, ahead of the rest of
// the middleware: no session, no body checks, no React Router, no disk read
// and no compression per request.
//
// - Read once at start-up (the build does not change while the server runs;
//   dotfiles are skipped, as express.static did).
// - `/assets/*` is named by content hash: `public, max-age=31536000,
//   immutable`; the rest `public, max-age=3600`.
// - Compressible types of 1 KB and more (compression's own threshold) are
//   compressed by the build (`precompress`, after `react-router build`): brotli
//   at its best quality (11) and gzip level 9, written beside each file as
//   `.br` and `.gz` and read at start-up with it. A file without them (a build
//   made otherwise, or one changed after) is compressed once, on first demand,
//   with brotli 5 and gzip 9, off the event loop; the first request waits for
//   its file only. A client gets brotli when it takes it, else gzip, else the
//   bytes as they are (`Vary: Accept-Encoding`).
// - ETag and Last-Modified as express.static wrote them (size and time of the
//   file), with 304 for a matching If-None-Match or If-Modified-Since.
// - GET and HEAD without a body only; anything else, and any path that is not
//   a built file, goes on to the app. Range requests get the whole file.
// - A file a browser may open as a document (HTML, SVG) carries the app's own
//   security headers (`securityHeaders`, passed in: the policy, framing,
//   referrer); a script, style, image or font only `nosniff`: a policy on a
//   subresource is not applied by browsers, and each of a page's twenty-odd
//   files would carry its 600 bytes.

import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { hasBody } from "./request-bodies.js";

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Content types by extension (the ones express.static sent for these files); others are not served from memory. */
export const CONTENT_TYPES = {
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".txt": "text/plain; charset=utf-8",
  ".html": "text/html; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".webp": "image/webp",
  ".avif": "image/avif",
  ".gif": "image/gif",
  ".ico": "image/x-icon",
  ".woff": "font/woff",
  ".woff2": "font/woff2",
  ".wasm": "application/wasm",
};

/** Smaller files go as they are: compressing them saves less than it costs. */
export const COMPRESS_FROM_BYTES = 1024;

export function isCompressible(contentType) {
  return /^(text\/|application\/(javascript|json|manifest\+json|wasm)|image\/svg\+xml)/.test(contentType);
}

/** Whether a file is sent compressed to a client that takes it: a compressible type, 1 KB and more. */
function sentCompressed(file) {
  return file.compressible && file.body.length >= COMPRESS_FROM_BYTES;
}

/** Brotli at `quality` and gzip level 9, off the event loop. */
async function compress(body, quality) {
  const [br, gz] = await Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: 9 }),
  ]);
  return { br, gzip: gz };
}

/**
 * The coding to send for an Accept-Encoding header: the highest q-value among
 * br and gzip (br on a tie, as compression chose), else none ("identity").
 */
export function chooseEncoding(acceptEncoding) {
  const q = new Map();
  for (const part of String(acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let value = 1;
    for (const p of params) {
      const m = /^\s*q\s*=\s*([0-9.]+)\s*$/.exec(p);
      if (m) value = Number(m[1]);
    }
    q.set(name.trim(), value);
  }
  const of = (coding) => q.get(coding) ?? q.get("*") ?? 0;
  const br = of("br");
  const gz = of("gzip");
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

/** Whether the client's copy is current (If-None-Match first, else If-Modified-Since), as `fresh` decides. */
export function isFresh(headers, file) {
  if (/(?:^|,)\s*no-cache\s*(?:,|$)/i.test(String(headers["cache-control"] ?? ""))) return false;
  const noneMatch = headers["if-none-match"];
  if (noneMatch) {
    if (noneMatch.trim() === "*") return true;
    const ours = file.etag.replace(/^W\//, "");
    return noneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === ours);
  }
  const modifiedSince = Date.parse(String(headers["if-modified-since"] ?? ""));
  return !Number.isNaN(modifiedSince) && Date.parse(file.lastModified) <= modifiedSince;
}

/** Every servable file under `root`, by URL path. */
export function loadStaticFiles(root) {
  const files = new Map();
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith(".")) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const contentType = CONTENT_TYPES[path.extname(entry.name).toLowerCase()];
      if (!entry.isFile() || !contentType) continue;
      const urlPath = `/${path.relative(root, full).split(path.sep).join("/")}`;
      const stat = fs.statSync(full);
      const body = fs.readFileSync(full);
      const file = {
        path: full,
        body,
        contentType,
        cacheControl: urlPath.startsWith("/assets/") ? "public, max-age=31536000, immutable" : "public, max-age=3600",
        // The same validators as express.static (send): size and modification time.
        etag: `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`,
        lastModified: stat.mtime.toUTCString(),
        compressible: isCompressible(contentType),
        /** The promise of the compressed bytes, then the bytes themselves. */
        compressed: undefined,
        ready: undefined,
      };
      file.ready = sentCompressed(file) ? readPrecompressed(full, stat) : undefined;
      file.compressed = file.ready && Promise.resolve(file.ready);
      files.set(urlPath, file);
    }
  };
  if (fs.existsSync(root)) walk(root);
  return files;
}

/** The build's `.br` and `.gz` of a file, when both are there and not older than it. */
function readPrecompressed(full, stat) {
  const siblings = [`${full}.br`, `${full}.gz`];
  for (const sibling of siblings) {
    if (!fs.existsSync(sibling) || fs.statSync(sibling).mtimeMs < stat.mtimeMs) return undefined;
  }
  const [br, gz] = siblings.map((sibling) => fs.readFileSync(sibling));
  return { br, gzip: gz };
}

/**
 * Writes `.br` (quality 11) and `.gz` (level 9) beside every compressible file
 * of 1 KB and more under `root`, in parallel off the event loop. Returns the
 * bytes before and after, for the build's log.
 * @param {string} root
 */
export async function precompress(root) {
  const jobs = [...loadStaticFiles(root).values()].filter(sentCompressed);
  const totals = { files: jobs.length, bytes: 0, br: 0, gzip: 0 };
  await Promise.all(
    jobs.map(async (file) => {
      const { br, gzip: gz } = await compress(file.body, zlib.constants.BROTLI_MAX_QUALITY);
      fs.writeFileSync(`${file.path}.br`, br);
      fs.writeFileSync(`${file.path}.gz`, gz);
      totals.bytes += file.body.length;
      totals.br += br.length;
      totals.gzip += gz.length;
    }),
  );
  return totals;
}

/** A file's brotli and gzip bytes, made once (the promise is kept, so concurrent first requests share it). */
function compressedOf(file) {
  file.compressed ??= compress(file.body, 5).then((ready) => (file.ready = ready));
  return file.compressed;
}

/** Whether a browser may show the file as a page of its own (then the document headers apply). */
export function opensAsDocument(contentType) {
  return /^(text\/html|image\/svg\+xml)/.test(contentType);
}

function subresourceHeaders(req, res, next) {
  res.setHeader("X-Content-Type-Options", "nosniff");
  next();
}

/**
 * Middleware: a built file from memory, or on to the next handler.
 * @param {{ root: string, securityHeaders: (req: any, res: any, next: () => void) => void }} options
 */
export function staticFiles({ root, securityHeaders }) {
  const files = loadStaticFiles(root);
  return function serveStaticFile(req, res, next) {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const query = req.url.indexOf("?");
    const file = files.get(query === -1 ? req.url : req.url.slice(0, query));
    if (!file || hasBody(req.headers)) return next();
    (opensAsDocument(file.contentType) ? securityHeaders : subresourceHeaders)(req, res, () => {
      res.setHeader("Cache-Control", file.cacheControl);
      res.setHeader("ETag", file.etag);
      res.setHeader("Last-Modified", file.lastModified);
      res.setHeader("Content-Type", file.contentType);
      if (file.compressible) res.setHeader("Vary", "Accept-Encoding");
      if (isFresh(req.headers, file)) {
        res.statusCode = 304;
        res.end();
        return;
      }
      const encoding = sentCompressed(file) ? chooseEncoding(req.headers["accept-encoding"]) : "identity";
      const send = (body) => {
        if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
        res.setHeader("Content-Length", body.length);
        res.statusCode = 200;
        if (req.method === "HEAD") res.end();
        else res.end(body);
      };
      if (encoding === "identity") return send(file.body);
      if (file.ready) return send(file.ready[encoding]);
      compressedOf(file).then(
        (c) => send(c[encoding]),
        (error) => next(error),
      );
    });
  };
}
