/**
 * Every response carries the security headers; inline scripts run only with
 * the response's nonce, and pages work under that policy (no violations).
 */
import { request } from "node:http";
import { expect, test } from "@playwright/test";
import { demoUser, gotoReady, signInThroughForm } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

test("pages carry a nonce-based Content-Security-Policy and the other security headers", async ({ request }) => {
  for (const path of ["/", "/equipment", "/signin", "/no-such-page", "/robots.txt"]) {
    const res = await request.get(path);
    const h = res.headers();
    const csp = h["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
    expect(csp, path).not.toContain("'unsafe-inline' 'nonce");
    expect(csp, path).not.toMatch(/script-src[^;]*unsafe-inline/);
    for (const directive of ["object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'"]) expect(csp, path).toContain(directive);
    expect(h["x-content-type-options"], path).toBe("nosniff");
    expect(h["referrer-policy"], path).toBe("strict-origin-when-cross-origin");
    expect(h["x-powered-by"], path).toBeUndefined();
    if (path === "/") {
      const nonce = /'nonce-([^']+)'/.exec(csp)![1];
      const html = await res.text();
      const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].filter((m) => !m[1]!.includes("application/ld+json"));
      expect(inline.length).toBeGreaterThan(0);
      for (const m of inline) expect(m[1]).toContain(`nonce="${nonce}"`);
      // A new nonce for every response.
      const again = (await request.get("/")).headers()["content-security-policy"];
      expect(again).not.toBe(csp);
    }
  }
});

test("the app runs under the policy: no violations while signing in and browsing", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (msg) => {
    if (/Content Security Policy|Refused to/i.test(msg.text())) violations.push(msg.text());
  });
  const seller = demoUser("seller");
  await signInThroughForm(page, seller.email, seller.password);
  await expect(page).toHaveURL(/\/seller-dashboard$/);
  await page.getByRole("link", { name: "Create Listing" }).click();
  await expect(page.getByRole("dialog", { name: "Create Listing" })).toBeVisible();
  await gotoReady(page, "/equipment");
  await gotoReady(page, "/parts");
  expect(violations).toEqual([]);
});

test("the session cookie is HttpOnly and SameSite=Lax", async ({ request }) => {
  const u = demoUser("buyer");
  const res = await request.post("/signin", { form: { intent: "signin", email: u.email, password: u.password }, maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const cookie = res.headersArray().find((h) => h.name.toLowerCase() === "set-cookie" && h.value.includes("session_token"))!.value;
  expect(cookie).toMatch(/HttpOnly/i);
  expect(cookie).toMatch(/SameSite=Lax/i);
});

test("uploaded photos are served as images with nosniff and a sandbox policy; nothing else is served from /media", async ({ request }) => {
  const html = await (await request.get("/equipment")).text();
  const src = /src="(\/media\/[^"]+\.webp)"/.exec(html)?.[1];
  expect(src, "a listing photo on the catalog").toBeTruthy();
  const photo = await request.get(src!);
  expect(photo.status()).toBe(200);
  expect(photo.headers()["content-type"]).toBe("image/webp");
  expect(photo.headers()["x-content-type-options"]).toBe("nosniff");
  expect(photo.headers()["content-security-policy"]).toContain("sandbox");
  for (const path of ["/media/listings/evil.html", "/media/listings/x.svg", "/media/..%2f..%2fpackage.json", "/media/"]) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(res.headers()["content-type"] ?? "", path).not.toContain("text/html");
  }
});

test("idle connections are kept 65 s, longer than the clients and proxies in front, so a reused socket is not reset", async () => {
  // Node's own client: Playwright's request context hides the hop-by-hop Keep-Alive header.
  const header = await new Promise<string | undefined>((resolve, reject) => {
    const req = request(new URL("/robots.txt", BASE_URL), { headers: { connection: "keep-alive" } }, (res) => {
      res.resume();
      resolve(res.headers["keep-alive"]?.toString());
    });
    req.on("error", reject);
    req.end();
  });
  expect(header).toBe("timeout=65");
});
