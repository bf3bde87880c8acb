/**
 * A page streamed through compression in small chunks, as React Router writes a document: it calls
 * `res.flush()` after each chunk. With server/coalesce-flush.js the gzip on the wire is about the size
 * of the same bytes compressed at once, and a part that comes later still arrives before the end.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { createGunzip, gunzipSync, gzipSync } from "node:zlib";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceFlush } from "../../server/coalesce-flush.js";
import { drainOnce } from "../../server/drain-once.js";

let close = () => {};
afterEach(() => close());

/** 1,500 list items of a few dozen bytes each: the shape of a rendered catalogue. */
const CHUNKS = Array.from(
  { length: 1500 },
  (_, i) => `<li class="rounded-lg border p-3 text-sm text-gray-600"><a href="/listing/${i}">Machine ${i}</a></li>`,
);

/** When the server went on after its pause (same process, so the same clock as the client's). */
let resumedAt = Infinity;

async function serve(options: { coalesce: boolean; pauseAfter?: number }) {
  const app = express();
  app.use(compression());
  app.use(drainOnce);
  if (options.coalesce) app.use(coalesceFlush);
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    let i = 0;
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (i === CHUNKS.length) return controller.close();
        // A part that is ready only later, as a streamed promise would be.
        if (i === options.pauseAfter) {
          await new Promise((r) => setTimeout(r, 500));
          resumedAt = Date.now();
        }
        controller.enqueue(new TextEncoder().encode(CHUNKS[i++]));
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  return (server.address() as AddressInfo).port;
}

/** The compressed bytes as they came, each with the time it came. */
function get(port: number) {
  return new Promise<{ parts: { at: number; bytes: Buffer }[]; encoding?: string }>((resolve, reject) => {
    http
      .get({ port, host: "127.0.0.1", path: "/", headers: { "Accept-Encoding": "gzip" } }, (res) => {
        const parts: { at: number; bytes: Buffer }[] = [];
        res.on("data", (bytes: Buffer) => parts.push({ at: Date.now(), bytes }));
        res.on("end", () => resolve({ parts, encoding: res.headers["content-encoding"] }));
      })
      .on("error", reject);
  });
}

const size = (parts: { bytes: Buffer }[]) => parts.reduce((n, p) => n + p.bytes.length, 0);
const whole = CHUNKS.join("");

describe("flushes coalesced under compression", () => {
  it("sends a streamed page about as small as the same bytes gzipped at once", async () => {
    const port = await serve({ coalesce: true });
    const { parts, encoding } = await get(port);
    expect(encoding).toBe("gzip");
    expect(gunzipSync(Buffer.concat(parts.map((p) => p.bytes))).toString()).toBe(whole);
    expect(size(parts)).toBeLessThan(gzipSync(whole).length * 1.5);
  });

  it("without it, each chunk's flush makes the same page several times larger", async () => {
    const port = await serve({ coalesce: false });
    const { parts } = await get(port);
    expect(gunzipSync(Buffer.concat(parts.map((p) => p.bytes))).toString()).toBe(whole);
    expect(size(parts)).toBeGreaterThan(gzipSync(whole).length * 3);
  });

  it("a part that is ready before a pause arrives before the pause ends", async () => {
    const port = await serve({ coalesce: true, pauseAfter: 100 });
    const { parts } = await get(port);
    const early = parts.filter((p) => p.at < resumedAt);
    expect(early.length).toBeGreaterThan(0);
    // What came early is the first 100 chunks, whole: a gzip stream cut at a flush decompresses so far.
    const head = await new Promise<string>((resolve, reject) => {
      const gunzip = createGunzip();
      let text = "";
      gunzip.on("data", (d: Buffer) => (text += d.toString()));
      gunzip.on("error", reject);
      gunzip.write(Buffer.concat(early.map((p) => p.bytes)));
      gunzip.flush(() => resolve(text));
    });
    expect(head).toBe(CHUNKS.slice(0, 100).join(""));
  });
});
