/**
 * Buyer requests on a real database (docs/product.md#forms): the buyer profile
 * upsert; each request type stored with a notification to every active admin in
 * one go; refusals store nothing; only public listings may be named; only
 * buyers with a profile may ask; a buyer reads only their own requests; the same request again
 * within ten minutes is the one already sent.
 */
import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import * as s from "#db/schema.ts";
import type { NOTIFICATION_TYPES } from "#db/vocabulary.ts";
import { createUserRequest } from "#app/domain/request/create-user-request.server.ts";
import { createPurchaseRequest } from "#app/domain/transaction/create-purchase-request.server.ts";
import { findRequestableListings, findUserRequests } from "#app/domain/request/find-user-requests.server.ts";
import {
  formatPreferredDate,
  todayInJohannesburg,
  type UserRequestInput,
} from "#app/domain/request/request-schemas.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;

/** A listing straight in the table, public unless told otherwise. */
async function makeListing(seller: Viewer, title: string, over: Partial<typeof s.listings.$inferInsert> = {}) {
  return (await h.createListing({ seller, title, description: "Well maintained", price: "850000", ...over })).id;
}

/** A calendar day `days` after today in South Africa. */
function dayFromToday(days: number) {
  const d = new Date(`${todayInJohannesburg()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

let buyer: Viewer;
let otherBuyer: Viewer;
let seller: Viewer;
let admins: Viewer[];
let retiredAdmin: Viewer;
let publicListing: string;
let pendingListing: string;
let expiredListing: string;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  buyer = await h.createBuyer({ email: "sipho@example.co.za" });
  otherBuyer = await h.createBuyer({ email: "anika@example.co.za" });
  seller = await h.createSeller({ email: "pieter@example.co.za" });
  admins = [
    await h.createAdmin({ email: "thandi@example.co.za" }),
    await h.createAdmin({ email: "johan@example.co.za", role: "seller" }),
  ];
  retiredAdmin = await h.createBuyer({ email: "retired@example.co.za", admin: "inactive" });
  publicListing = await makeListing(seller, "CAT 320D Excavator");
  pendingListing = await makeListing(seller, "Pending Loader", { status: "pending", adminStatus: "pending" });
  expiredListing = await makeListing(seller, "Expired Crane", { expiresOn: new Date(Date.now() - 60_000) });
});
afterAll(() => h.stop());

const requestCount = async () => (await rt.db.select({ id: s.userRequests.id }).from(s.userRequests)).length;
const notificationCount = async () => (await rt.db.select({ id: s.notifications.id }).from(s.notifications)).length;
const adminNotes = (type: (typeof NOTIFICATION_TYPES)[number]) =>
  rt.db
    .select()
    .from(s.notifications)
    .where(
      and(
        eq(s.notifications.type, type),
        inArray(
          s.notifications.userId,
          [...admins, retiredAdmin].map((a) => a.userId),
        ),
      ),
    );

/** The buyer after "Create Buyer Profile" (what getViewer would now report). */
const readyBuyer = (v: Viewer): Viewer => ({ ...v, hasBuyerProfile: true, commissionAccepted: true });

describe("create buyer profile", () => {
  it("upserts the profile with role buyer and the buyers row with the commission accepted", async () => {
    await createBuyerProfile({
      db: rt.db,
      viewer: buyer,
      input: { fullName: "Sipho Dlamini", companyName: "Dlamini Plant Hire", commissionAccepted: true },
    });
    const [profile] = await rt.db.select().from(s.profiles).where(eq(s.profiles.userId, buyer.userId));
    expect(profile).toMatchObject({ role: "buyer", fullName: "Sipho Dlamini", companyName: "Dlamini Plant Hire" });
    const rows = await rt.db.select().from(s.buyers).where(eq(s.buyers.userId, buyer.userId));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ commissionAccepted: true, companyName: "Dlamini Plant Hire" });
    buyer = { ...readyBuyer(buyer), fullName: "Sipho Dlamini" };
  });

  it("creates both rows for a user who has neither yet", async () => {
    const v = await h.createBuyer({ email: "new-buyer@example.co.za" });
    await rt.db.delete(s.buyers).where(eq(s.buyers.userId, v.userId));
    await rt.db.update(s.profiles).set({ role: null }).where(eq(s.profiles.userId, v.userId));
    await createBuyerProfile({
      db: rt.db,
      viewer: { ...v, role: null, hasBuyerProfile: false },
      input: { fullName: "New Buyer", commissionAccepted: true },
    });
    const [profile] = await rt.db.select().from(s.profiles).where(eq(s.profiles.userId, v.userId));
    expect(profile).toMatchObject({ role: "buyer", fullName: "New Buyer", companyName: null });
    const [row] = await rt.db.select().from(s.buyers).where(eq(s.buyers.userId, v.userId));
    expect(row!.commissionAccepted).toBe(true);
  });

  it("refuses without the commission, and refuses a seller or an admin; nothing changes", async () => {
    const v = await h.createBuyer({ email: "hesitant@example.co.za" });
    const noCommission = await refusal(
      createBuyerProfile({
        db: rt.db,
        viewer: v,
        input: { fullName: "X", commissionAccepted: false as unknown as true },
      }),
    );
    expect(noCommission.status).toBe(400);
    expect(noCommission.title).toBe("Commission Agreement Required");
    expect(noCommission.message).toBe("You must accept the 2.5% buyer commission to proceed.");

    const bySeller = await refusal(
      createBuyerProfile({ db: rt.db, viewer: seller, input: { fullName: "P", commissionAccepted: true } }),
    );
    expect(bySeller.status).toBe(403);
    expect(bySeller.message).toBe("Failed to create buyer profile. Please try again.");
    const [sellerProfile] = await rt.db.select().from(s.profiles).where(eq(s.profiles.userId, seller.userId));
    expect(sellerProfile!.role).toBe("seller");
    expect(await rt.db.select().from(s.buyers).where(eq(s.buyers.userId, seller.userId))).toHaveLength(0);

    const byAdmin = await refusal(
      createBuyerProfile({ db: rt.db, viewer: admins[0]!, input: { fullName: "T", commissionAccepted: true } }),
    );
    expect(byAdmin.status).toBe(403);
  });
});

describe("creating requests", () => {
  it("stores an offer on a public listing and tells every active admin, once each", async () => {
    const { id, notifiedAdmins } = await createUserRequest({
      db: rt.db,
      viewer: buyer,
      input: { requestType: "offer", listingId: publicListing, offerAmount: "780000.50", message: "Cash, can collect" },
    });
    expect(notifiedAdmins).toBe(2);
    const [row] = await rt.db.select().from(s.userRequests).where(eq(s.userRequests.id, id));
    expect(row).toMatchObject({
      userId: buyer.userId,
      requestType: "offer",
      listingId: publicListing,
      offerAmount: "780000.50",
      message: "Cash, can collect",
      status: "new",
      preferredDate: null,
      quoteType: null,
    });
    const notes = await adminNotes("offer_request");
    expect(notes.map((n) => n.userId).sort()).toEqual(admins.map((a) => a.userId).sort());
    for (const n of notes) {
      expect(n.title).toContain("Sipho Dlamini");
      expect(n.message).toContain("CAT 320D Excavator");
      expect(n.message.replace(/\s/g, " ")).toContain("R 780 000,50");
      expect(n.message).toContain("Cash, can collect");
      expect(n.read).toBe(false);
    }
  });

  it("takes the same request again within ten minutes for the one already sent: one row, one notification", async () => {
    const repeater = readyBuyer(await h.createBuyer({ email: "repeat@example.co.za" }));
    const ask = (over: Partial<UserRequestInput> = {}) =>
      createUserRequest({
        db: rt.db,
        viewer: repeater,
        input: {
          requestType: "offer",
          listingId: publicListing,
          offerAmount: "600000",
          message: "Sent twice",
          ...over,
        } as UserRequestInput,
      });
    const rowsOf = () =>
      rt.db
        .select({ id: s.userRequests.id })
        .from(s.userRequests)
        .where(and(eq(s.userRequests.userId, repeater.userId), eq(s.userRequests.message, "Sent twice")));
    const first = await ask();
    // A page reloaded after sending, and two sends at the same moment.
    const [again, atOnce] = await Promise.all([ask(), ask()]);
    expect(again.id).toBe(first.id);
    expect(atOnce.id).toBe(first.id);
    expect(again.notifiedAdmins).toBe(0);
    expect(await rowsOf()).toHaveLength(1);
    const notes = (await adminNotes("offer_request")).filter((n) => n.message.includes("Sent twice"));
    expect(notes).toHaveLength(admins.length);

    // Anything different is a new request; so is the same one once the ten minutes have passed.
    expect((await ask({ offerAmount: "610000" })).id).not.toBe(first.id);
    await rt.db.execute(
      sql`update user_requests set created_at = now() - interval '11 minutes' where user_id = ${repeater.userId}`,
    );
    expect((await ask()).id).not.toBe(first.id);
    expect(await rowsOf()).toHaveLength(3);
  });

  it("stores a general viewing request (no listing) with its date and time", async () => {
    const day = dayFromToday(3);
    const { id } = await createUserRequest({
      db: rt.db,
      viewer: buyer,
      input: { requestType: "viewing", preferredDate: day, preferredTime: "14:00" },
    });
    const [row] = await rt.db.select().from(s.userRequests).where(eq(s.userRequests.id, id));
    expect(row).toMatchObject({
      requestType: "viewing",
      listingId: null,
      preferredDate: day,
      preferredTime: "14:00",
      offerAmount: null,
      message: null,
    });
    const notes = await adminNotes("viewing_request");
    expect(notes).toHaveLength(2);
    expect(notes[0]!.title).toContain("Sipho Dlamini");
    expect(notes[0]!.message).toContain("14:00");
    expect(notes[0]!.message).toContain(formatPreferredDate(day));
  });

  it("accepts a later day's slot with its listing", async () => {
    await createUserRequest({
      db: rt.db,
      viewer: buyer,
      input: {
        requestType: "viewing",
        listingId: publicListing,
        preferredDate: dayFromToday(1),
        preferredTime: "09:00",
      },
    });
  });

  it("refuses one of today's slots that has begun, in South African time, and stores nothing", async () => {
    const before = { requests: await requestCount(), notes: await notificationCount() };
    // 14:47 in Johannesburg on 14 June 2030 (only the JavaScript clock; the request is refused before any write).
    vi.useFakeTimers({ now: new Date("2030-06-14T12:47:00Z"), toFake: ["Date"] });
    try {
      expect(todayInJohannesburg()).toBe("2030-06-14");
      const error = await refusal(
        createUserRequest({
          db: rt.db,
          viewer: buyer,
          input: { requestType: "viewing", preferredDate: "2030-06-14", preferredTime: "14:00" },
        }),
      );
      expect(error.status).toBe(400);
      expect(error.message).toBe("That time has already passed today. Please choose a later time or another day.");
    } finally {
      vi.useRealTimers();
    }
    expect(await requestCount()).toBe(before.requests);
    expect(await notificationCount()).toBe(before.notes);
  });

  it("stores a quote request with its type and details", async () => {
    const { id } = await createUserRequest({
      db: rt.db,
      viewer: buyer,
      input: {
        requestType: "quote",
        quoteType: "parts-supply",
        details: "Track chains for a 320D",
        listingId: publicListing,
      },
    });
    const [row] = await rt.db.select().from(s.userRequests).where(eq(s.userRequests.id, id));
    expect(row).toMatchObject({
      requestType: "quote",
      quoteType: "parts-supply",
      details: "Track chains for a 320D",
      listingId: publicListing,
    });
    const notes = await adminNotes("quote_request");
    expect(notes).toHaveLength(2);
    expect(notes[0]!.message).toContain("Parts Supply");
    expect(notes[0]!.message).toContain("Track chains for a 320D");
    expect(notes[0]!.message).toContain("CAT 320D Excavator");
  });

  it("never notifies an admin whose access was withdrawn", async () => {
    expect(
      await rt.db.select().from(s.notifications).where(eq(s.notifications.userId, retiredAdmin.userId)),
    ).toHaveLength(0);
  });
});

describe("refusals store nothing", () => {
  const cases: [string, UserRequestInput, RegExp][] = [
    ["a zero offer", { requestType: "offer", offerAmount: "0" }, /^Offer amount must be a positive number\.$/],
    ["a negative offer", { requestType: "offer", offerAmount: "-100" }, /^Offer amount must be a positive number\.$/],
    ["an offer with three decimals", { requestType: "offer", offerAmount: "100.125" }, /two decimal places/],
    [
      "a past viewing date",
      { requestType: "viewing", preferredDate: "2020-03-02", preferredTime: "10:00" },
      /today or a later date/,
    ],
    [
      "the 08:00 slot",
      { requestType: "viewing", preferredDate: "2999-01-04", preferredTime: "08:00" as "09:00" },
      /between 09:00 and 17:00/,
    ],
    [
      "a viewing without a time",
      { requestType: "viewing", preferredDate: "2999-01-04", preferredTime: "" as "09:00" },
      /both a preferred date and time/,
    ],
    [
      "a quote without details",
      { requestType: "quote", quoteType: "consultation", details: "   " },
      /^Please provide details for your quote request\.$/,
    ],
  ];
  it.each(cases)("refuses %s with a 400", async (_name, input, message) => {
    const before = { requests: await requestCount(), notes: await notificationCount() };
    const error = await refusal(createUserRequest({ db: rt.db, viewer: buyer, input }));
    expect(error.status).toBe(400);
    expect(error.message).toMatch(message);
    expect(await requestCount()).toBe(before.requests);
    expect(await notificationCount()).toBe(before.notes);
  });

  it.each([
    ["pending", () => pendingListing],
    ["expired", () => expiredListing],
    ["unknown", () => randomUUID()],
  ])("refuses a %s listing id with a 400 and the spec's failure text", async (_name, id) => {
    const before = { requests: await requestCount(), notes: await notificationCount() };
    const error = await refusal(
      createUserRequest({
        db: rt.db,
        viewer: buyer,
        input: { requestType: "offer", listingId: id(), offerAmount: "1000" },
      }),
    );
    expect(error.status).toBe(400);
    expect(error.message).toBe("Failed to submit offer. Please try again.");
    expect(error.fieldErrors).toEqual({ listingId: ["This listing is no longer available."] });
    expect(await requestCount()).toBe(before.requests);
    expect(await notificationCount()).toBe(before.notes);
  });

  it("a seller cannot create buyer requests (403)", async () => {
    const before = await requestCount();
    for (const input of [
      { requestType: "offer", offerAmount: "1000" },
      { requestType: "viewing", preferredDate: dayFromToday(1), preferredTime: "10:00" },
      { requestType: "quote", quoteType: "other", details: "Anything" },
    ] as UserRequestInput[]) {
      const error = await refusal(createUserRequest({ db: rt.db, viewer: seller, input }));
      expect(error.status).toBe(403);
    }
    expect(await requestCount()).toBe(before);
  });

  it("a buyer who has not accepted the commission cannot either (403)", async () => {
    const error = await refusal(
      createUserRequest({ db: rt.db, viewer: otherBuyer, input: { requestType: "offer", offerAmount: "1000" } }),
    );
    expect(error.status).toBe(403);
  });
});

describe("reading requests", () => {
  it("a buyer sees only their own requests, newest first, with the listing title", async () => {
    const other = readyBuyer(otherBuyer);
    await createUserRequest({
      db: rt.db,
      viewer: other,
      input: { requestType: "quote", quoteType: "other", details: "Not Sipho's" },
    });
    const mine = await findUserRequests({ db: rt.db, userId: buyer.userId });
    expect(mine.map((r) => r.requestType)).toEqual(["quote", "viewing", "viewing", "offer"]);
    expect(mine.every((r) => r.details !== "Not Sipho's")).toBe(true);
    const times = mine.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(mine[0]!.listingTitle).toBe("CAT 320D Excavator");
    expect(mine.find((r) => r.requestType === "viewing" && !r.listingId)!.listingTitle).toBeNull();
    expect(mine.find((r) => r.requestType === "offer")!.offerAmount).toBe("780000.50");
    expect(await findUserRequests({ db: rt.db, userId: other.userId })).toHaveLength(1);
  });

  it("a buyer's purchase requests are in the same list, with the amount and the listing", async () => {
    await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId: publicListing });
    const mine = await findUserRequests({ db: rt.db, userId: buyer.userId });
    expect(mine[0]).toMatchObject({
      requestType: "purchase",
      listingId: publicListing,
      listingTitle: "CAT 320D Excavator",
      status: "new",
    });
    expect(Number(mine[0]!.offerAmount)).toBeGreaterThan(0);
    expect(mine.map((r) => r.requestType)).toEqual(["purchase", "quote", "viewing", "viewing", "offer"]);
    // Nobody else sees it.
    const other = readyBuyer(otherBuyer);
    expect((await findUserRequests({ db: rt.db, userId: other.userId })).map((r) => r.requestType)).not.toContain(
      "purchase",
    );
  });

  it("offers only public listings to choose from, plus a preselected public one", async () => {
    const options = await findRequestableListings({ db: rt.db });
    expect(options.map((l) => l.id)).toContain(publicListing);
    expect(options.map((l) => l.id)).not.toContain(pendingListing);
    expect(options.map((l) => l.id)).not.toContain(expiredListing);
    const withPending = await findRequestableListings({ db: rt.db, include: pendingListing });
    expect(withPending.map((l) => l.id)).not.toContain(pendingListing);
    expect(await findRequestableListings({ db: rt.db, include: "not-a-uuid" })).toEqual(options);
  });
});
