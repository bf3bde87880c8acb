/** Listings made through the real endpoints, as the demo seller (and the admin, to publish). */
import { expect } from "@playwright/test";
import { BASE_URL } from "../../../playwright.config.ts";
import { jpeg } from "./images.ts";
import { clientFor } from "./personas.ts";

const origin = { Origin: BASE_URL };

type ListingFields = { title: string; description: string; location?: string; price?: string };

/** A listing the demo seller has just created: pending review, its mandate not signed yet. */
export async function createPendingListing(fields: ListingFields) {
  const seller = await clientFor("seller");
  const created = await seller.post("/api/listings", {
    headers: origin,
    multipart: {
      title: fields.title,
      description: fields.description,
      category: "excavators",
      condition: "used",
      price: fields.price ?? "123456",
      location: fields.location ?? "Durban, KwaZulu-Natal",
      isUrgent: "on",
      images: { name: "a.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 10, g: 200, b: 10 }, 800, 600) },
    },
  });
  expect(created.status()).toBe(201);
  const { listingId } = (await created.json()) as { listingId: string };
  return { seller, listingId };
}

/** A public listing: the demo seller lists it and signs the mandate, the admin approves it. */
export async function publishListing(fields: ListingFields) {
  const { seller, listingId } = await createPendingListing(fields);
  const signed = await seller.post(`/seller/mandate/${listingId}`, {
    headers: origin,
    form: { intent: "sign", accept: "on" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  const admin = await clientFor("admin");
  expect((await admin.post("/admin?index", { headers: origin, form: { intent: "approve", listingId } })).status()).toBe(
    200,
  );
  await Promise.all([seller.dispose(), admin.dispose()]);
  return listingId;
}
