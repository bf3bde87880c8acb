/**
 * Expiry reminders and mandate renewal on a real database: the reminder goes once per term, seven days
 * before the end (e-mail in the outbox and a notification with the Renew link), never for a sold,
 * withdrawn or already reminded listing, and only once when two runs race; renewing (checkbox or signed
 * PDF) writes a renewal mandate row with its term, moves expires_on 90 days on without a gap, clears
 * `expired` and the reminder, keeps the review state; only the listing's seller renews; sold is a 409.
 */
import { and, desc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { findListings } from "#app/domain/listing/find-listings.server.ts";
import { remindExpiringListings } from "#app/domain/listing/remind-expiring-listings.server.ts";
import { matchQueuedListings } from "#app/domain/alert/match-saved-searches.server.ts";
import { saveSearch } from "#app/domain/saved-search/save-search.server.ts";
import { loader as dashboardLoader } from "#app/routes/seller/seller-dashboard.tsx";
import { action as renewAction, loader as renewLoader } from "#app/routes/seller/seller-renew.tsx";
import {
  BASE,
  dbLabel,
  publicListingRow,
  startTestRuntime,
  type Persona,
  type TestRuntime,
} from "./support/harness.ts";

const DAY = 86_400_000;
let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;
let buyer: Persona;

const matchesOf = (savedSearchId: string, listingId: string) =>
  h.rt.db
    .select()
    .from(s.savedSearchMatches)
    .where(and(eq(s.savedSearchMatches.savedSearchId, savedSearchId), eq(s.savedSearchMatches.listingId, listingId)));

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  seller = await h.persona("seller");
  otherSeller = await h.persona("seller");
  buyer = await h.persona("buyer");
});
afterAll(() => h.stop());

/** A listing of `seller` with its first mandate signed (public unless told otherwise). */
async function newListing(over: Partial<typeof s.listings.$inferInsert> = {}, owner: Persona = seller) {
  const [row] = await h.rt.db
    .insert(s.listings)
    .values(
      publicListingRow(await h.sellerIdOf(owner.viewer), {
        title: `Renewal ${Math.random().toString(36).slice(2, 8)}`,
        ...over,
      }),
    )
    .returning();
  await h.rt.db.insert(s.mandateAgreements).values({
    listingId: row!.id,
    userId: owner.viewer.userId,
    listingTitle: row!.title,
    termsText: "EXCLUSIVE SALES MANDATE",
    signatureMethod: "checkbox",
    status: "signed",
    userEmail: owner.viewer.email,
    signedAt: row!.createdOn,
  });
  return row!;
}
const row = async (id: string) => (await h.rt.db.select().from(s.listings).where(eq(s.listings.id, id)))[0]!;
const reminders = (to: string) =>
  h.rt.db
    .select()
    .from(s.emailOutbox)
    .where(and(eq(s.emailOutbox.toAddress, to.toLowerCase()), eq(s.emailOutbox.template, "send-expiry-reminder")));
const remind = (now = new Date()) => remindExpiringListings({ db: h.rt.db, publicUrl: BASE, now });
const renew = (p: Persona, listingId: string, fields: Record<string, string>) =>
  h.call(renewAction, {
    path: `/seller/renew/${listingId}`,
    params: { listingId },
    cookie: p.cookie,
    body: new URLSearchParams(fields).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
const sign = (p: Persona, listingId: string) => renew(p, listingId, { intent: "sign", accept: "on" });
const isPublic = async (id: string) =>
  (await findListings({ db: h.rt.db, storage: h.rt.storage, limit: 60 })).items.some((l) => l.id === id);
const mandates = (listingId: string) =>
  h.rt.db
    .select()
    .from(s.mandateAgreements)
    .where(eq(s.mandateAgreements.listingId, listingId))
    .orderBy(desc(s.mandateAgreements.createdAt));

/** A real one-page PDF (the upload reads it). */
const ONE_PAGE_PDF = [
  "%PDF-1.4",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
  "",
].join("\n");

describe(`expiry reminders (${dbLabel})`, () => {
  it("reminds the seller once, seven days before the end, by e-mail and notification with the Renew link", async () => {
    const now = new Date();
    const due = await newListing({ expiresOn: new Date(now.getTime() + 7 * DAY - 60_000) });
    const later = await newListing({ expiresOn: new Date(now.getTime() + 8 * DAY) });
    const sold = await newListing({ status: "sold", expiresOn: new Date(now.getTime() + 3 * DAY) });
    const withdrawn = await newListing({
      archived: true,
      withdrawnAt: now,
      expiresOn: new Date(now.getTime() + 3 * DAY),
    });
    const told = await newListing({
      expiresOn: new Date(now.getTime() + 3 * DAY),
      expiryRemindedAt: new Date(now.getTime() - DAY),
    });
    const gone = await newListing({ expired: true, expiresOn: new Date(now.getTime() - DAY) });

    const first = await remind(now);
    expect(first.map((r) => r.listingId)).toEqual([due.id]);
    expect((await row(due.id)).expiryRemindedAt).not.toBeNull();
    for (const other of [later, sold, withdrawn, gone])
      expect((await row(other.id)).expiryRemindedAt, other.title).toBeNull();

    const mails = await reminders(seller.viewer.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Your listing expires in 7 days: ${due.title}`);
    expect(mails[0]!.text).toContain(`Renew: ${BASE}/seller/renew/${due.id}`);
    expect(mails[0]!.html).toContain(`href="${BASE}/seller/renew/${due.id}"`);
    const notes = await h.rt.db.select().from(s.notifications).where(eq(s.notifications.userId, seller.viewer.userId));
    const note = notes.find((n) => n.title === `Listing expires soon: ${due.title}`);
    expect(note).toMatchObject({ type: "listing_status", link: `/seller/renew/${due.id}`, read: false });
    expect(notes.filter((n) => n.title.startsWith("Listing expires soon"))).toHaveLength(1);

    // Again (a restart): nothing more for this term. The next day only the listing now seven days off.
    expect(await remind(now)).toEqual([]);
    expect((await remind(new Date(now.getTime() + DAY))).map((r) => r.listingId)).toEqual([later.id]);
    expect(await reminders(seller.viewer.email)).toHaveLength(2);
    expect((await row(told.id)).expiryRemindedAt!.getTime()).toBeLessThan(now.getTime());
  });

  it("sends once when two instances run it at the same moment", async () => {
    const now = new Date();
    const other = await h.persona("seller");
    const due = await newListing({ expiresOn: new Date(now.getTime() + 5 * DAY) }, other);
    const runs = await Promise.all([remind(now), remind(now), remind(now)]);
    expect(runs.flat().filter((r) => r.listingId === due.id)).toHaveLength(1);
    expect(await reminders(other.viewer.email)).toHaveLength(1);
  });
});

describe(`renewing a listing (${dbLabel})`, () => {
  it("extends a live listing without a gap, with its own renewal mandate, and resets the reminder", async () => {
    const listing = await newListing({ expiresOn: new Date(Date.now() + 5 * DAY), expiryRemindedAt: new Date() });
    const page = await h.call(renewLoader, {
      path: `/seller/renew/${listing.id}`,
      method: "GET",
      params: { listingId: listing.id },
      cookie: seller.cookie,
    });
    expect(page.status).toBe(200);
    expect(page.body).toMatchObject({ refusal: null, listingTitle: listing.title });
    expect((page.body as { terms: string }).terms).toContain("EXCLUSIVE SALES MANDATE (RENEWAL)");

    const done = await sign(seller, listing.id);
    expect(done.status).toBe(302);
    expect(done.location).toBe("/seller-dashboard");
    const after = await row(listing.id);
    expect(after.expiresOn.getTime()).toBe(listing.expiresOn.getTime() + 90 * DAY);
    expect(after).toMatchObject({
      expired: false,
      expiryRemindedAt: null,
      status: "approved",
      adminStatus: "approved",
    });

    const [renewal, first] = await mandates(listing.id);
    expect(first!.renewal).toBe(false);
    expect(renewal).toMatchObject({
      renewal: true,
      status: "signed",
      signatureMethod: "checkbox",
      ipAddress: "127.0.0.1",
    });
    expect(renewal!.termStarts!.getTime()).toBe(listing.expiresOn.getTime());
    expect(renewal!.termEnds!.getTime()).toBe(after.expiresOn.getTime());
    expect(renewal!.termsText).toContain("for a further period of 90 days");

    const [audit] = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, listing.id), eq(s.auditEvents.action, "listing.renew")));
    expect(audit).toBeTruthy();
    const confirmations = await h.rt.db
      .select()
      .from(s.emailOutbox)
      .where(
        and(
          eq(s.emailOutbox.toAddress, seller.viewer.email.toLowerCase()),
          eq(s.emailOutbox.subject, `Mandate renewed: ${listing.title}`),
        ),
      );
    expect(confirmations).toHaveLength(1);

    // Right after, the next renewal is too early (and the reminder comes again 7 days before the new end).
    const again = await sign(seller, listing.id);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.body)).toContain("too early to renew");
    expect(await remind(new Date(after.expiresOn.getTime() - 6 * DAY))).toEqual([
      expect.objectContaining({ listingId: listing.id }),
    ]);
  });

  it("brings an expired listing back at once, without review; a never-approved one still waits for review", async () => {
    const approved = await newListing({ expired: true, expiresOn: new Date(Date.now() - 3 * DAY) });
    expect(await isPublic(approved.id)).toBe(false);
    // A buyer's saved search for it: back on the market, it matches.
    const word = approved.title.split(" ").at(-1)!;
    const { id: searchId } = await saveSearch({
      db: h.rt.db,
      userId: buyer.viewer.userId,
      role: "buyer",
      name: word,
      frequency: "weekly",
      query: `q=${word}`,
    });
    const before = Date.now();
    expect((await sign(seller, approved.id)).status).toBe(302);
    const back = await row(approved.id);
    expect(back).toMatchObject({ expired: false, status: "approved", adminStatus: "approved" });
    expect(back.expiresOn.getTime()).toBeGreaterThanOrEqual(before + 90 * DAY);
    expect(back.expiresOn.getTime()).toBeLessThanOrEqual(Date.now() + 90 * DAY);
    expect(await isPublic(approved.id)).toBe(true);
    // The matching job (woken by the change) records the pair; running it here too is safe.
    await matchQueuedListings({ db: h.rt.db });
    await expect.poll(async () => (await matchesOf(searchId, approved.id)).length, { timeout: 10_000 }).toBe(1);

    const pending = await newListing({
      status: "pending",
      adminStatus: "pending",
      expired: true,
      expiresOn: new Date(Date.now() - DAY),
    });
    expect((await sign(seller, pending.id)).status).toBe(302);
    expect(await row(pending.id)).toMatchObject({ expired: false, status: "pending", adminStatus: "pending" });
  });

  it("renews by the signed PDF too: asked for by e-mail, then uploaded", async () => {
    const listing = await newListing({ expiresOn: new Date(Date.now() + 2 * DAY) });
    const asked = await renew(seller, listing.id, { intent: "request-pdf" });
    expect(asked.status).toBe(200);
    const [requested] = await mandates(listing.id);
    expect(requested).toMatchObject({ renewal: true, status: "pdf_requested" });
    const pdfMails = await h.rt.db
      .select()
      .from(s.emailOutbox)
      .where(
        and(
          eq(s.emailOutbox.toAddress, seller.viewer.email.toLowerCase()),
          eq(s.emailOutbox.template, "send-agreement-pdf"),
        ),
      );
    expect(pdfMails.some((m) => m.text.includes(`/seller/renew/${listing.id}`))).toBe(true);

    const form = new FormData();
    form.append("intent", "upload");
    form.append(
      "signedPdf",
      new File([new TextEncoder().encode(ONE_PAGE_PDF)], "signed.pdf", { type: "application/pdf" }),
    );
    const up = await h.call(renewAction, {
      path: `/seller/renew/${listing.id}`,
      params: { listingId: listing.id },
      cookie: seller.cookie,
      body: form,
    });
    expect(up.status).toBe(302);
    const all = await mandates(listing.id);
    expect(all).toHaveLength(2);
    expect(all[0]).toMatchObject({
      id: requested!.id,
      renewal: true,
      status: "signed",
      signatureMethod: "uploaded_pdf",
    });
    expect(all[0]!.signedPdfKey).toBeTruthy();
    expect((await row(listing.id)).expiresOn.getTime()).toBe(listing.expiresOn.getTime() + 90 * DAY);
  });

  it("only the listing's seller renews it; a sold listing is a 409; nothing is written", async () => {
    const listing = await newListing({ expiresOn: new Date(Date.now() + 3 * DAY) });
    const sold = await newListing({ status: "sold", expiresOn: new Date(Date.now() + 3 * DAY) });
    const before = await h.rowCounts();

    const stranger = await sign(otherSeller, listing.id);
    expect(stranger.status).toBe(404);
    expect(JSON.stringify(stranger.body)).toContain("Listing not found.");
    const page = await h.call(renewLoader, {
      path: `/seller/renew/${listing.id}`,
      method: "GET",
      params: { listingId: listing.id },
      cookie: otherSeller.cookie,
    });
    expect(page.status).toBe(404);
    expect((await sign(buyer, listing.id)).location).toBe("/");
    expect(
      (
        await h.call(renewAction, {
          path: `/seller/renew/${listing.id}`,
          params: { listingId: listing.id },
          body: "intent=sign&accept=on",
        })
      ).location,
    ).toMatch(/^\/signin\?redirectTo=/);

    const refused = await sign(seller, sold.id);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain("A sold listing cannot be renewed.");
    expect((await renew(seller, sold.id, { intent: "request-pdf" })).status).toBe(409);
    // Not ticked: the form's own refusal.
    expect((await renew(seller, listing.id, { intent: "sign" })).status).toBe(400);

    expect(await h.rowCounts()).toEqual(before);
    expect((await row(listing.id)).expiresOn.getTime()).toBe(listing.expiresOn.getTime());
  });

  it("the dashboard says how many days are left and offers Renew, then shows the new end", async () => {
    const listing = await newListing({ expiresOn: new Date(Date.now() + 4 * DAY + 3_600_000) });
    const expired = await newListing({ expired: true, expiresOn: new Date(Date.now() - DAY) });
    type Row = { id: string; badge: string; expiresInDays: number; renewable: boolean; expiresOn: string };
    const rows = async () =>
      (
        (await h.call(dashboardLoader, { path: "/seller-dashboard", method: "GET", cookie: seller.cookie })).body as {
          listings: Row[];
        }
      ).listings;
    const find = async (id: string) => (await rows()).find((l) => l.id === id)!;
    expect(await find(listing.id)).toMatchObject({ badge: "Active", expiresInDays: 5, renewable: true });
    expect(await find(expired.id)).toMatchObject({ badge: "Expired", renewable: true });
    await sign(seller, listing.id);
    const renewed = await find(listing.id);
    expect(renewed).toMatchObject({ badge: "Active", expiresInDays: 95, renewable: false });
    expect(new Date(renewed.expiresOn).getTime()).toBe(listing.expiresOn.getTime() + 90 * DAY);
  });
});
