/**
 * The HTTP edge (server/request-bodies.js, server/private-responses.js):
 * - an answer sent before the request's body was read (a visitor's upload, a
 *   redirect, a 405) never leaves the connection hanging: the next request on
 *   it is answered, or the server closes it cleanly after `Connection: close`;
 * - a body larger than its route accepts is refused with 413 before it is read;
 * - pages and data that depend on who is signed in are `private, no-store`,
 *   pages for visitors keep their own policy, and both vary on Cookie.
 */
import { expect, test } from "@playwright/test";
import { readLatestEmail, signedInAdmin } from "./support/mailbox.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { clientFor } from "./support/personas.ts";
import { RawConnection, requestHead, type RawResponse } from "./support/raw-http.ts";
import { E2E_PORT } from "../../playwright.config.ts";

const HOST = `localhost:${E2E_PORT}`;
/** Longer than the server's drain bound (5 s), far shorter than a hang. */
const WAIT_MS = 15_000;

const open = () => RawConnection.open(E2E_PORT);

/** A multipart body of `size` bytes: one field and one "photo" of filler. */
function multipart(size: number) {
  const boundary = "----edge-test-boundary";
  const start = `--${boundary}\r\nContent-Disposition: form-data; name="title"\r\n\r\nTLB 4x4\r\n--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  const end = `\r\n--${boundary}--\r\n`;
  const filler = Buffer.alloc(size - Buffer.byteLength(start) - Buffer.byteLength(end), 0x61);
  return {
    body: Buffer.concat([Buffer.from(start), filler, Buffer.from(end)]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

/**
 * After `first`: either the connection is still usable (the next GET on it is
 * answered) or the server said `Connection: close` and then closed it without a
 * reset. A hang fails either way.
 */
async function connectionStaysHealthy(conn: RawConnection, first: RawResponse) {
  if (/\bclose\b/i.test(first.headers["connection"] ?? "")) {
    const closed = await conn.closedByServer(WAIT_MS);
    expect(closed.reset, `the server closed the connection cleanly (${closed.code ?? "no error"})`).toBe(false);
    return "closed";
  }
  conn.send(requestHead("GET", "/robots.txt", HOST));
  const second = await conn.response(WAIT_MS);
  expect(second.status).toBe(200);
  expect(second.body).toContain("User-agent");
  return "reused";
}

test.describe("a body the answer did not read never leaves the connection hanging", () => {
  const cases = [
    {
      what: "a visitor's 3 MB photo upload to /api/listings (401)",
      path: "/api/listings",
      ...multipart(3_000_000),
      status: 401,
    },
    {
      what: "a 150 KB form to /buyer-dashboard.data (a visitor is redirected)",
      path: "/buyer-dashboard.data",
      body: Buffer.alloc(150_000, 0x61),
      type: "application/x-www-form-urlencoded",
      status: 202,
    },
    {
      what: "a 150 KB form to /equipment.data (no action: 405)",
      path: "/equipment.data",
      body: Buffer.alloc(150_000, 0x61),
      type: "application/x-www-form-urlencoded",
      status: 405,
    },
  ];
  for (const c of cases) {
    test(c.what, async () => {
      const conn = await open();
      try {
        conn.send(
          requestHead("POST", c.path, HOST, { "Content-Type": c.type, "Content-Length": c.body.length }),
          c.body,
        );
        const first = await conn.response(WAIT_MS);
        expect(first.status).toBe(c.status);
        await connectionStaysHealthy(conn, first);
      } finally {
        conn.destroy();
      }
    });
  }

  test("a small form that is read whole keeps the connection open for the next request", async () => {
    const conn = await open();
    try {
      const body = Buffer.from("name=&email=&subject=&message=");
      conn.send(
        requestHead("POST", "/contact", HOST, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Content-Length": body.length,
        }),
        body,
      );
      const first = await conn.response(WAIT_MS);
      expect(first.status).toBeLessThan(500);
      expect(await connectionStaysHealthy(conn, first)).toBe("reused");
    } finally {
      conn.destroy();
    }
  });
});

test.describe("a body over its route's limit is refused with 413 before it is read", () => {
  const MB = 1024 * 1024;
  const cases = [
    {
      what: "200 MB of photos to /api/listings",
      path: "/api/listings",
      length: 200 * MB,
      message: "The upload is too large. Please choose smaller photos.",
    },
    {
      what: "200 MB to the no-JavaScript listing form",
      path: "/seller/create",
      length: 200 * MB,
      message: "The upload is too large. Please choose smaller photos.",
    },
    {
      what: "20 MB to a signed mandate upload",
      path: "/seller/mandate/00000000-0000-0000-0000-000000000000",
      length: 20 * MB,
      message: "The signed mandate must be a PDF smaller than 10 MB.",
    },
    {
      what: "20 MB to a mandate's data request",
      path: "/seller/mandate/00000000-0000-0000-0000-000000000000.data",
      length: 20 * MB,
      message: "The signed mandate must be a PDF smaller than 10 MB.",
    },
    { what: "1 MB to the contact form", path: "/contact", length: MB, message: "larger than the marketplace accepts" },
    {
      what: "1 MB to a listing's data request",
      path: "/listing/00000000-0000-0000-0000-000000000000.data",
      length: MB,
      message: "larger than the marketplace accepts",
    },
  ];
  for (const c of cases) {
    test(c.what, async () => {
      const conn = await open();
      try {
        // Only the head: the declared body is never sent, as a client waiting for the answer would do.
        conn.send(
          requestHead("POST", c.path, HOST, {
            "Content-Type": "multipart/form-data; boundary=x",
            "Content-Length": c.length,
          }),
        );
        const res = await conn.response(WAIT_MS);
        expect(res.status).toBe(413);
        expect(res.headers["content-type"]).toContain("text/plain");
        expect(res.body).toContain(c.message);
        expect(res.headers["connection"]).toBe("close");
        expect(await connectionStaysHealthy(conn, res)).toBe("closed");
      } finally {
        conn.destroy();
      }
    });
  }

  test("the upload script gets the 413 as the app's JSON error, and a chunked body is cut at the limit", async () => {
    const conn = await open();
    try {
      conn.send(
        requestHead("POST", "/api/listings", HOST, {
          "Content-Type": "multipart/form-data; boundary=x",
          "Content-Length": 60 * 1024 * 1024,
          Accept: "application/json",
        }),
      );
      const res = await conn.response(WAIT_MS);
      expect(res.status).toBe(413);
      expect(JSON.parse(res.body)).toEqual({
        title: "File too large",
        message: "The upload is too large. Please choose smaller photos.",
      });
    } finally {
      conn.destroy();
    }

    const chunked = await open();
    try {
      chunked.send(
        requestHead("POST", "/contact", HOST, {
          "Content-Type": "application/x-www-form-urlencoded",
          "Transfer-Encoding": "chunked",
        }),
      );
      const piece = Buffer.alloc(64 * 1024, 0x61);
      const frame = Buffer.concat([Buffer.from(`${piece.length.toString(16)}\r\n`), piece, Buffer.from("\r\n")]);
      // 512 KB in chunks, then the end: twice the limit for a form.
      chunked.send("", Buffer.concat([...Array.from({ length: 8 }, () => frame), Buffer.from("0\r\n\r\n")]));
      const res = await chunked.response(WAIT_MS);
      expect(res.status).toBe(413);
      expect(await connectionStaysHealthy(chunked, res)).toBe("closed");
    } finally {
      chunked.destroy();
    }
  });
});

test.describe("private pages are never cached", () => {
  test("signed-in pages and their data are private, no-store and vary on Cookie", async () => {
    const buyer = await clientFor("buyer");
    for (const path of ["/buyer-dashboard", "/buyer-dashboard.data"]) {
      const res = await buyer.get(path, { maxRedirects: 0 });
      expect(res.status(), path).toBeLessThan(400);
      expect(res.headers()["cache-control"], path).toBe("private, no-store");
      expect(res.headers()["vary"], path).toMatch(/\bCookie\b/i);
    }
    const admin = await signedInAdmin();
    const users = await admin.get("/admin/users");
    expect(users.status()).toBe(200);
    expect(users.headers()["cache-control"]).toBe("private, no-store");
  });

  test("the admin's view of an e-mail with a reset link is private, no-store", async () => {
    const account = await createConfirmedAccount({ role: "buyer", prefix: "edge-reset" });
    const visitor = await clientFor("visitor");
    const forgot = await visitor.post("/signin", { form: { intent: "forgot", email: account.email } });
    expect(forgot.status()).toBeLessThan(400);
    const mail = await readLatestEmail(account.email, /Reset your/);
    expect(mail.text).toContain("reset-password");
    const admin = await signedInAdmin();
    const res = await admin.get(`/admin/mailbox/${mail.id}`);
    expect(res.status()).toBe(200);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
  });

  test("a response that sets a cookie is private, no-store, even for a visitor", async () => {
    const visitor = await clientFor("visitor");
    const res = await visitor.post("/signout", { maxRedirects: 0 });
    expect(res.headersArray().some((h) => h.name.toLowerCase() === "set-cookie")).toBe(true);
    expect(res.headers()["cache-control"]).toBe("private, no-store");
  });

  test("visitors' pages keep their own policy: the catalogue is not no-store, robots.txt stays public for an hour", async () => {
    const visitor = await clientFor("visitor");
    const catalogue = await visitor.get("/equipment");
    expect(catalogue.status()).toBe(200);
    expect(catalogue.headers()["cache-control"] ?? "").not.toContain("no-store");
    expect(catalogue.headers()["vary"]).toMatch(/\bCookie\b/i);
    for (const path of ["/robots.txt", "/sitemap.xml"]) {
      const res = await visitor.get(path);
      expect(res.headers()["cache-control"], path).toBe("public, max-age=3600");
    }
    // Built scripts and styles are the same for everyone: untouched.
    const html = await catalogue.text();
    const asset = /(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, "a built script on the page").toBeTruthy();
    const script = await (await clientFor("buyer")).get(asset!);
    expect(script.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(script.headers()["vary"] ?? "").not.toMatch(/\bCookie\b/i);
  });
});
