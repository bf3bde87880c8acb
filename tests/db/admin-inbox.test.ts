/**
 * The admin's inbox on a real database (contact_messages and user_requests
 * reads): offers, viewings, quotes and purchase requests merged newest first
 * and paged; status moves follow the state map, each with the buyer's
 * notification and an audit row; contact messages filtered and marked handled;
 * the e-mail test page's sends go through the outbox; only admins.
 */
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { sendTestEmail } from "#app/domain/email/send-test-email.server.ts";
import { isPdf } from "#app/domain/mandate/mandate-pdf.server.ts";
import { findContactMessages } from "#app/domain/contact/find-contact-messages.server.ts";
import { markContactHandled } from "#app/domain/contact/mark-contact-handled.server.ts";
import { findBuyerRequests } from "#app/domain/request/find-buyer-requests.server.ts";
import { updateRequestStatus } from "#app/domain/request/update-request-status.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { publicListingRow, refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);
const buyerRowId = async (v: Viewer) =>
  (await rt.db.select({ id: s.buyers.id }).from(s.buyers).where(eq(s.buyers.userId, v.userId)))[0]!.id;

let admin: Viewer;
let sipho: Viewer;
let anika: Viewer;
let seller: Viewer;
let listingId: string;
const ids = { offer: "", viewing: "", quote: "", purchase: "", otherPurchase: "" };

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  admin = await h.createAdmin({ email: "thandi@example.co.za", fullName: "Thandi Admin" });
  sipho = await h.createBuyer({ email: "sipho@example.co.za", fullName: "Sipho Dlamini" });
  anika = await h.createBuyer({ email: "anika@example.co.za", fullName: "Anika Botha" });
  seller = await h.createSeller({ email: "pieter@example.co.za", fullName: "Pieter van der Merwe" });
  // A profile without a name falls back to the account name.
  await rt.db.update(s.profiles).set({ fullName: null }).where(eq(s.profiles.userId, anika.userId));
  await rt.db.update(s.user).set({ name: "Anika B." }).where(eq(s.user.id, anika.userId));

  const [sellerRow] = await rt.db.select({ id: s.sellers.id }).from(s.sellers).where(eq(s.sellers.userId, seller.userId));
  const [listing] = await rt.db
    .insert(s.listings)
    .values(publicListingRow(sellerRow!.id, { title: "CAT 320D Excavator" }))
    .returning({ id: s.listings.id });
  listingId = listing!.id;

  const insertRequest = async (values: typeof s.userRequests.$inferInsert) =>
    (await rt.db.insert(s.userRequests).values(values).returning({ id: s.userRequests.id }))[0]!.id;
  const insertPurchase = async (buyer: Viewer, createdAt: Date) =>
    (
      await rt.db
        .insert(s.transactions)
        .values({ buyerId: await buyerRowId(buyer), sellerId: sellerRow!.id, listingId, amount: "1450000", createdAt })
        .returning({ id: s.transactions.id })
    )[0]!.id;

  ids.offer = await insertRequest({
    userId: sipho.userId,
    requestType: "offer",
    listingId,
    offerAmount: "780000.50",
    message: "Cash, can collect",
    createdAt: minutesAgo(5),
  });
  ids.otherPurchase = await insertPurchase(anika, minutesAgo(4));
  ids.viewing = await insertRequest({
    userId: anika.userId,
    requestType: "viewing",
    preferredDate: "2999-03-14",
    preferredTime: "10:00",
    createdAt: minutesAgo(3),
  });
  ids.purchase = await insertPurchase(sipho, minutesAgo(2));
  ids.quote = await insertRequest({
    userId: sipho.userId,
    requestType: "quote",
    quoteType: "parts-supply",
    details: "Track chains for a 320D",
    createdAt: minutesAgo(1),
  });
});
afterAll(() => h.stop());

const notificationsOf = (v: Viewer) => rt.db.select().from(s.notifications).where(eq(s.notifications.userId, v.userId));
const auditOf = (entityId: string) => rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, entityId));
const statusOf = async (table: typeof s.userRequests | typeof s.transactions, id: string) =>
  (await rt.db.select({ status: table.status }).from(table).where(eq(table.id, id)))[0]!.status;

describe("buyer requests: one list, newest first", () => {
  it("merges offers, viewings, quotes and purchase requests by date", async () => {
    const { requests, page, hasNext } = await findBuyerRequests({ db: rt.db, viewer: admin });
    expect(page).toBe(1);
    expect(hasNext).toBe(false);
    expect(requests.map((r) => [r.kind, r.id])).toEqual([
      ["quote", ids.quote],
      ["purchase", ids.purchase],
      ["viewing", ids.viewing],
      ["purchase", ids.otherPurchase],
      ["offer", ids.offer],
    ]);
    const times = requests.map((r) => Date.parse(r.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it("carries the listing, the buyer and what was asked", async () => {
    const { requests } = await findBuyerRequests({ db: rt.db, viewer: admin });
    const byId = new Map(requests.map((r) => [r.id, r]));
    expect(byId.get(ids.offer)).toMatchObject({
      kind: "offer",
      listingId,
      listingTitle: "CAT 320D Excavator",
      listingPrice: 1450000,
      buyerUserId: sipho.userId,
      buyerName: "Sipho Dlamini",
      buyerEmail: "sipho@example.co.za",
      amount: "780000.50",
      message: "Cash, can collect",
      status: "new",
      next: ["contacted", "closed"],
    });
    expect(byId.get(ids.viewing)).toMatchObject({
      kind: "viewing",
      listingId: null,
      listingTitle: null,
      listingPrice: null,
      buyerName: "Anika B.",
      buyerEmail: "anika@example.co.za",
      amount: null,
      preferredDate: "2999-03-14",
      preferredTime: "10:00",
    });
    expect(byId.get(ids.quote)).toMatchObject({ kind: "quote", quoteType: "parts-supply", details: "Track chains for a 320D" });
    expect(byId.get(ids.purchase)).toMatchObject({
      kind: "purchase",
      listingTitle: "CAT 320D Excavator",
      listingPrice: 1450000,
      buyerName: "Sipho Dlamini",
      amount: "1450000.00",
      preferredDate: null,
      quoteType: null,
      message: null,
      status: "new",
    });
    expect(byId.get(ids.offer)!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
  });

  it("pages across both tables", async () => {
    const first = await findBuyerRequests({ db: rt.db, viewer: admin, pageSize: 2 });
    expect(first.requests.map((r) => r.id)).toEqual([ids.quote, ids.purchase]);
    expect(first.hasNext).toBe(true);
    const second = await findBuyerRequests({ db: rt.db, viewer: admin, pageSize: 2, page: 2 });
    expect(second.requests.map((r) => r.id)).toEqual([ids.viewing, ids.otherPurchase]);
    expect(second.hasNext).toBe(true);
    const third = await findBuyerRequests({ db: rt.db, viewer: admin, pageSize: 2, page: 3 });
    expect(third.requests.map((r) => r.id)).toEqual([ids.offer]);
    expect(third.hasNext).toBe(false);
    const beyond = await findBuyerRequests({ db: rt.db, viewer: admin, pageSize: 2, page: 9 });
    expect(beyond.requests).toEqual([]);
    const nonsense = await findBuyerRequests({ db: rt.db, viewer: admin, page: -3 });
    expect(nonsense.page).toBe(1);
  });

  it("refuses a non-admin (403)", async () => {
    const error = await refusal(findBuyerRequests({ db: rt.db, viewer: sipho }));
    expect(error.status).toBe(403);
  });
});

describe("moving a request along the state map", () => {
  it("new → contacted: the status, the buyer's notification and an audit row", async () => {
    const before = (await notificationsOf(sipho)).length;
    const result = await updateRequestStatus({ db: rt.db, admin, kind: "offer", requestId: ids.offer, status: "contacted" });
    expect(result).toMatchObject({ kind: "offer", status: "contacted", previous: "new", listingTitle: "CAT 320D Excavator" });
    expect(await statusOf(s.userRequests, ids.offer)).toBe("contacted");

    const notes = await notificationsOf(sipho);
    expect(notes).toHaveLength(before + 1);
    const note = notes.find((n) => n.title === "Your offer request is now Contacted");
    expect(note).toMatchObject({ type: "offer_request", read: false });
    expect(note!.message).toContain("CAT 320D Excavator");

    const audit = await auditOf(ids.offer);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      actorUserId: admin.userId,
      action: "request.contacted",
      entity: "user_request",
      data: { before: { status: "new" }, after: { status: "contacted" } },
    });
    // Nobody else hears about it.
    expect((await notificationsOf(anika)).filter((n) => n.type === "offer_request")).toHaveLength(0);
  });

  it("contacted → closed, and closed is final", async () => {
    await updateRequestStatus({ db: rt.db, admin, kind: "offer", requestId: ids.offer, status: "closed" });
    expect(await statusOf(s.userRequests, ids.offer)).toBe("closed");
    expect((await notificationsOf(sipho)).some((n) => n.title === "Your offer request is now Closed")).toBe(true);
    const again = await refusal(updateRequestStatus({ db: rt.db, admin, kind: "offer", requestId: ids.offer, status: "contacted" }));
    expect(again.status).toBe(409);
  });

  it("refuses moves the map does not allow with 409 and changes nothing", async () => {
    await updateRequestStatus({ db: rt.db, admin, kind: "viewing", requestId: ids.viewing, status: "contacted" });
    const notes = (await notificationsOf(anika)).length;
    const audits = (await auditOf(ids.viewing)).length;
    for (const status of ["new", "contacted", "approved", ""]) {
      const error = await refusal(updateRequestStatus({ db: rt.db, admin, kind: "viewing", requestId: ids.viewing, status }));
      expect(error.status).toBe(409);
      expect(error.title).toBe("Failed to update request");
    }
    expect(await statusOf(s.userRequests, ids.viewing)).toBe("contacted");
    expect(await notificationsOf(anika)).toHaveLength(notes);
    expect(await auditOf(ids.viewing)).toHaveLength(audits);
  });

  it("moves a purchase request (transactions) and notifies its buyer with purchase_request", async () => {
    await updateRequestStatus({ db: rt.db, admin, kind: "purchase", requestId: ids.purchase, status: "contacted" });
    expect(await statusOf(s.transactions, ids.purchase)).toBe("contacted");
    const [note] = (await notificationsOf(sipho)).filter((n) => n.type === "purchase_request");
    expect(note).toMatchObject({ title: "Your purchase request is now Contacted" });
    const [audit] = await auditOf(ids.purchase);
    expect(audit).toMatchObject({ entity: "transaction", action: "request.contacted" });

    // A new purchase request may be closed straight away.
    await updateRequestStatus({ db: rt.db, admin, kind: "purchase", requestId: ids.otherPurchase, status: "closed" });
    expect(await statusOf(s.transactions, ids.otherPurchase)).toBe("closed");
    expect((await notificationsOf(anika)).map((n) => n.title)).toContain("Your purchase request is now Closed");

    const { requests } = await findBuyerRequests({ db: rt.db, viewer: admin });
    expect(requests.find((r) => r.id === ids.purchase)).toMatchObject({ status: "contacted", next: ["closed"] });
    expect(requests.find((r) => r.id === ids.otherPurchase)).toMatchObject({ status: "closed", next: [] });
  });

  it("answers 404 for an unknown request or the wrong kind", async () => {
    for (const [kind, requestId] of [
      ["quote", "00000000-0000-4000-8000-000000000000"],
      ["quote", "not-a-uuid"],
      ["viewing", ids.quote],
      ["offer", ids.purchase],
      ["purchase", ids.quote],
      ["feedback", ids.quote],
    ] as const) {
      const error = await refusal(updateRequestStatus({ db: rt.db, admin, kind, requestId, status: "contacted" }));
      expect(error.status).toBe(404);
    }
    expect(await statusOf(s.userRequests, ids.quote)).toBe("new");
  });

  it("refuses a non-admin (403) and changes nothing", async () => {
    const notes = (await notificationsOf(sipho)).length;
    const error = await refusal(updateRequestStatus({ db: rt.db, admin: sipho, kind: "quote", requestId: ids.quote, status: "contacted" }));
    expect(error.status).toBe(403);
    expect(await statusOf(s.userRequests, ids.quote)).toBe("new");
    expect(await notificationsOf(sipho)).toHaveLength(notes);
  });

  it("lets only one of two simultaneous moves through", async () => {
    const results = await Promise.allSettled([
      updateRequestStatus({ db: rt.db, admin, kind: "quote", requestId: ids.quote, status: "contacted" }),
      updateRequestStatus({ db: rt.db, admin, kind: "quote", requestId: ids.quote, status: "contacted" }),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const rejected = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect((rejected.reason as AppError).status).toBe(409);
    expect(
      (await notificationsOf(sipho)).filter((n) => n.title === "Your quote request is now Contacted"),
    ).toHaveLength(1);
  });
});

describe("contact messages", () => {
  const msg = { first: "", second: "", third: "" };

  beforeAll(async () => {
    const insert = async (subject: string, createdAt: Date, phone: string | null = null) =>
      (
        await rt.db
          .insert(s.contactMessages)
          .values({ name: "Naledi Khumalo", email: "naledi@example.test", phone, subject, message: `About ${subject}`, createdAt })
          .returning({ id: s.contactMessages.id })
      )[0]!.id;
    msg.first = await insert("Crane hire", minutesAgo(30), "+27 82 555 0101");
    msg.second = await insert("TLB parts", minutesAgo(20));
    msg.third = await insert("Financing", minutesAgo(10));
  });

  it("lists open messages newest first with everything the sender wrote", async () => {
    const { messages, hasNext } = await findContactMessages({ db: rt.db, viewer: admin });
    expect(hasNext).toBe(false);
    expect(messages.map((m) => m.subject)).toEqual(["Financing", "TLB parts", "Crane hire"]);
    expect(messages[2]).toMatchObject({
      id: msg.first,
      name: "Naledi Khumalo",
      email: "naledi@example.test",
      phone: "+27 82 555 0101",
      message: "About Crane hire",
      handled: false,
      handledAt: null,
    });
  });

  it("marks a message handled (handled_at, audit) and files it under Handled", async () => {
    const result = await markContactHandled({ db: rt.db, admin, messageId: msg.second });
    expect(result).toMatchObject({ id: msg.second, subject: "TLB parts", changed: true });
    const [row] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.second));
    expect(row!.handled).toBe(true);
    expect(Math.abs(row!.handledAt!.getTime() - Date.now())).toBeLessThan(60_000);
    const [audit] = await rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entity, "contact_message"), eq(s.auditEvents.entityId, msg.second)));
    expect(audit).toMatchObject({ actorUserId: admin.userId, action: "contact_message.handled" });

    const open = await findContactMessages({ db: rt.db, viewer: admin, filter: "open" });
    expect(open.messages.map((m) => m.id)).toEqual([msg.third, msg.first]);
    const handled = await findContactMessages({ db: rt.db, viewer: admin, filter: "handled" });
    expect(handled.messages.map((m) => m.id)).toEqual([msg.second]);
    expect(handled.messages[0]!.handledAt).toBe(row!.handledAt!.toISOString());
    const all = await findContactMessages({ db: rt.db, viewer: admin, filter: "all" });
    expect(all.messages.map((m) => [m.id, m.handled])).toEqual([
      [msg.third, false],
      [msg.second, true],
      [msg.first, false],
    ]);
  });

  it("marking it again keeps the first time and writes no second audit row", async () => {
    const [before] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.second));
    const again = await markContactHandled({ db: rt.db, admin, messageId: msg.second });
    expect(again.changed).toBe(false);
    const [after] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.second));
    expect(after!.handledAt).toEqual(before!.handledAt);
    expect(await auditOf(msg.second)).toHaveLength(1);
  });

  it("pages 25 at a time by default", async () => {
    await rt.db.insert(s.contactMessages).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: "Bulk",
        email: "bulk@example.test",
        subject: `Bulk ${i}`,
        message: "x",
        createdAt: minutesAgo(100 + i),
      })),
    );
    const first = await findContactMessages({ db: rt.db, viewer: admin, filter: "all" });
    expect(first.messages).toHaveLength(25);
    expect(first.hasNext).toBe(true);
    const second = await findContactMessages({ db: rt.db, viewer: admin, filter: "all", page: 2 });
    expect(second.messages).toHaveLength(8);
    expect(second.hasNext).toBe(false);
    expect(second.messages.at(-1)!.subject).toBe("Bulk 29");
  });

  it("answers 404 for an unknown message", async () => {
    for (const messageId of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect((await refusal(markContactHandled({ db: rt.db, admin, messageId }))).status).toBe(404);
    }
  });

  it("refuses a non-admin (403) and changes nothing", async () => {
    expect((await refusal(findContactMessages({ db: rt.db, viewer: sipho }))).status).toBe(403);
    const error = await refusal(markContactHandled({ db: rt.db, admin: sipho, messageId: msg.first }));
    expect(error.status).toBe(403);
    const [row] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, msg.first));
    expect(row!.handled).toBe(false);
  });
});

describe("e-mail test page", () => {
  it("queues the agreement PDF with a real PDF attached and answers with its outbox row", async () => {
    const response = await sendTestEmail({ runtime: rt, admin, fn: "send-agreement-pdf", to: "Tester@Example.test" });
    expect(response).toMatchObject({
      ok: true,
      function: "send-agreement-pdf",
      to: "Tester@Example.test",
      status: "queued",
      transport: "mailbox",
      payload: { type: "mandate", listingTitle: expect.stringContaining("Test Listing") },
      attachments: [{ filename: "exclusive-sales-mandate.pdf", contentType: "application/pdf" }],
    });
    const [row] = await rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.id, response.outboxId!));
    expect(row).toMatchObject({ toAddress: "tester@example.test", template: "send-agreement-pdf", subject: response.subject });
    const pdf = Buffer.from(row!.attachments![0]!.contentBase64, "base64");
    expect(isPdf(pdf)).toBe(true);
    expect(pdf.length).toBe(response.attachments![0]!.bytes);
    const [audit] = await auditOf(response.outboxId!);
    expect(audit).toMatchObject({ actorUserId: admin.userId, action: "email.test", data: { after: { function: "send-agreement-pdf" } } });
  });

  it("queues the agreement confirmation and the listing notification", async () => {
    const confirmation = await sendTestEmail({ runtime: rt, admin, fn: "send-agreement-confirmation", to: "tester@example.test" });
    const notification = await sendTestEmail({ runtime: rt, admin, fn: "send-listing-notification", to: "tester@example.test" });
    expect(confirmation.outboxId).not.toBe(notification.outboxId);
    expect(confirmation.attachments).toBeUndefined();
    expect(confirmation.payload).toMatchObject({ agreementType: "mandate", signatureMethod: "checkbox" });
    expect(notification.payload).toMatchObject({ status: "approved" });
    const templateOf = async (id: string | undefined) =>
      (await rt.db.select({ template: s.emailOutbox.template }).from(s.emailOutbox).where(eq(s.emailOutbox.id, id!)))[0]?.template;
    expect(await templateOf(confirmation.outboxId)).toBe("send-agreement-confirmation");
    expect(await templateOf(notification.outboxId)).toBe("send-listing-notification");
  });

  it("refuses a non-admin (403) and sends nothing", async () => {
    const before = (await rt.db.select().from(s.emailOutbox)).length;
    const error = await refusal(sendTestEmail({ runtime: rt, admin: sipho, fn: "send-agreement-pdf", to: "x@example.test" }));
    expect(error.status).toBe(403);
    expect(await rt.db.select().from(s.emailOutbox)).toHaveLength(before);
  });
});
