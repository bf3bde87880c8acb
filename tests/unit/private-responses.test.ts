/**
 * server/private-responses.js: which responses are private, what their
 * Cache-Control becomes, and Vary: Cookie on every dynamic response.
 */
import type { AddressInfo } from "node:net";
import express from "express";
import { afterEach, describe, expect, it } from "vitest";
import { addVary, carriesSession, privateCacheControl, privateResponses } from "../../server/private-responses.js";

describe("the session cookie", () => {
  it("is better-auth's session token, with or without the __Secure- prefix, anywhere in the Cookie header", () => {
    expect(carriesSession("better-auth.session_token=abc.def")).toBe(true);
    expect(carriesSession("__Secure-better-auth.session_token=abc.def")).toBe(true);
    expect(carriesSession("toast=1; better-auth.session_token=abc")).toBe(true);
    expect(carriesSession("toast=1;better-auth.session_token=abc")).toBe(true);
  });

  it("is not any other cookie, nor a look-alike name", () => {
    expect(carriesSession(undefined)).toBe(false);
    expect(carriesSession("")).toBe(false);
    expect(carriesSession("toast=1")).toBe(false);
    expect(carriesSession("better-auth.dont_remember=1")).toBe(false);
    expect(carriesSession("xbetter-auth.session_token=abc")).toBe(false);
    expect(carriesSession("theme=better-auth.session_token")).toBe(false);
  });
});

describe("Cache-Control for a response that depends on the session", () => {
  it("is private, no-store unless the route chose a private policy itself", () => {
    expect(privateCacheControl(undefined)).toBe("private, no-store");
    expect(privateCacheControl("public, max-age=3600")).toBe("private, no-store");
    expect(privateCacheControl("max-age=60, must-revalidate")).toBe("private, no-store");
    expect(privateCacheControl("private, no-store")).toBe("private, no-store");
    expect(privateCacheControl("no-store")).toBe("no-store");
    expect(privateCacheControl("private, max-age=0")).toBe("private, max-age=0");
    expect(privateCacheControl("Private")).toBe("Private");
  });

  it("keeps no-transform (the notification stream must not be compressed or buffered)", () => {
    expect(privateCacheControl("no-cache, no-transform")).toBe("private, no-store, no-transform");
  });
});

describe("Vary", () => {
  it("gains Cookie once, next to what is there", () => {
    expect(addVary(undefined, "Cookie")).toBe("Cookie");
    expect(addVary("Accept-Encoding", "Cookie")).toBe("Accept-Encoding, Cookie");
    expect(addVary("Accept-Encoding, cookie", "Cookie")).toBe("Accept-Encoding, cookie");
    expect(addVary("*", "Cookie")).toBe("*");
  });
});

let close = () => {};
afterEach(() => close());

async function serve() {
  const app = express();
  app.get("/page", privateResponses, (_req, res) => {
    res.type("html").send("<p>page</p>");
  });
  app.get("/robots.txt", privateResponses, (_req, res) => {
    res.set("Cache-Control", "public, max-age=3600").type("text/plain").send("User-agent: *");
  });
  app.get("/sign-out", privateResponses, (_req, res) => {
    res.append("Set-Cookie", "better-auth.session_token=; Max-Age=0").redirect("/");
  });
  app.get("/pdf", privateResponses, (_req, res) => {
    // Headers given to writeHead itself, as a route's own Response headers can be.
    res
      .writeHead(200, { "Content-Type": "application/pdf", "Cache-Control": "private, no-store, max-age=0" })
      .end("%PDF");
  });
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  close = () => server.close();
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return (path: string, cookie?: string) =>
    fetch(base + path, { headers: cookie ? { cookie } : {}, redirect: "manual" });
}

describe("the middleware", () => {
  it("makes a signed-in page private, no-store and leaves a visitor's page as it was", async () => {
    const get = await serve();
    const signedIn = await get("/page", "better-auth.session_token=abc");
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    expect(signedIn.headers.get("vary")).toContain("Cookie");
    const visitor = await get("/page");
    expect(visitor.headers.get("cache-control")).toBeNull();
    expect(visitor.headers.get("vary")).toContain("Cookie");
  });

  it("keeps robots.txt public for visitors and makes it private for a signed-in request", async () => {
    const get = await serve();
    expect((await get("/robots.txt")).headers.get("cache-control")).toBe("public, max-age=3600");
    expect((await get("/robots.txt", "__Secure-better-auth.session_token=abc")).headers.get("cache-control")).toBe(
      "private, no-store",
    );
  });

  it("makes a response that sets a cookie private, and keeps a route's own private policy given to writeHead", async () => {
    const get = await serve();
    expect((await get("/sign-out")).headers.get("cache-control")).toBe("private, no-store");
    expect((await get("/pdf", "better-auth.session_token=abc")).headers.get("cache-control")).toBe(
      "private, no-store, max-age=0",
    );
  });
});
