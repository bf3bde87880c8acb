/**
 * Offers and deals on a real database (docs/product.md#requests): the seller
 * answers a request about their machine and the buyer answers a counter; each
 * move changes the status along the state map, keeps a history row and an
 * audit row, and notifies the other side (in-app and an e-mail in the outbox)
 * and the admins. Only the listing's seller answers as seller and only the
 * request's buyer as buyer; a move the map does not allow is a 409. The lead
 * list shows a first name, province and verified flag, never contact details.
 * The admin closes a deal as sold, which marks the listing sold.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { createUserRequest } from "#app/domain/request/create-user-request.server.ts";
import { createPurchaseRequest } from "#app/domain/transaction/create-purchase-request.server.ts";
import { findBuyerRequests } from "#app/domain/request/find-buyer-requests.server.ts";
import { findSellerLeads } from "#app/domain/request/find-seller-leads.server.ts";
import { findUserRequests } from "#app/domain/request/find-user-requests.server.ts";
import { moveRequest } from "#app/domain/request/move-request.server.ts";
import type { ReceiptMailer } from "#app/domain/request/request-receipt.server.ts";
import { todayInJohannesburg } from "#app/domain/request/request-schemas.ts";
import { updateRequestStatus } from "#app/domain/request/update-request-status.server.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { action as sellerAction } from "#app/routes/seller/seller-dashboard.tsx";
import { action as buyerAction } from "#app/routes/buyer/buyer-dashboard.tsx";
import { refusal, startTestRuntime, type RouteFn, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;
let mailer: ReceiptMailer;
let buyer: Viewer;
let otherBuyer: Viewer;
let seller: Viewer;
let otherSeller: Viewer;
let admin: Viewer;
let listingId: string;

const BUYER_EMAIL = "sipho.dlamini@example.co.za";
const SELLER_EMAIL = "pieter@example.co.za";

async function readyBuyer(email: string, fullName: string, province?: "Gauteng") {
  const v = await h.createBuyer({ email, fullName });
  const ready: Viewer = { ...v, fullName, commissionAccepted: true };
  await createBuyerProfile({
    db: rt.db,
    viewer: ready,
    input: { fullName, companyName: "Dlamini Plant Hire", province, commissionAccepted: true },
  });
  return ready;
}

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  mailer = { queueEmail: rt.queueEmail, publicUrl: "https://dealequip.example" };
  buyer = await readyBuyer(BUYER_EMAIL, "Sipho Dlamini", "Gauteng");
  otherBuyer = await readyBuyer("anika@example.co.za", "Anika Botha");
  seller = await h.createSeller({ email: SELLER_EMAIL, fullName: "Pieter Naude" });
  otherSeller = await h.createSeller({ email: "thabo@example.co.za" });
  admin = await h.createAdmin({ email: "thandi@example.co.za" });
  listingId = (await h.createListing({ seller, title: "Bell B25E Dump Truck", price: "1200000" })).id;
});
afterAll(() => h.stop());

let offersSent = 0;
/** A new offer each time (the same one again within minutes would be the one already sent). */
const offer = async (amount = "1000000", by = buyer) =>
  (
    await createUserRequest({
      db: rt.db,
      viewer: by,
      input: { requestType: "offer", listingId, offerAmount: amount, message: `Cash buyer (${++offersSent})` },
    })
  ).id;

const statusOf = async (id: string) =>
  (
    await rt.db
      .select({ status: s.userRequests.status, amount: s.userRequests.offerAmount })
      .from(s.userRequests)
      .where(eq(s.userRequests.id, id))
  )[0]!;
const notesFor = (userId: string) => rt.db.select().from(s.notifications).where(eq(s.notifications.userId, userId));
const mailsTo = (to: string) =>
  rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, to)).orderBy(s.emailOutbox.createdAt);
const eventsOf = (id: string) =>
  rt.db.select().from(s.requestEvents).where(eq(s.requestEvents.userRequestId, id)).orderBy(s.requestEvents.createdAt);
const auditsOf = (id: string) => rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, id));

/** Counts of what a move must write: the other side's notification and e-mail, the admins' notification. */
async function counts(other: { userId: string; email: string }) {
  return {
    other: (await notesFor(other.userId)).length,
    mail: (await mailsTo(other.email)).length,
    admin: (await notesFor(admin.userId)).length,
  };
}

function dayFromToday(days: number) {
  const d = new Date(`${todayInJohannesburg()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe("an offer negotiated to a deal", () => {
  it("counter, new offer, counter, accept: each move notifies the other side and the admins, and keeps its history", async () => {
    const id = await offer("1000000");
    const move = (viewer: Viewer, as: "seller" | "buyer", m: string, terms = {}) =>
      moveRequest({ db: rt.db, viewer, as, kind: "offer", requestId: id, move: m, terms, mailer });

    let before = await counts(buyer);
    await move(seller, "seller", "counter", { offerAmount: "1150000", message: "Lowest I can go" });
    expect(await statusOf(id)).toEqual({ status: "countered", amount: "1150000.00" });
    let after = await counts(buyer);
    expect(after).toEqual({ other: before.other + 1, mail: before.mail + 1, admin: before.admin + 1 });
    const [mail] = (await mailsTo(BUYER_EMAIL)).slice(-1);
    expect(mail!.subject).toBe('The seller countered your offer for "Bell B25E Dump Truck"');
    expect(mail!.text).toMatch(/Counter offer: R\s1\s150\s000/);
    expect(mail!.text).toContain("Message: Lowest I can go");
    expect(mail!.text).toContain("https://dealequip.example/buyer-dashboard");

    before = await counts(seller);
    await move(buyer, "buyer", "reoffer", { offerAmount: "1100000" });
    expect(await statusOf(id)).toEqual({ status: "reoffered", amount: "1100000.00" });
    after = await counts(seller);
    expect(after).toEqual({ other: before.other + 1, mail: before.mail + 1, admin: before.admin + 1 });
    expect((await mailsTo(SELLER_EMAIL)).at(-1)!.subject).toBe('The buyer made a new offer for "Bell B25E Dump Truck"');
    // Each side reads its own words; the team reads about the buyer's and the seller's moves.
    const sellerNote = (await notesFor(seller.userId)).find((n) => n.title === "Offer: New offer");
    expect(sellerNote?.message).toContain("The buyer made a new offer");
    const teamNotes = await notesFor(admin.userId);
    const teamCounter = teamNotes.find((n) => n.title === "Offer: Countered (by the seller)");
    expect(teamCounter?.message).toContain('The seller countered the buyer\'s offer for "Bell B25E Dump Truck"');

    await move(seller, "seller", "counter", { offerAmount: "1120000" });
    before = await counts(seller);
    await move(buyer, "buyer", "accept");
    expect(await statusOf(id)).toEqual({ status: "accepted", amount: "1120000.00" });
    after = await counts(seller);
    expect(after).toEqual({ other: before.other + 1, mail: before.mail + 1, admin: before.admin + 1 });

    const history = await eventsOf(id);
    expect(history.map((e) => [e.actorRole, e.move, e.toStatus, e.amount])).toEqual([
      ["seller", "counter", "countered", "1150000.00"],
      ["buyer", "reoffer", "reoffered", "1100000.00"],
      ["seller", "counter", "countered", "1120000.00"],
      ["buyer", "accept", "accepted", null],
    ]);
    expect(history[0]!.message).toBe("Lowest I can go");
    expect((await auditsOf(id)).map((a) => a.action).sort()).toEqual(
      ["request.accept", "request.counter", "request.counter", "request.reoffer"].sort(),
    );

    // Both sides read the history; the admin sees the deal at the top of Buyer Requests.
    const own = (await findUserRequests({ db: rt.db, userId: buyer.userId })).find((r) => r.id === id)!;
    expect(own.history.at(-1)).toMatchObject({ by: "buyer", move: "accept" });
    expect(own.moves).toEqual([]);
    const lead = (await findSellerLeads({ db: rt.db, viewer: seller })).find((r) => r.id === id)!;
    expect(lead.history).toHaveLength(4);
    const { deals } = await findBuyerRequests({ db: rt.db, viewer: admin });
    expect(deals.map((d) => d.id)).toContain(id);
    expect(deals.find((d) => d.id === id)!.next).toEqual(["sold", "closed"]);

    // Closing it as sold marks the listing sold through the listing state map, and tells the seller.
    const sellerNotes = (await notesFor(seller.userId)).length;
    await updateRequestStatus({ db: rt.db, admin, kind: "offer", requestId: id, status: "sold", mailer });
    expect((await statusOf(id)).status).toBe("sold");
    const [listing] = await rt.db
      .select({ status: s.listings.status })
      .from(s.listings)
      .where(eq(s.listings.id, listingId));
    expect(listing!.status).toBe("sold");
    expect((await notesFor(seller.userId)).length).toBe(sellerNotes + 1);
    expect((await mailsTo(SELLER_EMAIL)).at(-1)!.subject).toBe("Your listing was marked as sold: Bell B25E Dump Truck");
    expect(
      (
        await rt.db
          .select()
          .from(s.auditEvents)
          .where(and(eq(s.auditEvents.entityId, listingId), eq(s.auditEvents.action, "listing.mark-sold")))
      ).length,
    ).toBe(1);
    expect((await eventsOf(id)).at(-1)).toMatchObject({ actorRole: "admin", move: "sell", toStatus: "sold" });
    expect((await findBuyerRequests({ db: rt.db, viewer: admin })).deals.map((d) => d.id)).not.toContain(id);
    // Put the listing back on the market for the tests below.
    await rt.db.update(s.listings).set({ status: "approved" }).where(eq(s.listings.id, listingId));
  });

  it("the seller accepts or declines an offer; the buyer withdraws", async () => {
    const a = await offer();
    await moveRequest({ db: rt.db, viewer: seller, as: "seller", kind: "offer", requestId: a, move: "accept", mailer });
    expect((await statusOf(a)).status).toBe("accepted");
    const d = await offer();
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "offer",
      requestId: d,
      move: "decline",
      terms: { message: "Sold elsewhere" },
      mailer,
    });
    expect((await statusOf(d)).status).toBe("declined");
    expect((await mailsTo(BUYER_EMAIL)).at(-1)!.subject).toBe(
      'The seller declined your offer for "Bell B25E Dump Truck"',
    );
    const w = await offer();
    const before = await counts(seller);
    await moveRequest({ db: rt.db, viewer: buyer, as: "buyer", kind: "offer", requestId: w, move: "withdraw", mailer });
    expect((await statusOf(w)).status).toBe("withdrawn");
    expect(await counts(seller)).toEqual({ other: before.other + 1, mail: before.mail + 1, admin: before.admin + 1 });
  });

  it("a viewing: the seller proposes another slot, the buyer accepts it", async () => {
    const { id } = await createUserRequest({
      db: rt.db,
      viewer: buyer,
      input: { requestType: "viewing", listingId, preferredDate: dayFromToday(3), preferredTime: "10:00" },
    });
    const day = dayFromToday(5);
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "viewing",
      requestId: id,
      move: "counter",
      terms: { preferredDate: day, preferredTime: "14:00" },
      mailer,
    });
    const [row] = await rt.db.select().from(s.userRequests).where(eq(s.userRequests.id, id));
    expect(row).toMatchObject({ status: "countered", preferredDate: day, preferredTime: "14:00" });
    expect((await mailsTo(BUYER_EMAIL)).at(-1)!.subject).toBe(
      'The seller proposed another time for your viewing for "Bell B25E Dump Truck"',
    );
    await moveRequest({
      db: rt.db,
      viewer: buyer,
      as: "buyer",
      kind: "viewing",
      requestId: id,
      move: "accept",
      mailer,
    });
    expect((await statusOf(id)).status).toBe("accepted");
    // A confirmed viewing is not a deal.
    expect((await findBuyerRequests({ db: rt.db, viewer: admin })).deals.map((d) => d.id)).not.toContain(id);
  });

  it("a purchase request the seller accepts is a deal", async () => {
    const { transactionId } = await createPurchaseRequest({ db: rt.db, viewer: otherBuyer, listingId });
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "purchase",
      requestId: transactionId,
      move: "accept",
      mailer,
    });
    const { deals } = await findBuyerRequests({ db: rt.db, viewer: admin });
    expect(deals.find((d) => d.id === transactionId)).toMatchObject({ kind: "purchase", status: "accepted" });
    const [event] = await rt.db.select().from(s.requestEvents).where(eq(s.requestEvents.transactionId, transactionId));
    expect(event).toMatchObject({ actorRole: "seller", move: "accept", toStatus: "accepted" });
  });

  it("a new request tells the listing's seller at once, with the buyer's first name only", async () => {
    const before = (await notesFor(seller.userId)).length;
    await offer("990000");
    const notes = await notesFor(seller.userId);
    expect(notes).toHaveLength(before + 1);
    const note = notes.find((n) => n.title === "New offer: Bell B25E Dump Truck")!;
    expect(note).toMatchObject({ type: "offer_request" });
    expect(note.message).toContain("Sipho sent an offer");
    expect(note.message).not.toContain("Dlamini");
    expect(note.message).not.toContain(BUYER_EMAIL);
  });

  it("a buyer may ask to buy again once an earlier purchase request is over (withdrawn or declined), never twice at once", async () => {
    const other = (await h.createListing({ seller, title: "Bell B30E Dump Truck", price: "1300000" })).id;
    const first = await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId: other });
    // A second while the first is open changes nothing: the open one stands.
    expect((await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId: other })).transactionId).toBe(
      first.transactionId,
    );
    await moveRequest({
      db: rt.db,
      viewer: buyer,
      as: "buyer",
      kind: "purchase",
      requestId: first.transactionId,
      move: "withdraw",
      mailer,
    });
    const second = await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId: other });
    expect(second.transactionId).not.toBe(first.transactionId);
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "purchase",
      requestId: second.transactionId,
      move: "decline",
      mailer,
    });
    const third = await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId: other });
    expect(third.transactionId).not.toBe(second.transactionId);
  });
});

describe("who may answer", () => {
  it("only the listing's seller answers as seller; anyone else is told it was not found, and nothing changes", async () => {
    const id = await offer();
    const before = await h.rowCounts();
    const e1 = await refusal(
      moveRequest({
        db: rt.db,
        viewer: otherSeller,
        as: "seller",
        kind: "offer",
        requestId: id,
        move: "accept",
        mailer,
      }),
    );
    expect(e1.status).toBe(404);
    const e2 = await refusal(
      moveRequest({ db: rt.db, viewer: buyer, as: "seller", kind: "offer", requestId: id, move: "accept", mailer }),
    );
    expect(e2.status).toBe(403);
    const e3 = await refusal(
      moveRequest({ db: rt.db, viewer: admin, as: "seller", kind: "offer", requestId: id, move: "accept", mailer }),
    );
    expect(e3.status).toBe(403);
    expect(await h.rowCounts()).toEqual(before);
    expect((await statusOf(id)).status).toBe("new");
  });

  it("only the request's buyer answers as buyer", async () => {
    const id = await offer();
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "offer",
      requestId: id,
      move: "counter",
      terms: { offerAmount: "1190000" },
      mailer,
    });
    const before = await h.rowCounts();
    expect(
      (
        await refusal(
          moveRequest({
            db: rt.db,
            viewer: otherBuyer,
            as: "buyer",
            kind: "offer",
            requestId: id,
            move: "accept",
            mailer,
          }),
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await refusal(
          moveRequest({ db: rt.db, viewer: seller, as: "buyer", kind: "offer", requestId: id, move: "accept", mailer }),
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await refusal(
          moveRequest({
            db: rt.db,
            viewer: buyer,
            as: "buyer",
            kind: "viewing",
            requestId: id,
            move: "accept",
            mailer,
          }),
        )
      ).status,
    ).toBe(404);
    expect(await h.rowCounts()).toEqual(before);
  });

  it("a move the state map does not allow is a 409 that changes nothing", async () => {
    const id = await offer();
    // The buyer cannot accept their own offer; the seller cannot answer twice.
    const own = await refusal(
      moveRequest({ db: rt.db, viewer: buyer, as: "buyer", kind: "offer", requestId: id, move: "accept", mailer }),
    );
    expect(own.status).toBe(409);
    await moveRequest({
      db: rt.db,
      viewer: seller,
      as: "seller",
      kind: "offer",
      requestId: id,
      move: "decline",
      mailer,
    });
    const before = await h.rowCounts();
    const again = await refusal(
      moveRequest({ db: rt.db, viewer: seller, as: "seller", kind: "offer", requestId: id, move: "accept", mailer }),
    );
    expect(again.status).toBe(409);
    expect(again.message).toBe("This offer is declined: it cannot be accepted now.");
    const counter = await refusal(
      moveRequest({
        db: rt.db,
        viewer: seller,
        as: "seller",
        kind: "offer",
        requestId: id,
        move: "counter",
        terms: { offerAmount: "1" },
        mailer,
      }),
    );
    expect(counter.status).toBe(409);
    expect(
      (await refusal(updateRequestStatus({ db: rt.db, admin, kind: "offer", requestId: id, status: "sold" }))).status,
    ).toBe(409);
    expect(await h.rowCounts()).toEqual(before);
  });
});

describe("the routes", () => {
  it("the seller dashboard answers 200, 404 for another seller, 409 for an illegal move, 400 for a bad counter", async () => {
    const sellerP = await h.persona("seller");
    const otherP = await h.persona("seller");
    const buyerP = await h.persona("buyer");
    const own = (await h.createListing({ seller: sellerP.viewer, title: "Liebherr LTM 1050 Crane", price: "3000000" }))
      .id;
    const { id } = await createUserRequest({
      db: rt.db,
      viewer: buyerP.viewer,
      input: { requestType: "offer", listingId: own, offerAmount: "2500000" },
    });
    const post = (
      cookie: string,
      fields: Record<string, string>,
      fn: RouteFn = sellerAction,
      path = "/seller-dashboard",
    ) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.set(k, v);
      return h.call(fn, { path, body, cookie });
    };
    expect((await post(otherP.cookie, { intent: "accept-request", kind: "offer", requestId: id })).status).toBe(404);
    expect(
      (await post(sellerP.cookie, { intent: "counter-request", kind: "offer", requestId: id, offerAmount: "-5" }))
        .status,
    ).toBe(400);
    const countered = await post(sellerP.cookie, {
      intent: "counter-request",
      kind: "offer",
      requestId: id,
      offerAmount: "2 800 000",
      message: "Fair price",
    });
    expect(countered.status).toBe(200);
    expect((await statusOf(id)).amount).toBe("2800000.00");
    expect((await post(sellerP.cookie, { intent: "accept-request", kind: "offer", requestId: id })).status).toBe(409);
    // The buyer answers on their dashboard; another buyer is told it was not found.
    const other = await h.persona("buyer");
    expect(
      (
        await post(
          other.cookie,
          { intent: "accept-counter", kind: "offer", requestId: id },
          buyerAction,
          "/buyer-dashboard",
        )
      ).status,
    ).toBe(404);
    expect(
      (
        await post(
          buyerP.cookie,
          { intent: "reoffer", kind: "offer", requestId: id, offerAmount: "2700000" },
          buyerAction,
          "/buyer-dashboard",
        )
      ).status,
    ).toBe(200);
    expect((await statusOf(id)).status).toBe("reoffered");
    expect(
      (
        await post(
          buyerP.cookie,
          { intent: "withdraw-request", kind: "offer", requestId: id },
          buyerAction,
          "/buyer-dashboard",
        )
      ).status,
    ).toBe(200);
    expect((await statusOf(id)).status).toBe("withdrawn");
  });
});

describe("the seller's lead list", () => {
  it("shows a first name, the province and the verified flag, and never the buyer's contact details", async () => {
    await offer("990000");
    await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId }).catch(() => undefined);
    const leads = await findSellerLeads({ db: rt.db, viewer: seller });
    expect(leads.length).toBeGreaterThan(0);
    const mine = leads.filter((l) => l.listingId === listingId && l.buyerFirstName === "Sipho");
    expect(mine.length).toBeGreaterThan(0);
    for (const l of mine)
      expect(l).toMatchObject({ buyerFirstName: "Sipho", buyerProvince: "Gauteng", buyerVerified: true });
    const anika = leads.find((l) => l.buyerFirstName === "Anika")!;
    expect(anika.buyerProvince).toBeNull();
    const text = JSON.stringify(leads);
    for (const secret of [BUYER_EMAIL, "anika@example.co.za", "Dlamini", "082 000 0000", "Plant Hire", buyer.userId]) {
      expect(text).not.toContain(secret);
    }
    // Another seller sees none of them; one listing's leads are only that listing's.
    expect(await findSellerLeads({ db: rt.db, viewer: otherSeller })).toEqual([]);
    const other = (await h.createListing({ seller, title: "Other listing", price: "5000" })).id;
    expect(await findSellerLeads({ db: rt.db, viewer: seller, listingId: other })).toEqual([]);
    expect((await findSellerLeads({ db: rt.db, viewer: seller, listingId })).length).toBe(
      leads.filter((l) => l.listingId === listingId).length,
    );
    expect((await refusal(findSellerLeads({ db: rt.db, viewer: buyer }))).status).toBe(403);
  });
});
