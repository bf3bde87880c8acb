/**
 * A listing's photos are as private as the listing: until it is public only
 * its seller and the admins can fetch them, and no cache may keep them; once
 * it is public, anyone can, with the usual long public cache.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { BASE_URL } from "../../playwright.config.ts";
import { createPendingListing } from "./support/listings.ts";
import { clientFor } from "./support/personas.ts";

const origin = { Origin: BASE_URL };

/** A GET sent with its path exactly as written (a browser or URL parser would tidy "/./" away). */
function rawStatus(pathAsWritten: string) {
  return new Promise<number>((resolve, reject) => {
    http
      .get({ hostname: "127.0.0.1", port: new URL(BASE_URL).port, path: pathAsWritten }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on("error", reject);
  });
}

async function expectHidden(client: APIRequestContext, url: string, who: string) {
  const res = await client.get(url);
  expect(res.status(), `${who}: ${url}`).toBe(404);
  expect(res.headers()["cache-control"] ?? "", `${who}: nothing may keep the refusal`).not.toContain("public");
}

async function expectPrivate(client: APIRequestContext, url: string, who: string) {
  const res = await client.get(url);
  expect(res.status(), `${who}: ${url}`).toBe(200);
  expect(res.headers()["content-type"], who).toBe("image/webp");
  expect(res.headers()["cache-control"], who).toBe("private, no-store");
}

test("photos of a listing that is not public yet go only to its seller and the admins, uncached; public once approved", async () => {
  const title = `Komatsu PC210 Photos ${Date.now().toString(36)}`;
  const { seller, listingId } = await createPendingListing({ title, description: "Photos private until approved." });
  const [visitor, buyer, otherSeller, admin] = await Promise.all(
    (["visitor", "buyer", "otherSeller", "admin"] as const).map((persona) => clientFor(persona)),
  );

  // The seller's preview shows the photos; their addresses are what a probe would try.
  const preview = await (await seller.get(`/listing/${listingId}`)).text();
  const photos = [
    ...new Set(preview.match(new RegExp(`/media/listings/${listingId}/[0-9a-f]+-(?:thumb|card|full)\\.webp`, "g"))),
  ];
  expect(photos.length, "the preview's photo addresses").toBeGreaterThan(0);

  for (const url of photos) {
    await expectHidden(visitor, url, "visitor");
    await expectHidden(buyer, url, "buyer");
    await expectHidden(otherSeller, url, "another seller");
    await expectPrivate(seller, url, "the seller");
    await expectPrivate(admin, url, "an admin");
  }
  // A listing that does not exist: 404 for everyone, the admins too.
  const missing = `/media/listings/${randomUUID()}/0123456789abcdef-card.webp`;
  await expectHidden(visitor, missing, "visitor");
  await expectHidden(admin, missing, "an admin");
  // The same file under another spelling of its path gets no further.
  for (const spelling of ["/media/./listings/", "/media//listings/", "/media/Listings/"]) {
    expect(await rawStatus(photos[0]!.replace("/media/listings/", spelling)), spelling).toBe(404);
  }

  // Signing the mandate alone does not make the listing public.
  const signed = await seller.post(`/seller/mandate/${listingId}`, {
    headers: origin,
    form: { intent: "sign", accept: "on" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  await expectHidden(visitor, photos[0]!, "visitor, mandate signed");

  // Approved: public, with the long public cache.
  const approved = await admin.post("/admin?index", { headers: origin, form: { intent: "approve", listingId } });
  expect(approved.status()).toBe(200);
  for (const url of photos) {
    const res = await visitor.get(url);
    expect(res.status(), url).toBe(200);
    expect(res.headers()["content-type"]).toBe("image/webp");
    expect(res.headers()["cache-control"]).toBe("public, max-age=604800");
    expect(res.headers()["content-security-policy"]).toContain("sandbox");
  }
  await Promise.all([seller, visitor, buyer, otherSeller, admin].map((c) => c.dispose()));
});
