/**
 * server/static-files.js: the built files from memory. The choice of coding,
 * the validators, and a real Express server in front of a temporary build
 * folder: the bytes (decompressed) are the file's, the headers are the app's
 * security headers plus the file's own, a current copy gets 304, and anything
 * that is not a built file goes on to the app.
 */
import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chooseEncoding, isFresh, loadStaticFiles, precompress, staticFiles } from "../../server/static-files.js";

describe("the coding for an Accept-Encoding", () => {
  it("prefers brotli, then gzip, else sends the bytes as they are", () => {
    expect(chooseEncoding("gzip, deflate, br, zstd")).toBe("br");
    expect(chooseEncoding("gzip, deflate")).toBe("gzip");
    expect(chooseEncoding("deflate")).toBe("identity");
    expect(chooseEncoding(undefined)).toBe("identity");
    expect(chooseEncoding("")).toBe("identity");
  });

  it("follows the q-values, and a refused coding is never sent", () => {
    expect(chooseEncoding("br;q=0.5, gzip;q=0.9")).toBe("gzip");
    expect(chooseEncoding("br;q=0, gzip")).toBe("gzip");
    expect(chooseEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(chooseEncoding("*")).toBe("br");
    expect(chooseEncoding("*, br;q=0")).toBe("gzip");
  });
});

describe("whether the client's copy is current", () => {
  const file = { etag: 'W/"33855-1a2191a2b61"', lastModified: new Date("2026-11-26T18:00:00Z").toUTCString() };
  it("by ETag first, weak or strong, in a list or *", () => {
    expect(isFresh({ "if-none-match": 'W/"33855-1a2191a2b61"' }, file)).toBe(true);
    expect(isFresh({ "if-none-match": '"33855-1a2191a2b61"' }, file)).toBe(true);
    expect(isFresh({ "if-none-match": '"other", W/"33855-1a2191a2b61"' }, file)).toBe(true);
    expect(isFresh({ "if-none-match": "*" }, file)).toBe(true);
    expect(isFresh({ "if-none-match": '"other"', "if-modified-since": new Date().toUTCString() }, file)).toBe(false);
  });

  it("else by date; never when the client asks for no-cache", () => {
    expect(isFresh({ "if-modified-since": new Date("2026-11-27T00:00:00Z").toUTCString() }, file)).toBe(true);
    expect(isFresh({ "if-modified-since": new Date("2026-11-25T00:00:00Z").toUTCString() }, file)).toBe(false);
    expect(isFresh({ "if-modified-since": "not a date" }, file)).toBe(false);
    expect(isFresh({ "if-none-match": 'W/"33855-1a2191a2b61"', "cache-control": "no-cache" }, file)).toBe(false);
    expect(isFresh({}, file)).toBe(false);
  });
});

describe("serving a build folder from memory", () => {
  let root: string;
  let server: http.Server;
  let base: string;
  const script = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`).join(", ")}];\n`;

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "static-files-"));
    fs.mkdirSync(path.join(root, "assets"));
    fs.writeFileSync(path.join(root, "assets", "entry.client-Ab12.js"), script);
    fs.writeFileSync(path.join(root, "assets", "photo-Cd34.webp"), Buffer.alloc(4096, 7));
    fs.writeFileSync(path.join(root, "logo.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    fs.writeFileSync(path.join(root, ".secret.js"), "no");
    const app = express();
    const securityHeaders = (_req: express.Request, res: express.Response, next: () => void) => {
      res.setHeader("X-Content-Type-Options", "nosniff");
      res.setHeader("Content-Security-Policy", "default-src 'self'");
      next();
    };
    app.use(staticFiles({ root, securityHeaders }));
    app.use((req, res) => {
      res.status(404).type("text/plain").send(`app: ${req.method} ${req.url}`);
    });
    server = app.listen(0, "127.0.0.1");
    await new Promise<void>((resolve) => server.once("listening", () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(root, { recursive: true, force: true });
  });

  function get(p: string, headers: Record<string, string> = {}, method = "GET", body?: string) {
    return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const req = http.request(`${base}${p}`, { method, headers, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      });
      req.on("error", reject);
      req.end(body);
    });
  }

  it("reads every file but dotfiles, each with its type and cache policy", () => {
    const files = loadStaticFiles(root);
    expect([...files.keys()].sort()).toEqual(["/assets/entry.client-Ab12.js", "/assets/photo-Cd34.webp", "/logo.svg"]);
    expect(files.get("/assets/entry.client-Ab12.js")).toMatchObject({
      contentType: "text/javascript; charset=utf-8",
      cacheControl: "public, max-age=31536000, immutable",
      compressible: true,
    });
    expect(files.get("/logo.svg")).toMatchObject({ cacheControl: "public, max-age=3600", compressible: true });
    expect(files.get("/assets/photo-Cd34.webp")).toMatchObject({ contentType: "image/webp", compressible: false });
  });

  it("sends a script as it is, with nosniff (not a document's policy), its validators and Vary", async () => {
    const res = await get("/assets/entry.client-Ab12.js");
    expect(res.status).toBe(200);
    expect(res.body.toString()).toBe(script);
    expect(res.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "cache-control": "public, max-age=31536000, immutable",
      "content-type": "text/javascript; charset=utf-8",
      "content-length": String(Buffer.byteLength(script)),
      vary: "Accept-Encoding",
    });
    expect(res.headers.etag).toMatch(/^W\/"[0-9a-f]+-[0-9a-f]+"$/);
    expect(res.headers["last-modified"]).toBeTruthy();
    expect(res.headers["content-encoding"]).toBeUndefined();
    expect(res.headers["content-security-policy"]).toBeUndefined();
  });

  it("gives a file a browser may open as a page (SVG) the document's security headers, a photo only nosniff", async () => {
    const logo = await get("/logo.svg");
    expect(logo.headers).toMatchObject({
      "x-content-type-options": "nosniff",
      "content-security-policy": "default-src 'self'",
    });
    const photo = await get("/assets/photo-Cd34.webp");
    expect(photo.headers["x-content-type-options"]).toBe("nosniff");
    expect(photo.headers["content-security-policy"]).toBeUndefined();
  });

  it("compresses once, with brotli or gzip as the client takes them; the bytes unpack to the file", async () => {
    const br = await get("/assets/entry.client-Ab12.js", { "accept-encoding": "gzip, deflate, br, zstd" });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(Number(br.headers["content-length"])).toBe(br.body.length);
    expect(br.body.length).toBeLessThan(Buffer.byteLength(script) / 3);
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);
    const gz = await get("/assets/entry.client-Ab12.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(zlib.gunzipSync(gz.body).toString()).toBe(script);
    // Already-compressed formats and files under 1 KB go as they are.
    const photo = await get("/assets/photo-Cd34.webp", { "accept-encoding": "br" });
    expect(photo.headers["content-encoding"]).toBeUndefined();
    expect(photo.headers.vary).toBeUndefined();
    expect(photo.body.length).toBe(4096);
    const logo = await get("/logo.svg", { "accept-encoding": "br" });
    expect(logo.headers["content-encoding"]).toBeUndefined();
    expect(logo.headers["cache-control"]).toBe("public, max-age=3600");
  });

  it("answers 304 to a current copy, and HEAD with the headers only", async () => {
    const first = await get("/assets/entry.client-Ab12.js");
    const again = await get("/assets/entry.client-Ab12.js", { "if-none-match": String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get("/assets/entry.client-Ab12.js", {}, "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-length"]).toBe(String(Buffer.byteLength(script)));
    expect(head.body.length).toBe(0);
  });

  it("leaves everything else to the app: other paths, dotfiles, other methods, requests with a body", async () => {
    expect((await get("/assets/missing.js")).body.toString()).toBe("app: GET /assets/missing.js");
    expect((await get("/.secret.js")).body.toString()).toBe("app: GET /.secret.js");
    expect((await get("/catalog")).body.toString()).toBe("app: GET /catalog");
    expect((await get("/assets/entry.client-Ab12.js", {}, "POST")).body.toString()).toBe(
      "app: POST /assets/entry.client-Ab12.js",
    );
    const withBody = await get("/assets/entry.client-Ab12.js", { "content-length": "3" }, "GET", "abc");
    expect(withBody.body.toString()).toBe("app: GET /assets/entry.client-Ab12.js");
    // A query string does not change the file.
    expect((await get("/assets/entry.client-Ab12.js?v=2")).body.toString()).toBe(script);
  });
});

describe("the build's compressed copies", () => {
  const script = `export const labels = {${Array.from({ length: 300 }, (_, i) => `k${i}: "label ${i % 37}"`).join(", ")}};\n`;
  let root: string;
  beforeAll(() => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), "static-precompressed-"));
    fs.mkdirSync(path.join(root, "assets"));
    fs.writeFileSync(path.join(root, "assets", "page-Ef56.js"), script);
    fs.writeFileSync(path.join(root, "assets", "tiny-Gh78.js"), "export {};\n");
    fs.writeFileSync(path.join(root, "assets", "photo-Ij90.webp"), Buffer.alloc(4096, 7));
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it("are written for compressible files of 1 KB and more, brotli at its best, and sent as they are", async () => {
    const totals = await precompress(root);
    expect(fs.readdirSync(path.join(root, "assets")).sort()).toEqual([
      "page-Ef56.js",
      "page-Ef56.js.br",
      "page-Ef56.js.gz",
      "photo-Ij90.webp",
      "tiny-Gh78.js",
    ]);
    expect(totals).toMatchObject({ files: 1, bytes: Buffer.byteLength(script) });
    const br = fs.readFileSync(path.join(root, "assets", "page-Ef56.js.br"));
    expect(zlib.brotliDecompressSync(br).toString()).toBe(script);
    const quality5 = zlib.brotliCompressSync(script, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } });
    expect(br.length).toBeLessThan(quality5.length);
    expect(zlib.gunzipSync(fs.readFileSync(path.join(root, "assets", "page-Ef56.js.gz"))).toString()).toBe(script);

    // Read with the file at start-up (not servable files themselves), and what a client is sent.
    const files = loadStaticFiles(root);
    expect([...files.keys()].sort()).toEqual([
      "/assets/page-Ef56.js",
      "/assets/photo-Ij90.webp",
      "/assets/tiny-Gh78.js",
    ]);
    expect(files.get("/assets/page-Ef56.js")!.ready!.br.equals(br)).toBe(true);
  });

  it("are not used when older than their file (a file changed after the build)", () => {
    const file = path.join(root, "assets", "page-Ef56.js");
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(file, later, later);
    const entry = loadStaticFiles(root).get("/assets/page-Ef56.js")!;
    expect(entry.ready).toBeUndefined();
    expect(entry.compressed).toBeUndefined();
  });
});
