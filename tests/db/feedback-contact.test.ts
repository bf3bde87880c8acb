/**
 * Feedback and the contact form on a real database: each stores its row and
 * notifies every active admin in one go; the contact honeypot stores nothing;
 * one IP address may send five messages an hour, the sixth is a 429; a dashboard's Contact Admin
 * message joins the contact form's in the admins' list.
 */
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { ContactSchema, type ContactInput } from "#app/domain/contact/contact-schema.ts";
import { createContactMessage } from "#app/domain/contact/create-contact-message.server.ts";
import { contactAdmin } from "#app/domain/contact/contact-admin.server.ts";
import { ContactAdminSchema } from "#app/domain/contact/contact-admin-schema.ts";
import { findContactMessages } from "#app/domain/contact/find-contact-messages.server.ts";
import { createFeedback } from "#app/domain/feedback/create-feedback.server.ts";
import { FeedbackSchema } from "#app/domain/feedback/feedback-schema.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;

let buyer: Viewer;
let seller: Viewer;
let admin: Viewer;
let formerAdmin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  buyer = await h.createBuyer({ email: "buyer@example.co.za" });
  seller = await h.createSeller({ email: "seller@example.co.za" });
  admin = await h.createAdmin({ email: "admin@example.co.za" });
  formerAdmin = await h.createBuyer({ email: "former-admin@example.co.za", admin: "inactive" });
});
afterAll(() => h.stop());

const notificationsOf = (userId: string, type: "feedback" | "contact_message") =>
  rt.db
    .select()
    .from(s.notifications)
    .where(and(eq(s.notifications.userId, userId), eq(s.notifications.type, type)));

const contactCount = async (ip?: string) =>
  (
    await rt.db
      .select()
      .from(s.contactMessages)
      .where(ip ? eq(s.contactMessages.ipAddress, ip) : undefined)
  ).length;

const contact = (overrides: Record<string, string> = {}): ContactInput =>
  ContactSchema.parse({
    name: "Naledi Khumalo",
    email: "naledi@example.co.za",
    phone: "+27 82 555 0101",
    subject: "Crane hire in Pretoria",
    message: "Do you have 50 t mobile cranes?",
    ...overrides,
  });

describe("feedback", () => {
  it("stores the rating and notifies every active admin (Seller feedback: 4 stars)", async () => {
    const input = FeedbackSchema.parse({ type: "seller", rating: "4", comments: "Listing was approved quickly." });
    const { id } = await createFeedback({ db: rt.db, viewer: seller, input });

    const [row] = await rt.db.select().from(s.feedback).where(eq(s.feedback.id, id));
    expect(row).toMatchObject({
      userId: seller.userId,
      userType: "seller",
      rating: 4,
      comments: "Listing was approved quickly.",
    });

    const [note, ...more] = await notificationsOf(admin.userId, "feedback");
    expect(more).toHaveLength(0);
    expect(note!.title).toBe("Seller feedback: 4 stars");
    expect(note!.message).toContain("Rating: 4/5");
    expect(note!.message).toContain("User type: seller");
    expect(note!.message).toContain("Listing was approved quickly.");
    expect(note!.read).toBe(false);
    expect(await notificationsOf(formerAdmin.userId, "feedback")).toHaveLength(0);
  });

  it("takes a buyer's one star without comments", async () => {
    const input = FeedbackSchema.parse({ type: "buyer", rating: "1" });
    const { id } = await createFeedback({ db: rt.db, viewer: buyer, input });
    const [row] = await rt.db.select().from(s.feedback).where(eq(s.feedback.id, id));
    expect(row).toMatchObject({ userType: "buyer", rating: 1, comments: null });
    const titles = (await notificationsOf(admin.userId, "feedback")).map((n) => n.title);
    expect(titles).toContain("Buyer feedback: 1 star");
  });
});

describe("contact form", () => {
  it("stores the message with the sender's user id and IP, and notifies the admins", async () => {
    const result = await createContactMessage({ db: rt.db, viewer: buyer, input: contact(), ip: "198.51.100.1" });
    expect(result.stored).toBe(true);

    const [row] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, result.id!));
    expect(row).toMatchObject({
      name: "Naledi Khumalo",
      email: "naledi@example.co.za",
      phone: "+27 82 555 0101",
      subject: "Crane hire in Pretoria",
      message: "Do you have 50 t mobile cranes?",
      userId: buyer.userId,
      ipAddress: "198.51.100.1",
    });

    const [note] = await notificationsOf(admin.userId, "contact_message");
    expect(note!.title.startsWith("Crane hire in Pretoria")).toBe(true);
    for (const part of [
      "Naledi Khumalo",
      "naledi@example.co.za",
      "+27 82 555 0101",
      "Do you have 50 t mobile cranes?",
    ]) {
      expect(note!.message).toContain(part);
    }
    expect(await notificationsOf(formerAdmin.userId, "contact_message")).toHaveLength(0);
  });

  it("stores a visitor's message without a user id; a missing phone reads Not provided", async () => {
    const result = await createContactMessage({
      db: rt.db,
      viewer: null,
      input: contact({ phone: "", subject: "Visitor question" }),
      ip: "198.51.100.2",
    });
    const [row] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, result.id!));
    expect(row).toMatchObject({ userId: null, phone: null, ipAddress: "198.51.100.2" });
    const note = (await notificationsOf(admin.userId, "contact_message")).find((n) =>
      n.title.startsWith("Visitor question"),
    );
    expect(note!.message).toContain("Phone: Not provided");
  });

  it("answers a filled honeypot as if sent, and stores nothing", async () => {
    const before = {
      messages: await contactCount(),
      notes: (await notificationsOf(admin.userId, "contact_message")).length,
    };
    const result = await createContactMessage({
      db: rt.db,
      viewer: null,
      input: contact({ website: "http://cheap-pills.example" }),
      ip: "198.51.100.3",
    });
    expect(result).toEqual({ stored: false });
    expect(await contactCount()).toBe(before.messages);
    expect(await notificationsOf(admin.userId, "contact_message")).toHaveLength(before.notes);
  });

  it("takes five messages an hour from one IP address; the sixth is a 429 and stores nothing", async () => {
    const ip = "203.0.113.7";
    for (let i = 1; i <= 5; i++) {
      const r = await createContactMessage({
        db: rt.db,
        viewer: null,
        input: contact({ subject: `Question ${i}` }),
        ip,
      });
      expect(r.stored).toBe(true);
    }
    const notesBefore = (await notificationsOf(admin.userId, "contact_message")).length;

    const error = await createContactMessage({
      db: rt.db,
      viewer: null,
      input: contact({ subject: "Question 6" }),
      ip,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(429);
    expect((error as AppError).message).toBe("You have sent too many messages. Please try again in an hour.");
    expect(await contactCount(ip)).toBe(5);
    expect(await notificationsOf(admin.userId, "contact_message")).toHaveLength(notesBefore);

    // Another address is not affected.
    const other = await createContactMessage({ db: rt.db, viewer: null, input: contact(), ip: "203.0.113.8" });
    expect(other.stored).toBe(true);
  });

  it("counts only the last hour", async () => {
    const ip = "203.0.113.9";
    await rt.db.insert(s.contactMessages).values(
      Array.from({ length: 5 }, (_, i) => ({
        name: "Old",
        email: "old@example.co.za",
        subject: `Old ${i}`,
        message: "From yesterday",
        ipAddress: ip,
        createdAt: sql`now() - interval '61 minutes'`,
      })),
    );
    const r = await createContactMessage({ db: rt.db, viewer: null, input: contact(), ip });
    expect(r.stored).toBe(true);
  });

  it("lets concurrent posts from one address past the limit no further than five", async () => {
    const ip = "203.0.113.10";
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        createContactMessage({ db: rt.db, viewer: null, input: contact({ subject: `Burst ${i}` }), ip }),
      ),
    );
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(5);
    expect(await contactCount(ip)).toBe(5);
  });
});

describe("the same contact message again", () => {
  it("is the one already sent: one row, the admins told once; another message is new", async () => {
    const ip = "203.0.113.77";
    const input = contact({ subject: "Sent twice", message: "Is the Tadano still for sale?" });
    const before = (await notificationsOf(admin.userId, "contact_message")).length;
    const first = await createContactMessage({ db: rt.db, viewer: null, input, ip });
    const again = await createContactMessage({ db: rt.db, viewer: null, input, ip });
    expect(again).toEqual(first);
    expect(await contactCount(ip)).toBe(1);
    expect((await notificationsOf(admin.userId, "contact_message")).length).toBe(before + 1);
    await createContactMessage({ db: rt.db, viewer: null, input: { ...input, message: "And the Grove?" }, ip });
    expect(await contactCount(ip)).toBe(2);
  });
});

describe("a dashboard's Contact Admin", () => {
  it("lands in the admins' Contact Messages with the sender's account, and notifies every active admin", async () => {
    const before = (await notificationsOf(admin.userId, "contact_message")).length;
    await contactAdmin({
      db: rt.db,
      viewer: seller,
      input: ContactAdminSchema.parse({ message: "Please call me about my mandate." }),
    });
    await contactAdmin({
      db: rt.db,
      viewer: buyer,
      input: ContactAdminSchema.parse({ subject: "Delivery to Polokwane", message: "Can you arrange transport?" }),
    });
    const { messages } = await findContactMessages({ db: rt.db, viewer: admin, filter: "open" });
    const fromSeller = messages.find((m) => m.message === "Please call me about my mandate.");
    expect(fromSeller).toMatchObject({
      email: "seller@example.co.za",
      subject: "From the seller dashboard",
      handled: false,
    });
    expect(messages.find((m) => m.message === "Can you arrange transport?")).toMatchObject({
      email: "buyer@example.co.za",
      subject: "Delivery to Polokwane",
    });
    const [row] = await rt.db.select().from(s.contactMessages).where(eq(s.contactMessages.id, fromSeller!.id));
    expect(row!.userId).toBe(seller.userId);
    expect((await notificationsOf(admin.userId, "contact_message")).length).toBe(before + 2);
    expect(await notificationsOf(formerAdmin.userId, "contact_message")).toHaveLength(0);
  });
});
