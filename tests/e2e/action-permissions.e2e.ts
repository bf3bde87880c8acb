/**
 * The server refuses what the UI hides: actions posted directly, as the wrong
 * persona, are refused (redirected away or 4xx) and change nothing.
 */
import { expect, test } from "@playwright/test";
import { clientFor } from "./support/personas.ts";
import { BASE_URL } from "../../playwright.config.ts";

const origin = { Origin: BASE_URL };

async function firstPendingListingId() {
  const admin = await clientFor("admin");
  const html = await (await admin.get("/admin?status=pending")).text();
  const id = /name="listingId" value="([0-9a-f-]{36})"/.exec(html)?.[1];
  expect(id, "a pending demo listing").toBeTruthy();
  return { admin, id: id! };
}

test("only an admin moderates: a seller or buyer posting to /admin is sent home and nothing changes", async () => {
  const { admin, id } = await firstPendingListingId();
  for (const persona of ["seller", "buyer", "visitor"] as const) {
    const client = await clientFor(persona);
    const res = await client.post("/admin?index", { form: { intent: "approve", listingId: id }, headers: origin, maxRedirects: 0 });
    expect([302, 303]).toContain(res.status());
    expect(new URL(res.headers()["location"]!, BASE_URL).pathname).toBe(persona === "visitor" ? "/signin" : "/");
  }
  const html = await (await admin.get("/admin?status=pending")).text();
  expect(html).toContain(id);
});

test("a buyer cannot create a listing; a visitor is asked to sign in", async () => {
  const buyer = await clientFor("buyer");
  const res = await buyer.post("/api/listings", {
    multipart: { title: "X", description: "Y", category: "cranes", condition: "new", price: "10", isUrgent: "on" },
    headers: origin,
  });
  expect(res.status()).toBe(403);
  expect((await res.json()).title).toBe("Seller Access Required");
  const visitor = await clientFor("visitor");
  const anon = await visitor.post("/api/listings", { multipart: { title: "X" }, headers: origin });
  expect(anon.status()).toBe(401);
});

test("a seller cannot delete another seller's listing", async () => {
  const admin = await clientFor("admin");
  const html = await (await admin.get("/admin?status=all")).text();
  // A listing of seller2's, as the admin sees it.
  const block = html.split("<li ").find((b) => b.includes("seller2@demo.machinery.co.za") && b.includes('name="listingId"'));
  const id = /name="listingId" value="([0-9a-f-]{36})"/.exec(block ?? "")?.[1];
  expect(id, "a listing of seller2").toBeTruthy();

  const seller1 = await clientFor("seller"); // seller1@demo…
  const res = await seller1.post("/seller-dashboard", { form: { intent: "delete", listingId: id! }, headers: origin });
  expect(res.status()).toBe(404);
  expect(await res.text()).toContain("Failed to delete listing");
  const after = await (await admin.get("/admin?status=all")).text();
  expect(after).toContain(id!);
});

test("a cross-site form post is refused", async () => {
  const admin = await clientFor("admin");
  const res = await admin.post("/admin?index", {
    form: { intent: "approve", listingId: "00000000-0000-0000-0000-000000000000" },
    headers: { Origin: "https://evil.example" },
  });
  // Refused before the action runs (React Router's own origin check, or ours).
  expect([400, 403]).toContain(res.status());
});
