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
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;
let buyer: Viewer;
let admin: Viewer;
let seller: Viewer;

const makeListing = async (title: string) => (await h.createListing({ seller, title, description: "Serviced", price: "640000" })).id;

const request = (listingId: string, message?: string | null) =>
  createPurchaseRequest({ db: rt.db, viewer: buyer, listingId, message });

const storedMessage = async (transactionId: string) =>
  (await rt.db.select({ message: s.transactions.message }).from(s.transactions).where(eq(s.transactions.id, transactionId)))[0]!
    .message;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  seller = await h.createSeller({ email: "pieter@example.co.za" });
  buyer = await h.createBuyer({ email: "naledi@example.co.za", commissionAccepted: true });
  admin = await h.createAdmin({ email: "thandi@example.co.za", role: "seller" });
});
afterAll(() => h.stop());

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
