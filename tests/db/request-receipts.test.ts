/**
 * The buyer's receipt e-mail for each of the four requests: written to the
 * outbox in the transaction that stores the request, with the listing, the
 * amount (the offered amount for an offer), the 2.5% buyer commission and the
 * total; none for a refused request or a repeated purchase request.
 */
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { createUserRequest } from "#app/domain/request/create-user-request.server.ts";
import { todayInJohannesburg } from "#app/domain/request/request-schemas.ts";
import type { ReceiptMailer } from "#app/domain/request/request-receipt.server.ts";
import { createPurchaseRequest } from "#app/domain/transaction/create-purchase-request.server.ts";
import { createBuyerProfile } from "#app/domain/user/create-buyer-profile.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { refusal, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;
let buyer: Viewer;
let listingId: string;
let mailer: ReceiptMailer;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  mailer = { queueEmail: rt.queueEmail, publicUrl: "https://dealequip.example" };
  const seller = await h.createSeller({ email: "pieter@example.co.za" });
  listingId = (await h.createListing({ seller, title: "Bell B25E Dump Truck", description: "Low hours", price: "1200000" })).id;
  const signedUp = await h.createBuyer({ email: "lerato@example.co.za" });
  const base: Viewer = { ...signedUp, fullName: "Lerato Mokoena", commissionAccepted: true };
  await createBuyerProfile({
    db: rt.db,
    viewer: base,
    input: { fullName: "Lerato Mokoena", commissionAccepted: true },
  });
  buyer = base;
});
afterAll(() => h.stop());

const receipts = () =>
  rt.db
    .select()
    .from(s.emailOutbox)
    .where(eq(s.emailOutbox.toAddress, "lerato@example.co.za"))
    .orderBy(asc(s.emailOutbox.createdAt));
const squash = (t: string) => t.replace(/[\s\u00a0\u202f]+/g, " ");

function dayFromToday(days: number) {
  const d = new Date(`${todayInJohannesburg()}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

describe("request receipts", () => {
  it("an offer's receipt counts the offered amount, its commission and the total", async () => {
    const before = (await receipts()).length;
    await createUserRequest({
      db: rt.db,
      viewer: buyer,
      mailer,
      input: { requestType: "offer", listingId, offerAmount: "1000000", message: "Can pay in 30 days" },
    });
    const mails = await receipts();
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!;
    expect(mail.subject).toBe("We received your offer: Bell B25E Dump Truck");
    expect(mail.template).toBe("send-request-receipt");
    const text = squash(mail.text);
    expect(text).toContain("Listing: Bell B25E Dump Truck");
    expect(text).toContain("Your offer: R 1 000 000");
    expect(text).toContain("Buyer commission (2.5%): R 25 000");
    expect(text).toContain("Total: R 1 025 000");
    expect(text).toContain("Your message: Can pay in 30 days");
    expect(text).toContain("What happens next");
    expect(text).toContain("https://dealequip.example/buyer-dashboard");
    expect(mail.html).toContain("Bell B25E Dump Truck");
  });

  it("viewing and quote receipts count the listing price and say what was asked", async () => {
    const day = dayFromToday(4);
    await createUserRequest({
      db: rt.db,
      viewer: buyer,
      mailer,
      input: { requestType: "viewing", listingId, preferredDate: day, preferredTime: "10:00" },
    });
    let mail = (await receipts()).at(-1)!;
    expect(mail.subject).toBe("We received your viewing request: Bell B25E Dump Truck");
    expect(squash(mail.text)).toContain("at 10:00");
    expect(squash(mail.text)).toContain("Listing price: R 1 200 000");
    expect(squash(mail.text)).toContain("Total: R 1 230 000");

    await createUserRequest({
      db: rt.db,
      viewer: buyer,
      mailer,
      input: { requestType: "quote", listingId, quoteType: "equipment-rental", details: "Three months on site" },
    });
    mail = (await receipts()).at(-1)!;
    expect(mail.subject).toBe("We received your quote request: Bell B25E Dump Truck");
    expect(squash(mail.text)).toContain("Quote type: Equipment Rental");
    expect(squash(mail.text)).toContain("Details: Three months on site");
  });

  it("a purchase request's receipt is sent once, carrying the buyer's message; a repeat sends none", async () => {
    const before = (await receipts()).length;
    const first = await createPurchaseRequest({
      db: rt.db,
      viewer: buyer,
      listingId,
      mailer,
      message: "Please call me",
    });
    expect(first.created).toBe(true);
    const again = await createPurchaseRequest({ db: rt.db, viewer: buyer, listingId, mailer });
    expect(again.created).toBe(false);
    const mails = await receipts();
    expect(mails).toHaveLength(before + 1);
    const text = squash(mails.at(-1)!.text);
    expect(mails.at(-1)!.subject).toBe("We received your purchase request: Bell B25E Dump Truck");
    expect(text).toContain("Listing price: R 1 200 000");
    expect(text).toContain("Buyer commission (2.5%): R 30 000");
    expect(text).toContain("Total: R 1 230 000");
    expect(text).toContain("Your message: Please call me");
  });

  it("a refused request sends no receipt", async () => {
    const before = (await receipts()).length;
    const error = await refusal(
      createUserRequest({
        db: rt.db,
        viewer: buyer,
        mailer,
        input: { requestType: "offer", listingId, offerAmount: "-5" },
      }),
    );
    expect(error.status).toBe(400);
    const tooLong = await refusal(
      createPurchaseRequest({
        db: rt.db,
        viewer: buyer,
        listingId,
        mailer,
        message: "x".repeat(5001),
      }),
    );
    expect(tooLong.status).toBe(400);
    expect(await receipts()).toHaveLength(before);
  });
});
