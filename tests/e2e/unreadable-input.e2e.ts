/**
 * Input the app cannot read never reaches a handler: a control character (a
 * NUL byte) in an address or a form field, a broken %-escape or a body that is
 * not a form each get a 400 with a clear message, never a 500, and change nothing.
 */
import { expect, test } from "@playwright/test";
import { clientFor } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const origin = { Origin: BASE_URL };

test("an address with a NUL byte or a broken escape is refused with a 400", async () => {
  const admin = await clientFor("admin");
  for (const url of ["/admin/users/abc%00def", "/catalog?q=crane%00", "/listing/%00", "/catalog?q=100%", "/catalog?q=%E9"]) {
    const res = await admin.get(url, { maxRedirects: 0 });
    expect(res.status(), url).toBe(400);
    const page = await res.text();
    expect(page, url).toContain("This address could not be read. Please check the link and try again.");
    expect(page, url).toMatch(/<a href="\/"[^>]*>Go to the home page<\/a>/);
    expect(res.headers()["content-type"], url).toMatch(/^text\/html/);
  }
  // Ordinary escapes still work.
  expect((await admin.get("/catalog?q=Caterpillar%20320%20%E2%80%94%20100%25")).status()).toBe(200);
  await admin.dispose();
});

test("a form field with a NUL byte is refused with a 400 and nothing is stored", async () => {
  const buyer = await clientFor("buyer");
  const marker = `NUL test ${Date.now()}`;
  const res = await buyer.post("/buyer-dashboard", {
    form: { intent: "contact-admin", subject: marker, message: `${marker}\u0000 please call me` },
    headers: origin,
    maxRedirects: 0,
  });
  expect(res.status()).toBe(400);
  expect(await res.text()).toContain("Some of what you entered could not be read");
  const admin = await clientFor("admin");
  expect(await (await admin.get("/admin/messages")).text()).not.toContain(marker);
  await Promise.all([buyer.dispose(), admin.dispose()]);
});

test("a body that is not a form is refused with a 400", async () => {
  const visitor = await clientFor("visitor");
  const res = await visitor.post("/contact", { data: '{"name":"x"}', headers: { ...origin, "Content-Type": "application/json" } });
  expect(res.status()).toBe(400);
  await visitor.dispose();
});
