/**
 * The listing lifecycle on a real database: the server never trusts uploads,
 * nothing half-written survives a refusal, moderation follows the state map
 * and writes notification, e-mail and audit in one go, ownership is enforced.
 */
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { PDFDocument } from "pdf-lib";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { createListing } from "#app/domain/listing/create-listing.server.ts";
import { findPublicListings } from "#app/domain/listing/find-listings.server.ts";
import { findRejectionReasons } from "#app/domain/listing/find-rejection-reasons.server.ts";
import { deleteOwnListing, moderateListing } from "#app/domain/listing/moderate-listing.server.ts";
import { getMandateContext, signMandateByCheckbox, submitSignedMandate } from "#app/domain/mandate/sign-mandate.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { startTestRuntime, type TestRuntime } from "./support/harness.ts";

let rt: Runtime;
let h: TestRuntime;
let uploads: string;

let sellerA: Viewer;
let sellerB: Viewer;
let buyer: Viewer;
let admin: Viewer;

beforeAll(async () => {
  h = await startTestRuntime();
  rt = h.rt;
  uploads = h.uploads;
  sellerA = await h.createSeller({ email: "sellera@example.co.za" });
  sellerB = await h.createSeller({ email: "sellerb@example.co.za" });
  buyer = await h.createBuyer({ email: "buyer@example.co.za" });
  admin = await h.createAdmin({ email: "admin@example.co.za" });
});
afterAll(() => h.stop());

const input = {
  title: "CAT 320D Excavator",
  description: "Good",
  category: "excavators" as const,
  condition: "used" as const,
  price: "1450000",
  location: "Durban, KwaZulu-Natal",
  isUrgent: true,
  isBargain: false,
};
const photo = () =>
  sharp({ create: { width: 1200, height: 900, channels: 3, background: { r: 200, g: 100, b: 0 } } })
    .jpeg()
    .toBuffer();
/** The seller signs the listing's mandate by checkbox (approval needs it). */
async function signMandate(viewer: Viewer, listingId: string) {
  const ctx = await getMandateContext({ runtime: rt, viewer, listingId, ip: "127.0.0.1" });
  await signMandateByCheckbox({ runtime: rt, ctx, accepted: true, userId: viewer.userId });
}
const listingCount = async () => (await rt.db.select().from(s.listings)).length;
const fileCount = () =>
  fs.existsSync(path.join(uploads, "public/listings"))
    ? fs.readdirSync(path.join(uploads, "public/listings")).length
    : 0;

async function refusedWithNothingStored(images: { name: string; bytes: Buffer }[], message: RegExp) {
  const before = { listings: await listingCount(), files: fileCount() };
  const error = await createListing({ runtime: rt, viewer: sellerA, input, images }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).status).toBe(400);
  expect((error as AppError).message).toMatch(message);
  expect(await listingCount()).toBe(before.listings);
  expect(fileCount()).toBe(before.files);
}

describe("creating a listing", () => {
  it("saves condition and location, pending, expiring in 90 days, with WebP variants", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const [row] = await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId));
    expect(row).toMatchObject({
      condition: "used",
      location: "Durban, KwaZulu-Natal",
      status: "pending",
      adminStatus: "pending",
      price: "1450000.00",
    });
    const days = (row!.expiresOn.getTime() - row!.createdOn.getTime()) / 86_400_000;
    expect(Math.round(days)).toBe(90);
    const images = await rt.db.select().from(s.listingImages).where(eq(s.listingImages.listingId, listingId));
    expect(images).toHaveLength(1);
    for (const v of ["thumb", "card", "full"])
      expect(fs.existsSync(path.join(uploads, `${images[0]!.storageKey}-${v}.webp`))).toBe(true);
  });

  it("refuses a buyer (Seller Access Required)", async () => {
    const error = await createListing({
      runtime: rt,
      viewer: buyer,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    }).catch((e: unknown) => e);
    expect((error as AppError).title).toBe("Seller Access Required");
    expect((error as AppError).status).toBe(403);
  });

  it("refuses a text file renamed .jpg", () =>
    refusedWithNothingStored(
      [{ name: "photo.jpg", bytes: Buffer.from("definitely not a jpeg") }],
      /Invalid file type/,
    ));

  it("refuses an SVG", () =>
    refusedWithNothingStored(
      [{ name: "x.svg", bytes: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>') }],
      /Invalid file type/,
    ));

  it("refuses a 256-megapixel PNG bomb without decoding it", async () => {
    const bomb = await sharp({ create: { width: 16000, height: 16000, channels: 3, background: { r: 0, g: 0, b: 0 } } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    await refusedWithNothingStored(
      [
        { name: "ok.jpg", bytes: await photo() },
        { name: "bomb.png", bytes: bomb },
      ],
      /pixels/,
    );
  });

  it("refuses a sixth image and no image at all", async () => {
    const six = await Promise.all(
      Array.from({ length: 6 }, async (_, i) => ({ name: `${i}.jpg`, bytes: await photo() })),
    );
    await refusedWithNothingStored(six, /maximum of 5 images/);
    await refusedWithNothingStored([], /choose one or more images/);
  });

  it("strips GPS EXIF from a photo", async () => {
    const withGps = await sharp(await photo())
      .withExif({ IFD0: { Make: "Samsung" }, IFD3: { GPSLatitudeRef: "S", GPSLatitude: "26/1 12/1 0/1" } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "gps.jpg", bytes: withGps }],
    });
    const [img] = await rt.db.select().from(s.listingImages).where(eq(s.listingImages.listingId, listingId));
    const stored = fs.readFileSync(path.join(uploads, `${img!.storageKey}-full.webp`));
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
  });
});

describe("moderation", () => {
  it("approval writes the seller's notification, the e-mail and an audit row, and makes it public", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input: { ...input, title: "Approve me" },
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    expect((await findPublicListings({ db: rt.db, storage: rt.storage, limit: 100 })).map((l) => l.id)).not.toContain(
      listingId,
    );
    await signMandate(sellerA, listingId);
    await moderateListing({ runtime: rt, admin, listingId, action: "approve" });
    const notes = await rt.db.select().from(s.notifications).where(eq(s.notifications.userId, sellerA.userId));
    expect(notes.some((n) => n.type === "listing_status" && n.title.includes("approved"))).toBe(true);
    const mails = await rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, sellerA.email));
    expect(mails.some((m) => m.template === "send-listing-notification" && m.subject.includes("approved"))).toBe(true);
    const audit = await rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, listingId));
    expect(audit[0]).toMatchObject({ actorUserId: admin.userId, action: "listing.approve" });
    expect((await findPublicListings({ db: rt.db, storage: rt.storage, limit: 100 })).map((l) => l.id)).toContain(
      listingId,
    );
  });

  it("refuses to approve a listing whose mandate is not signed (409, nothing changes), then approves it once signed", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const refused = await moderateListing({ runtime: rt, admin, listingId, action: "approve" }).catch(
      (e: unknown) => e,
    );
    expect((refused as AppError).status).toBe(409);
    expect((refused as AppError).message).toBe(
      "Failed to update listing: the seller has not signed the exclusive sales mandate for this listing yet",
    );
    const [before] = await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId));
    expect(before).toMatchObject({ status: "pending", adminStatus: "pending" });
    expect(await rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, listingId))).toHaveLength(0);
    await signMandate(sellerA, listingId);
    await moderateListing({ runtime: rt, admin, listingId, action: "approve" });
    const [after] = await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId));
    expect(after).toMatchObject({ status: "approved", adminStatus: "approved" });
  });

  it("a rejection carries the admin's reason to the seller's notification, e-mail and the audit row", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input: { ...input, title: "Reject me with a reason" },
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const reason = "Photos show a different machine; please add photos of the unit for sale.";
    // Too long: refused with a clear 400, nothing changes.
    const tooLong = await moderateListing({ runtime: rt, admin, listingId, action: "reject", reason: "x".repeat(501) }).catch(
      (e: unknown) => e,
    );
    expect((tooLong as AppError).status).toBe(400);
    expect((tooLong as AppError).message).toBe("Failed to update listing: Reason must be at most 500 characters.");
    expect((await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId)))[0]).toMatchObject({ adminStatus: "pending" });

    await moderateListing({ runtime: rt, admin, listingId, action: "reject", reason: `  ${reason}  ` });
    const [row] = await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId));
    expect(row).toMatchObject({ adminStatus: "rejected" });
    const notes = await rt.db.select().from(s.notifications).where(eq(s.notifications.userId, sellerA.userId));
    expect(notes.find((n) => n.title === "Listing rejected: Reject me with a reason")?.message).toBe(
      `Your listing "Reject me with a reason" was rejected by our team. Reason: ${reason}`,
    );
    const mails = await rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.toAddress, sellerA.email));
    const mail = mails.find((m) => m.subject === "Your listing was rejected: Reject me with a reason");
    expect(JSON.stringify(mail)).toContain(`Reason: ${reason}`);
    const [audit] = await rt.db.select().from(s.auditEvents).where(eq(s.auditEvents.entityId, listingId));
    expect(audit).toMatchObject({ action: "listing.reject", data: { after: { adminStatus: "rejected", reason } } });
  });

  it("reads each rejected listing's reason back for its seller: null without one, nothing for a listing never rejected", async () => {
    const make = async (title: string) =>
      (await createListing({ runtime: rt, viewer: sellerA, input: { ...input, title }, images: [{ name: "a.jpg", bytes: await photo() }] }))
        .listingId;
    const [withReason, withoutReason, pending] = [await make("Reason kept"), await make("No reason"), await make("Still pending")];
    await moderateListing({ runtime: rt, admin, listingId: withReason, action: "reject", reason: "  Price is far above the market.  " });
    await moderateListing({ runtime: rt, admin, listingId: withoutReason, action: "reject" });
    const reasons = await findRejectionReasons({ db: rt.db, listingIds: [withReason, withoutReason, pending] });
    expect(Object.fromEntries(reasons)).toEqual({ [withReason]: "Price is far above the market.", [withoutReason]: null });
    expect((await findRejectionReasons({ db: rt.db, listingIds: [] })).size).toBe(0);
  });

  it("refuses transitions outside the state map with a 409 and changes nothing", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    await moderateListing({ runtime: rt, admin, listingId, action: "reject" });
    const again = await moderateListing({ runtime: rt, admin, listingId, action: "approve" }).catch((e: unknown) => e);
    expect((again as AppError).status).toBe(409);
    await moderateListing({ runtime: rt, admin, listingId, action: "mark-sold" });
    const sold = await moderateListing({ runtime: rt, admin, listingId, action: "mark-sold" }).catch((e: unknown) => e);
    expect((sold as AppError).message).toMatch(/^Failed to mark as sold/);
    const [row] = await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId));
    expect(row).toMatchObject({ status: "sold", adminStatus: "rejected" });
  });

  it("refuses a non-admin, and an admin moderating their own listing", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const bySeller = await moderateListing({ runtime: rt, admin: sellerA, listingId, action: "approve" }).catch(
      (e: unknown) => e,
    );
    expect((bySeller as AppError).status).toBe(403);
    const sellerAdmin = { ...sellerA, isAdmin: true };
    const own = await moderateListing({ runtime: rt, admin: sellerAdmin, listingId, action: "approve" }).catch(
      (e: unknown) => e,
    );
    expect((own as AppError).status).toBe(403);
  });

  it("hides an approved listing once it has expired", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    await signMandate(sellerA, listingId);
    await moderateListing({ runtime: rt, admin, listingId, action: "approve" });
    await rt.db
      .update(s.listings)
      .set({ expiresOn: new Date(Date.now() - 1000) })
      .where(eq(s.listings.id, listingId));
    expect((await findPublicListings({ db: rt.db, storage: rt.storage, limit: 100 })).map((l) => l.id)).not.toContain(
      listingId,
    );
  });
});

describe("the signed mandate upload", () => {
  /** The seller's own upload of `bytes` as the signed mandate of a new listing. */
  async function uploadSigned(bytes: Buffer) {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input: { ...input, title: "Signed on paper" },
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const ctx = await getMandateContext({ runtime: rt, viewer: sellerA, listingId, ip: "127.0.0.1" });
    const outcome = await submitSignedMandate({
      runtime: rt,
      ctx,
      userId: sellerA.userId,
      file: { name: "signed.pdf", type: "application/pdf", bytes },
    }).catch((e: unknown) => e);
    const agreements = await rt.db.select().from(s.mandateAgreements).where(eq(s.mandateAgreements.listingId, listingId));
    const folder = path.join(uploads, "private/mandates", listingId);
    const files = fs.existsSync(folder) ? fs.readdirSync(folder) : [];
    return { outcome, agreements, files };
  }

  async function expectRefusedWithNothingWritten(bytes: Buffer) {
    const { outcome, agreements, files } = await uploadSigned(bytes);
    expect(outcome).toBeInstanceOf(AppError);
    expect((outcome as AppError).status).toBe(400);
    expect((outcome as AppError).message).toBe("Please upload a PDF file.");
    expect(agreements).toHaveLength(0);
    expect(files).toHaveLength(0);
  }

  it("accepts a real PDF with a page: the mandate is signed and the file kept byte for byte", async () => {
    const doc = await PDFDocument.create();
    doc.addPage().drawText("Signed: Thabo Nkosi");
    const bytes = Buffer.from(await doc.save());
    const { outcome, agreements, files } = await uploadSigned(bytes);
    expect(outcome).toBeUndefined();
    expect(agreements).toHaveLength(1);
    expect(agreements[0]).toMatchObject({ status: "signed", signatureMethod: "uploaded_pdf" });
    expect(files).toHaveLength(1);
    expect((await rt.storage.get(agreements[0]!.signedPdfKey!))?.equals(bytes)).toBe(true);
  });

  it("refuses a file that only begins like a PDF (an HTML page after the header): nothing written", () =>
    expectRefusedWithNothingWritten(
      Buffer.from("%PDF-1.4\n<html><body><script>alert(1)</script>Signed!</body></html>\n%%EOF\n"),
    ));

  it("refuses a PDF without a page: nothing written", async () => {
    const empty = Buffer.from(await (await PDFDocument.create()).save({ addDefaultPage: false }));
    expect((await PDFDocument.load(empty)).getPageCount()).toBe(0);
    await expectRefusedWithNothingWritten(empty);
  });
});

describe("ownership", () => {
  it("seller B cannot delete seller A's listing; seller A can, and its files go too", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const error = await deleteOwnListing({ runtime: rt, viewer: sellerB, listingId }).catch((e: unknown) => e);
    expect((error as AppError).status).toBe(404);
    expect(await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId))).toHaveLength(1);
    await deleteOwnListing({ runtime: rt, viewer: sellerA, listingId });
    expect(await rt.db.select().from(s.listings).where(eq(s.listings.id, listingId))).toHaveLength(0);
    expect(fs.existsSync(path.join(uploads, "public/listings", listingId))).toBe(false);
  });

  it("a deleted listing's signed mandate stays on record, PDF included, for its seller and the admins", async () => {
    const { listingId } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input: { ...input, title: "Mandate outlives me" },
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const pdfKey = `private/mandates/${listingId}/signed.pdf`;
    await rt.storage.put(pdfKey, Buffer.from("%PDF-1.4 signed"), "application/pdf");
    const [agreement] = await rt.db
      .insert(s.mandateAgreements)
      .values({
        listingId,
        userId: sellerA.userId,
        listingTitle: "Mandate outlives me",
        termsText: "Terms",
        signatureMethod: "uploaded_pdf",
        userEmail: sellerA.email,
        signedPdfKey: pdfKey,
        signedAt: new Date(),
      })
      .returning();
    await deleteOwnListing({ runtime: rt, viewer: sellerA, listingId });
    const [kept] = await rt.db.select().from(s.mandateAgreements).where(eq(s.mandateAgreements.id, agreement!.id));
    expect(kept).toMatchObject({ listingId: null, listingTitle: "Mandate outlives me", status: "signed" });
    const { getSignedMandatePdf } = await import("#app/domain/mandate/sign-mandate.server.ts");
    const pdf = await getSignedMandatePdf({ runtime: rt, viewer: sellerA, agreementId: agreement!.id });
    expect(Buffer.from(pdf!.bytes).toString()).toBe("%PDF-1.4 signed");
    expect(await getSignedMandatePdf({ runtime: rt, viewer: sellerB, agreementId: agreement!.id })).toBeNull();
    const { findSellerDashboard } = await import("#app/domain/listing/find-seller-listings.server.ts");
    const dashboard = await findSellerDashboard({ db: rt.db, userId: sellerA.userId });
    expect(dashboard.mandates.map((m) => m.listingTitle)).toContain("Mandate outlives me");
  });
});

describe("expiry", () => {
  it("the daily job flags listings whose 90 days are over, and only those", async () => {
    const { expireListings } = await import("#app/domain/listing/expire-listings.server.ts");
    const { listingId: old } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    const { listingId: fresh } = await createListing({
      runtime: rt,
      viewer: sellerA,
      input,
      images: [{ name: "a.jpg", bytes: await photo() }],
    });
    await rt.db
      .update(s.listings)
      .set({ expiresOn: new Date(Date.now() - 60_000) })
      .where(eq(s.listings.id, old));
    expect(await expireListings({ db: rt.db })).toBeGreaterThanOrEqual(1);
    const [a] = await rt.db.select().from(s.listings).where(eq(s.listings.id, old));
    const [b] = await rt.db.select().from(s.listings).where(eq(s.listings.id, fresh));
    expect(a!.expired).toBe(true);
    expect(b!.expired).toBe(false);
    expect(await expireListings({ db: rt.db })).toBe(0);
  });
});
