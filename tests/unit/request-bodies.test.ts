/**
 * server/request-bodies.js: the one table of body limits, the 413 before a
 * byte is read, and what happens to a body an answer left unread. The last
 * part runs a real server in-process that reads `req` the way React Router's
 * Express adapter does (a web ReadableStream from createReadableStreamFromReadable,
 * which pauses `req` when nobody pulls) and answers without reading it.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import express from "express";
import { createReadableStreamFromReadable } from "@react-router/node";
import { afterEach, describe, expect, it } from "vitest";
import { CONTACT_LIMITS } from "#app/domain/contact/contact-schema.ts";
import { MAX_IMAGES, MAX_UPLOAD_BYTES } from "#app/domain/listing/image-rules.ts";
import { MAX_PDF_BYTES } from "#app/domain/mandate/mandate-terms.ts";
import {
  answerExpectContinue,
  BODY_LIMITS,
  bodyLimitFor,
  declaredLength,
  declaredTooLarge,
  DRAIN_LIMITS,
  FORM_OVERHEAD_BYTES,
  hasBody,
  requestBodies,
} from "../../server/request-bodies.js";
import { MAX_DOCUMENT_BYTES } from "#app/domain/verification/verification-schemas.ts";
import { RawConnection, requestHead } from "../e2e/support/raw-http.ts";

describe("the table of body limits", () => {
  it("gives the photo routes room for 5 photos at the server's per-photo limit, plus the fields", () => {
    expect(BODY_LIMITS.listingPhotos.bytes).toBe(MAX_IMAGES * MAX_UPLOAD_BYTES + FORM_OVERHEAD_BYTES);
    const id = "6f1c2d3e-0000-4000-8000-000000000001";
    for (const path of [
      "/api/listings",
      "/seller/create",
      "/seller/create.data",
      "/Seller/Create",
      "/api/listings/",
      `/api/listings/${id}`,
      `/seller/listings/${id}/edit`,
      `/seller/listings/${id}/edit.data`,
    ]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.listingPhotos);
    }
    expect(BODY_LIMITS.listingPhotos.message).toBe("The upload is too large. Please choose smaller photos.");
  });

  it("gives the signed mandate room for one PDF under the mandate's limit, plus the fields", () => {
    expect(BODY_LIMITS.signedMandate.bytes).toBe(MAX_PDF_BYTES + FORM_OVERHEAD_BYTES);
    const id = "6f1c2d3e-0000-4000-8000-000000000001";
    for (const path of [`/seller/mandate/${id}`, `/seller/mandate/${id}.data`])
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.signedMandate);
  });

  it("gives a seller's verification document room for one file of 10 MB, plus the fields", () => {
    expect(BODY_LIMITS.sellerDocument.bytes).toBe(MAX_DOCUMENT_BYTES + FORM_OVERHEAD_BYTES);
    for (const path of ["/account/verification", "/account/verification.data"])
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.sellerDocument);
    expect(bodyLimitFor("/account/verification/x")).toBe(BODY_LIMITS.form);
  });

  it("holds every other request to the small limit: forms, .data actions, the other APIs, better-auth", () => {
    for (const path of [
      "/contact",
      "/signin",
      "/buyer-dashboard.data",
      "/listing/x.data",
      "/api/favourites",
      "/api/auth/sign-in/email",
      "/seller/mandate/x/pdf",
      "/seller/created",
      "/api/listings2",
      "/seller/listings/x",
      "/seller/listings/x/edit/more",
    ]) {
      expect(bodyLimitFor(path), path).toBe(BODY_LIMITS.form);
    }
  });

  it("leaves the largest text forms far inside the small limit, even in 3-byte characters percent-encoded", () => {
    const wide = (n: number) => "€".repeat(n); // 3 bytes in UTF-8, 9 once percent-encoded
    const contact = new URLSearchParams({
      name: wide(CONTACT_LIMITS.name),
      email: wide(CONTACT_LIMITS.email),
      phone: wide(CONTACT_LIMITS.phone),
      subject: wide(CONTACT_LIMITS.subject),
      message: wide(CONTACT_LIMITS.message),
    }).toString();
    // The longest fields anywhere hold 5,000 characters; one form has at most two of them.
    const threeLongFields = new URLSearchParams({ a: wide(5000), b: wide(5000), c: wide(5000) }).toString();
    expect(Buffer.byteLength(contact)).toBeLessThan(BODY_LIMITS.form.bytes / 2);
    expect(Buffer.byteLength(threeLongFields)).toBeLessThan(BODY_LIMITS.form.bytes);
  });
});

describe("reading the declared length", () => {
  it("knows when a request has a body and when its declared length is over the limit", () => {
    expect(declaredLength({ "content-length": "1024" })).toBe(1024);
    expect(declaredLength({})).toBeNull();
    expect(declaredLength({ "content-length": "12abc" })).toBeNull();
    expect(hasBody({})).toBe(false);
    expect(hasBody({ "content-length": "0" })).toBe(false);
    expect(hasBody({ "content-length": "10" })).toBe(true);
    expect(hasBody({ "transfer-encoding": "chunked" })).toBe(true);
    expect(declaredTooLarge("/contact", { "content-length": String(BODY_LIMITS.form.bytes) })).toBe(false);
    expect(declaredTooLarge("/contact", { "content-length": String(BODY_LIMITS.form.bytes + 1) })).toBe(true);
    expect(declaredTooLarge("/api/listings", { "content-length": String(20 * 1024 * 1024) })).toBe(false);
    expect(declaredTooLarge("/api/listings", { "transfer-encoding": "chunked" })).toBe(false);
  });
});

// ---- A server that reads bodies the way React Router's Express adapter does ----

let close = () => {};
afterEach(() => close());

async function serve(options: { withRequestBodies: boolean }) {
  const app = express();
  if (options.withRequestBodies) app.use(requestBodies);
  app.all("/{*splat}", async (req, res) => {
    // As @react-router/express does for every POST: a Request over a stream of `req`.
    const request = new Request(`http://localhost${req.originalUrl}`, {
      method: req.method,
      body: req.method === "GET" ? undefined : (createReadableStreamFromReadable(req) as ReadableStream<Uint8Array>),
      duplex: "half",
    } as RequestInit);
    if (req.path === "/read") {
      const text = await request.text();
      res.status(200).type("text/plain").send(`read ${text.length}`);
    } else {
      // A guard that answers before the body is read (a visitor's photo upload: 401).
      await new Promise((r) => setTimeout(r, 20));
      res.status(401).type("text/plain").send("Please sign in.");
    }
  });
  const server = http.createServer(app);
  if (options.withRequestBodies) answerExpectContinue(server);
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => {
    server.closeAllConnections();
    server.close();
  };
  return (server.address() as AddressInfo).port;
}

const post = (path: string, length: number, extra: Record<string, string> = {}) =>
  requestHead("POST", path, "localhost", {
    "Content-Type": "application/octet-stream",
    "Content-Length": length,
    ...extra,
  });

describe("a body the answer did not read", () => {
  it("hangs the connection without the middleware (what the e2e probe found)", async () => {
    const port = await serve({ withRequestBodies: false });
    const conn = await RawConnection.open(port);
    conn.send(post("/api/listings", 3_000_000), Buffer.alloc(3_000_000, 0x61));
    const first = await conn.response(5_000);
    expect(first.status).toBe(401);
    expect(first.headers["connection"]).toBe("keep-alive");
    conn.send(requestHead("GET", "/read", "localhost"));
    await expect(conn.response(1_500)).rejects.toThrow(/hangs/);
    conn.destroy();
  });

  it("is answered with Connection: close, drained, and the connection closed without a reset", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    conn.send(post("/api/listings", 3_000_000));
    // A client on a slower link: the body is still arriving after the answer went out. Closing
    // the socket then (with bytes unread) would reset the connection under the client's feet.
    const sending = (async () => {
      for (let sent = 0; sent < 3_000_000; sent += 100_000) {
        conn.send("", Buffer.alloc(100_000, 0x61));
        await new Promise((r) => setTimeout(r, 20));
      }
    })();
    const first = await conn.response(5_000);
    expect(first.status).toBe(401);
    expect(first.body).toBe("Please sign in.");
    expect(first.headers["connection"]).toBe("close");
    // The whole body was taken (no reset while it was still being sent) before the connection closed.
    await sending;
    const closed = await conn.closedByServer(DRAIN_LIMITS.ms);
    expect(closed.reset, closed.code).toBe(false);
  });

  it("is cut after DRAIN_LIMITS.bytes: the server reads no more of it and closes the connection", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    const huge = DRAIN_LIMITS.bytes * 3;
    // The declared size is within the photo limit, so the guard's 401 is what answers it.
    conn.send(post("/api/listings", huge), Buffer.alloc(huge, 0x61));
    const first = await conn.response(5_000);
    expect(first.status).toBe(401);
    expect(first.headers["connection"]).toBe("close");
    await conn.closedByServer(DRAIN_LIMITS.ms + 3_000); // closed (a reset is allowed here): never a hang
  });

  it("leaves the connection open when the body was read whole", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    conn.send(post("/read", 100_000), Buffer.alloc(100_000, 0x61));
    const first = await conn.response(5_000);
    expect(first.body).toBe("read 100000");
    expect(first.headers["connection"]).toBe("keep-alive");
    conn.send(requestHead("GET", "/read", "localhost"));
    expect((await conn.response(5_000)).status).toBe(200);
    conn.destroy();
  });
});

describe("a body over the limit", () => {
  it("is refused with 413 from its declared length, before the app runs", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    conn.send(post("/read", BODY_LIMITS.form.bytes + 1));
    const res = await conn.response(5_000);
    expect(res.status).toBe(413);
    expect(res.body).toBe(BODY_LIMITS.form.message);
    expect(res.headers["connection"]).toBe("close");
    expect((await conn.closedByServer(DRAIN_LIMITS.ms + 3_000)).reset).toBe(false);
  });

  it("is refused with 413 when a chunked body passes the limit while being read", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    conn.send(
      requestHead("POST", "/read", "localhost", { "Content-Type": "text/plain", "Transfer-Encoding": "chunked" }),
    );
    const piece = Buffer.alloc(32 * 1024, 0x61);
    const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
    conn.send("", Buffer.concat([...Array.from({ length: 12 }, () => frame), Buffer.from("0\r\n\r\n")]));
    const res = await conn.response(5_000);
    expect(res.status).toBe(413);
    expect((await conn.closedByServer(5_000)).reset).toBe(false);
  });

  it("answers a client that asks first (Expect: 100-continue) with 413 instead of inviting the body", async () => {
    const port = await serve({ withRequestBodies: true });
    const conn = await RawConnection.open(port);
    conn.send(post("/api/listings", 200 * 1024 * 1024, { Expect: "100-continue" }));
    const res = await conn.response(5_000);
    expect(res.status).toBe(413);
    expect(res.body).toBe(BODY_LIMITS.listingPhotos.message);
    conn.destroy();

    const small = await RawConnection.open(port);
    small.send(post("/read", 10, { Expect: "100-continue" }));
    expect((await small.response(5_000)).status).toBe(100);
    small.send("", Buffer.alloc(10, 0x61));
    expect((await small.response(5_000)).body).toBe("read 10");
    small.destroy();
  });
});
