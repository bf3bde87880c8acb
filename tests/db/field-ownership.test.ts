/**
 * Request bodies cannot set fields they do not own: role, status,
 * admin_status, seller_id, user_id, used, emailVerified and friends posted to
 * the real route actions are ignored — the stored rows carry the server's
 * values — or the request is refused.
 */
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { action as listingsApi } from "#app/routes/api/listings.ts";
import { action as favouritesApi } from "#app/routes/api/favourites.ts";
import { action as buyerDashboard } from "#app/routes/buyer/buyer-dashboard.tsx";
import { action as purchase } from "#app/routes/catalog/listing-detail.tsx";
import { action as signup } from "#app/routes/auth/signup.tsx";
import { type Persona, publicListingRow, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;
let buyer: Persona;
let otherBuyer: Persona;
let admin: Persona;

const SMUGGLED = (ids: { user: string; seller: string }) => ({
  role: "admin",
  is_admin: "true",
  isAdmin: "true",
  status: "approved",
  adminStatus: "approved",
  admin_status: "approved",
  seller_id: ids.seller,
  sellerId: ids.seller,
  user_id: ids.user,
  userId: ids.user,
  buyer_id: ids.user,
  buyerId: ids.user,
  used: "true",
  emailVerified: "true",
  email_verified: "true",
  banned: "false",
  amount: "1",
  views: "99999",
  archived: "false",
  expiresOn: "2099-01-01",
});

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  seller = await h.persona("seller");
  otherSeller = await h.persona("seller");
  buyer = await h.persona("buyer");
  otherBuyer = await h.persona("buyer");
  admin = await h.persona("admin");
});
afterAll(() => h.stop());

const sellerRowId = async (p: Persona) =>
  (await h.rt.db.select({ id: s.sellers.id }).from(s.sellers).where(eq(s.sellers.userId, p.viewer.userId)))[0]!.id;

describe("fields a request does not own", () => {
  it("sign-up: no admin role, no admin access, no pre-verified e-mail, whatever the body says", async () => {
    const email = "smuggler@example.co.za";
    const body = form({
      ...SMUGGLED({ user: admin.viewer.userId, seller: "x" }),
      email,
      password: "Kudu-Grader-2026",
      confirmPassword: "Kudu-Grader-2026",
      fullName: "Smuggler",
      phone: "082 555 1234",
      commissionAccepted: "on",
    });
    body.set("role", "admin");
    const refused = await h.call(signup, { path: "/signup", body });
    expect(refused.status).toBe(400);
    expect(await h.rt.db.select().from(s.user).where(eq(s.user.email, email))).toHaveLength(0);

    body.set("role", "buyer");
    const ok = await h.call(signup, { path: "/signup", body });
    expect(ok.status).toBeLessThan(400);
    const [u] = await h.rt.db.select().from(s.user).where(eq(s.user.email, email));
    expect(u).toMatchObject({ emailVerified: false, banned: false });
    expect(u!.banned ?? false).toBe(false);
    const [p] = await h.rt.db.select().from(s.profiles).where(eq(s.profiles.userId, u!.id));
    expect(p!.role).toBe("buyer");
    expect(await h.rt.db.select().from(s.adminAccess).where(eq(s.adminAccess.userId, u!.id))).toHaveLength(0);
  });

  it("a new listing is the poster's, pending review, whatever status, seller or views the body names", async () => {
    const photo = await sharp({ create: { width: 640, height: 480, channels: 3, background: { r: 9, g: 9, b: 200 } } }).jpeg().toBuffer();
    const body = form({
      ...SMUGGLED({ user: otherSeller.viewer.userId, seller: await sellerRowId(otherSeller) }),
      title: "Smuggled status",
      description: "Trying to skip review.",
      category: "cranes",
      condition: "used",
      price: "500000",
      location: "Durban",
      isUrgent: "on",
    });
    body.append("images", new Blob([new Uint8Array(photo)]), "a.jpg");
    const created = await h.call(listingsApi, { path: "/api/listings", body, cookie: seller.cookie });
    expect(created.status).toBe(201);
    const id = (created.body as { listingId: string }).listingId;
    const [row] = await h.rt.db.select().from(s.listings).where(eq(s.listings.id, id));
    expect(row).toMatchObject({ status: "pending", adminStatus: "pending", sellerId: await sellerRowId(seller), archived: false });
    expect(row!.expiresOn.getFullYear()).toBeLessThan(2099);
  });

  it("a buyer's request and purchase request are the buyer's own, new, at the listing's price", async () => {
    const [listing] = await h.rt.db
      .insert(s.listings)
      .values(publicListingRow(await sellerRowId(seller), { title: "Public crane", description: "For sale.", price: "750000", category: "cranes" }))
      .returning({ id: s.listings.id });
    const smuggled = SMUGGLED({ user: otherBuyer.viewer.userId, seller: "x" });

    const offer = await h.call(buyerDashboard, {
      path: "/buyer-dashboard",
      cookie: buyer.cookie,
      body: form({ ...smuggled, status: "closed", intent: "offer", listingId: listing!.id, offerAmount: "700000", message: "Mine" }),
    });
    expect(offer.status).toBe(200);
    const [req] = await h.rt.db.select().from(s.userRequests).where(eq(s.userRequests.message, "Mine"));
    expect(req).toMatchObject({ userId: buyer.viewer.userId, status: "new", requestType: "offer" });

    const bought = await h.call(purchase, { path: `/listing/${listing!.id}`, params: { id: listing!.id }, cookie: buyer.cookie, body: form({ ...smuggled, status: "closed" }) });
    expect(bought.status).toBe(200);
    const [buyerRow] = await h.rt.db.select({ id: s.buyers.id }).from(s.buyers).where(eq(s.buyers.userId, buyer.viewer.userId));
    const [tx] = await h.rt.db.select().from(s.transactions).where(eq(s.transactions.listingId, listing!.id));
    expect(tx).toMatchObject({ buyerId: buyerRow!.id, status: "new", amount: "750000.00" });

    const fav = await h.call(favouritesApi, { path: "/api/favourites", cookie: buyer.cookie, body: form({ ...smuggled, listingId: listing!.id, favourite: "true" }) });
    expect(fav.status).toBeLessThan(400);
    expect(await h.rt.db.select().from(s.favourites).where(and(eq(s.favourites.listingId, listing!.id), eq(s.favourites.userId, buyer.viewer.userId)))).toHaveLength(1);
    expect(await h.rt.db.select().from(s.favourites).where(eq(s.favourites.userId, otherBuyer.viewer.userId))).toHaveLength(0);
  });
});
