/**
 * One answer to "has this buyer a profile?" (the catalogue, the listing page,
 * purchase requests and the buyer dashboard; docs/product.md#forms): a buyer who
 * signed up with the form accepted the 2.5% commission there and is complete at
 * once; one who has not (a Google sign-up, an older account) is asked for the
 * profile first by every one of them; creating it from the dashboard returns the
 * buyer to the tab and listing they came for; and a purchase request already
 * sent is shown as sent after a reload.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { action as signupAction } from "#app/routes/auth/signup.tsx";
import { action as dashboardAction } from "#app/routes/buyer/buyer-dashboard.tsx";
import { loader as catalogLoader } from "#app/routes/catalog/catalog.tsx";
import { action as purchaseAction, loader as listingLoader } from "#app/routes/catalog/listing-detail.tsx";
import { type Persona, publicListingRow, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let listingId: string;
let newBuyer: Persona;

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  const seller = await h.persona("seller");
  const [sellerRow] = await h.rt.db.select({ id: s.sellers.id }).from(s.sellers).where(eq(s.sellers.userId, seller.viewer.userId));
  const [row] = await h.rt.db.insert(s.listings).values(publicListingRow(sellerRow!.id)).returning({ id: s.listings.id });
  listingId = row!.id;
  newBuyer = await h.persona("buyer", { buyerProfile: false });
}, 120_000);

afterAll(async () => {
  await h?.stop();
});

const body = (fields: Record<string, string>) => {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
};
const listingPage = (cookie: string) =>
  h.call(listingLoader, { path: `/listing/${listingId}`, method: "GET", params: { id: listingId }, cookie });
const catalogPage = (cookie: string) => h.call(catalogLoader, { path: "/buyer-catalog", method: "GET", cookie });

describe("signing up as a buyer", () => {
  const form = (extra: Record<string, string>) =>
    body({ email: "signup-buyer@example.co.za", password: "Kudu-Grader-2026", confirmPassword: "Kudu-Grader-2026", role: "buyer", fullName: "Sipho Buyer", phone: "082 555 1234", ...extra });

  it("needs the commission accepted on the form: without it, the spec's message and nothing written", async () => {
    const before = await h.rowCounts();
    const refused = await h.call(signupAction, { path: "/signup", body: form({}) });
    expect(refused.status).toBe(400);
    expect(JSON.stringify(refused.body)).toContain("You must accept the 2.5% buyer commission to proceed.");
    expect(await h.rowCounts()).toEqual(before);
  });

  it("with it, the buyer's profile is complete at once; a seller is never asked", async () => {
    expect((await h.call(signupAction, { path: "/signup", body: form({ commissionAccepted: "on" }) })).status).toBe(200);
    const [row] = await h.rt.db
      .select({ accepted: s.buyers.commissionAccepted })
      .from(s.buyers)
      .innerJoin(s.user, eq(s.user.id, s.buyers.userId))
      .where(eq(s.user.email, "signup-buyer@example.co.za"));
    expect(row!.accepted).toBe(true);
    const seller = await h.call(signupAction, { path: "/signup", body: form({ email: "signup-seller@example.co.za", role: "seller" }) });
    expect(seller.status).toBe(200);
  });
});

describe("a buyer who has not accepted the commission (a Google sign-up, an older account)", () => {
  it("sees the machines under the buyer-profile prompt, and cannot send a purchase request", async () => {
    const catalogue = (await catalogPage(newBuyer.cookie)).body as { profilePrompt: unknown; page: { items: unknown[] } };
    expect(catalogue.profilePrompt).toEqual({ completable: true, href: "/complete-profile" });
    expect(catalogue.page.items.length).toBeGreaterThan(0);
    expect((await listingPage(newBuyer.cookie)).body).toMatchObject({ canBuy: false, requested: false });

    const before = await h.rowCounts();
    const refused = await h.call(purchaseAction, { path: `/listing/${listingId}`, params: { id: listingId }, body: new FormData(), cookie: newBuyer.cookie });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).toContain("Please create your buyer profile before making a purchase request.");
    expect({ ...(await h.rowCounts()), rate_limits: 0 }).toEqual({ ...before, rate_limits: 0 });
  });

  it("creates the profile on the dashboard and comes back to the tab and listing it came for; then it may buy", async () => {
    const path = `/buyer-dashboard?tab=offer&listing=${listingId}`;
    const created = await h.call(dashboardAction, {
      path,
      body: body({ intent: "create-buyer-profile", fullName: "Thandi Mokoena", companyName: "Mokoena Civils", commissionAccepted: "on" }),
      cookie: newBuyer.cookie,
    });
    expect(created.status).toBe(302);
    expect(created.location).toBe(path);
    const [buyerRow] = await h.rt.db.select().from(s.buyers).where(eq(s.buyers.userId, newBuyer.viewer.userId));
    expect(buyerRow).toMatchObject({ commissionAccepted: true, companyName: "Mokoena Civils" });

    expect((await catalogPage(newBuyer.cookie)).body).toMatchObject({ profilePrompt: null });
    expect((await listingPage(newBuyer.cookie)).body).toMatchObject({ canBuy: true, requested: false });
  });
});

describe("a purchase request already sent", () => {
  it("shows as sent when the listing page is loaded again, for that buyer only", async () => {
    const buyer = await h.persona("buyer");
    const sent = await h.call(purchaseAction, { path: `/listing/${listingId}`, params: { id: listingId }, body: new FormData(), cookie: buyer.cookie });
    expect(sent.status).toBe(200);
    expect((await listingPage(buyer.cookie)).body).toMatchObject({ canBuy: true, requested: true });
    const other = await h.persona("buyer");
    expect((await listingPage(other.cookie)).body).toMatchObject({ canBuy: true, requested: false });
  });
});
