/**
 * A purchase request's optional message is stored with it: trimmed, blank
 * or missing as null, at most as long as any request's message (refused
 * beyond, with nothing stored); the admins' Buyer Requests and the buyer's
 * own list both read it; a repeated request keeps the first one's message.
 */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { findBuyerRequests } from "#app/domain/request/find-buyer-requests.server.ts";
import { findUserRequests } from "#app/domain/request/find-user-requests.server.ts";
import { REQUEST_MESSAGE_MAX, REQUEST_MESSAGE_TOO_LONG } from "#app/domain/request/request-schemas.ts";
import { createPurchaseRequest } from "#app/domain/transaction/create-purchase-request.server.ts";
import { createUser } from "#app/domain/user/create-user.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { parseEnv } from "#app/lib/env.server.ts";
import { startRuntime, stopRuntime, type Runtime } from "#app/lib/runtime.server.ts";
import { createTestDatabaseUrl } from "./test-database-url.ts";
import { refusal } from "./support/refusal.ts";
import { publicListingRow } from "./support/listing-row.ts";

let rt: Runtime;
let drop: () => Promise<void>;
let buyer: Viewer;
let admin: Viewer;
let sellerId: string;

async function makeViewer(email: string, role: "buyer" | "seller", isAdmin = false): Promise<Viewer> {
  const fullName = email.split("@")[0]!;
  const { userId } = await createUser({
    runtime: rt,
    email,
    password: "Secret-Pass-2026",
    confirmPassword: "Secret-Pass-2026",
    role,
    fullName,
    phone: "082 000 0000",
    emailVerified: true,
  });
  if (isAdmin) await rt.db.insert(s.adminAccess).values({ userId });
  if (role === "buyer") await rt.db.update(s.buyers).set({ commissionAccepted: true }).where(eq(s.buyers.userId, userId));
  return {
    userId,
    email,
    name: fullName,
    emailVerified: true,
    role,
    fullName,
    isAdmin,
    hasSellerProfile: role === "seller",
    hasBuyerProfile: role === "buyer",
    commissionAccepted: role === "buyer",
  };
}

async function makeListing(title: string) {
  const [row] = await rt.db
    .insert(s.listings)
    .values(publicListingRow(sellerId, { title, description: "Serviced", price: "640000" }))
    .returning({ id: s.listings.id });
  return row!.id;
}

const request = (listingId: string, message?: string | null) =>
  createPurchaseRequest({ db: rt.db, viewer: buyer, listingId, message });

const storedMessage = async (transactionId: string) =>
  (await rt.db.select({ message: s.transactions.message }).from(s.transactions).where(eq(s.transactions.id, transactionId)))[0]!
    .message;

beforeAll(async () => {
  const t = await createTestDatabaseUrl();
  drop = t.drop;
  const env = parseEnv({ NODE_ENV: "test", DATABASE_URL: t.url, SEED_DEMO: "0", DATA_DIR: t.dataDir, STORAGE_DIR: `${t.dataDir}/uploads` });
  rt = await startRuntime({ env, memory: !t.url, seed: false });
  const seller = await makeViewer("pieter@example.co.za", "seller");
  sellerId = (await rt.db.select({ id: s.sellers.id }).from(s.sellers).where(eq(s.sellers.userId, seller.userId)))[0]!.id;
  buyer = await makeViewer("naledi@example.co.za", "buyer");
  admin = await makeViewer("thandi@example.co.za", "seller", true);
});
afterAll(async () => {
  await stopRuntime(rt);
  await drop();
});

describe("a purchase request's message", () => {
  it("is stored trimmed, and the admins and the buyer both read it", async () => {
    const listingId = await makeListing("Bell 1206E Loader");
    const { transactionId, created } = await request(listingId, "  Can collect in Nelspruit on Friday.\n ");
    expect(created).toBe(true);
    expect(await storedMessage(transactionId)).toBe("Can collect in Nelspruit on Friday.");

    const { requests } = await findBuyerRequests({ db: rt.db, viewer: admin });
    const seen = requests.find((r) => r.id === transactionId);
    expect(seen).toMatchObject({ kind: "purchase", listingTitle: "Bell 1206E Loader", message: "Can collect in Nelspruit on Friday." });

    const own = (await findUserRequests({ db: rt.db, userId: buyer.userId })).find((r) => r.id === transactionId);
    expect(own).toMatchObject({ requestType: "purchase", message: "Can collect in Nelspruit on Friday." });
  });

  it("is null when left out or blank", async () => {
    const none = await request(await makeListing("JCB 3CX Backhoe"));
    expect(await storedMessage(none.transactionId)).toBeNull();
    const blank = await request(await makeListing("Hyster Forklift"), " \n\t ");
    expect(await storedMessage(blank.transactionId)).toBeNull();
    const { requests } = await findBuyerRequests({ db: rt.db, viewer: admin });
    expect(requests.find((r) => r.id === blank.transactionId)?.message).toBeNull();
  });

  it("may be as long as any request's message, counted after trimming, and no longer", async () => {
    const longest = "m".repeat(REQUEST_MESSAGE_MAX);
    const fits = await request(await makeListing("Volvo A40G Hauler"), `  ${longest}  `);
    expect(await storedMessage(fits.transactionId)).toBe(longest);

    const listingId = await makeListing("Komatsu D65 Dozer");
    const error = await refusal(request(listingId, `${longest}m`));
    expect(error.status).toBe(400);
    expect(error.message).toBe(REQUEST_MESSAGE_TOO_LONG);
    const stored = await rt.db.select().from(s.transactions).where(eq(s.transactions.listingId, listingId));
    expect(stored).toHaveLength(0);
  });

  it("stays the first request's when the same request is sent again while open", async () => {
    const listingId = await makeListing("CAT 140M Grader");
    const first = await request(listingId, "First note");
    const again = await request(listingId, "Second note");
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(await storedMessage(first.transactionId)).toBe("First note");
  });
});
