/**
 * A long page streamed through compression: React Router waits for "drain"
 * after every write that meets backpressure. Without server/drain-once.js each
 * wait left a listener on compression's zlib stream, and Node warned
 * "11 drain listeners added to [Gzip]" (expressjs/compression#135).
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import compression from "compression";
import express from "express";
import { writeReadableStreamToWritable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { drainOnce } from "../../server/drain-once.js";

const CHUNKS = 40;
const CHUNK = 64 * 1024; // random bytes: gzip cannot shrink them, so its buffer fills and write() says wait

let close = () => {};
afterEach(() => close());

async function streamThroughCompression() {
  const warnings: string[] = [];
  const onWarning = (w: Error) => warnings.push(`${w.name}: ${w.message}`);
  process.on("warning", onWarning);
  const sent: Buffer[] = [];
  const app = express();
  app.use(compression());
  app.use(drainOnce); // as server.js does; without it this test sees the warning
  app.get("/", async (_req, res) => {
    res.setHeader("Content-Type", "text/html");
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent.length === CHUNKS) return controller.close();
        const chunk = randomBytes(CHUNK);
        sent.push(chunk);
        controller.enqueue(chunk);
      },
    });
    await writeReadableStreamToWritable(body, res);
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`, {
    headers: { "Accept-Encoding": "gzip" },
  });
  // Read slowly, a little at a time, so backpressure builds (fetch gunzips as it reads).
  const raw = res.body!.getReader();
  const parts: Uint8Array[] = [];
  for (;;) {
    const { done, value } = await raw.read();
    if (done) break;
    parts.push(value);
    await new Promise((r) => setTimeout(r, 1));
  }
  await new Promise((r) => setImmediate(r));
  process.off("warning", onWarning);
  return { res, warnings, parts, sent };
}

describe("compression and React Router's streaming", () => {
  it("serves a long compressed page whole, without piling up drain listeners", async () => {
    const { res, warnings, parts, sent } = await streamThroughCompression();
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(warnings.filter((w) => w.includes("drain listeners"))).toEqual([]);
    expect(Buffer.concat(parts).equals(Buffer.concat(sent))).toBe(true);
  });
});
