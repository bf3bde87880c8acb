/**
 * Cross-site request forgery: server.js refuses every state-changing
 * request whose Origin or Sec-Fetch-Site names another site, before any route
 * code runs; posts from the site itself go through.
 */
import { expect, test } from "@playwright/test";
import { clientFor } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

test("a cross-site post is refused by every state-changing route, whether the browser says so in Origin or Sec-Fetch-Site", async () => {
  const admin = await clientFor("admin");
  const buyer = await clientFor("buyer");
  const targets: { client: typeof admin; path: string; form: Record<string, string> }[] = [
    { client: admin, path: "/admin?index", form: { intent: "approve", listingId: "00000000-0000-0000-0000-000000000000" } },
    { client: admin, path: "/admin/users/x", form: { intent: "delete" } },
    { client: buyer, path: "/buyer-dashboard", form: { intent: "offer" } },
    { client: buyer, path: "/api/favourites", form: { listingId: "00000000-0000-0000-0000-000000000000" } },
    { client: buyer, path: "/feedback", form: { message: "hi" } },
    { client: buyer, path: "/signout", form: {} },
    { client: buyer, path: "/api/auth/sign-out", form: {} },
  ];
  const foreign: Record<string, string>[] = [
    { Origin: "https://evil.example" },
    { Origin: "null" },
    { "Sec-Fetch-Site": "cross-site" },
    { "Sec-Fetch-Site": "same-site", Origin: "https://sub.localhost" },
  ];
  for (const { client, path, form } of targets) {
    for (const headers of foreign) {
      const res = await client.post(path, { form, headers, maxRedirects: 0 });
      expect(res.status(), `${path} with ${JSON.stringify(headers)}`).toBe(403);
      expect(await res.text()).toContain("Cross-site request refused");
    }
  }
  // The buyer is still signed in: the cross-site sign-out posts did nothing.
  const page = await buyer.get("/buyer-dashboard", { maxRedirects: 0 });
  expect(page.status()).toBe(200);
  // The same post from the site itself is let through to the action.
  const own = await buyer.post("/feedback", { form: { message: "" }, headers: { Origin: BASE_URL, "Sec-Fetch-Site": "same-origin" } });
  expect(own.status()).toBeLessThan(500);
  expect(own.status()).not.toBe(403);
});
