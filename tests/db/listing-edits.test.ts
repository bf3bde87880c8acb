/**
 * A seller edits an own listing on a real database, through the edit API and page: the price, flags
 * and location apply at once; an approved listing's title, details and photos wait as a revision
 * (the public keeps the approved version) until the admin approves or rejects it; a pending listing
 * is updated; a rejected one goes back to review; a sold one is not edited; nobody else edits it.
 */
import fs from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import * as s from "#db/schema.ts";
import { action as editApi } from "#app/routes/api/listing-edit.ts";
import { action as editPage, loader as editPageLoader } from "#app/routes/seller/seller-listing-edit.tsx";
import { action as reviewAction, loader as reviewLoader } from "#app/routes/admin/admin-revision.tsx";
import { loader as listingDetail } from "#app/routes/catalog/listing-detail.tsx";
import { loader as adminListings } from "#app/routes/admin/admin-listings.tsx";
import { forgetListingPhotoAccess, listingPhotoAccess } from "#app/server/listing-photo-access.server.ts";
import { createListing } from "#app/domain/listing/create-listing.server.ts";
import { photoToken } from "#app/domain/listing/photo-plan.ts";
import { matchQueuedListings } from "#app/domain/alert/match-saved-searches.server.ts";
import { saveSearch } from "#app/domain/saved-search/save-search.server.ts";
import { dbLabel, type Persona, startTestRuntime, type TestRuntime } from "./support/harness.ts";

let h: TestRuntime;
let seller: Persona;
let otherSeller: Persona;
let buyer: Persona;
let admin: Persona;

const photo = (r: number) =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: { r, g: 100, b: 0 } } })
    .jpeg()
    .toBuffer();

const matchesOf = (savedSearchId: string, listingId: string) =>
  h.rt.db
    .select()
    .from(s.savedSearchMatches)
    .where(and(eq(s.savedSearchMatches.savedSearchId, savedSearchId), eq(s.savedSearchMatches.listingId, listingId)));

beforeAll(async () => {
  h = await startTestRuntime({ rateLimits: false });
  [seller, otherSeller, buyer, admin] = await Promise.all([
    h.persona("seller"),
    h.persona("seller"),
    h.persona("buyer"),
    h.persona("admin"),
  ]);
});
afterAll(() => h.stop());
beforeEach(() => forgetListingPhotoAccess());

const fields = {
  title: "2019 Caterpillar 320D",
  description: "One owner, full service history.",
  category: "excavators",
  condition: "used",
  price: "1450000",
  location: "Durban, KwaZulu-Natal",
  isUrgent: "on",
  make: "Caterpillar",
  model: "320D",
  year: "2019",
  usage: "5200",
};

/** A listing of `seller` with two photos, in the given state. */
async function listingWithPhotos(
  state: Partial<typeof s.listings.$inferInsert> = { status: "approved", adminStatus: "approved" },
) {
  const { listingId } = await createListing({
    runtime: h.rt,
    viewer: seller.viewer,
    input: {
      title: fields.title,
      description: fields.description,
      category: "excavators",
      condition: "used",
      price: fields.price,
      location: fields.location,
      isUrgent: true,
      isBargain: false,
      make: "Caterpillar",
      model: "320D",
      year: 2019,
      usage: 5200,
    },
    images: [
      { name: "a.jpg", bytes: await photo(10) },
      { name: "b.jpg", bytes: await photo(20) },
    ],
  });
  await h.rt.db.update(s.listings).set(state).where(eq(s.listings.id, listingId));
  return listingId;
}

const images = (listingId: string) =>
  h.rt.db
    .select()
    .from(s.listingImages)
    .where(eq(s.listingImages.listingId, listingId))
    .orderBy(s.listingImages.position);
const listing = async (id: string) => (await h.rt.db.select().from(s.listings).where(eq(s.listings.id, id)))[0]!;
const revisions = (id: string) => h.rt.db.select().from(s.listingRevisions).where(eq(s.listingRevisions.listingId, id));
const exists = (storageKey: string) => fs.existsSync(path.join(h.uploads, `${storageKey}-card.webp`));

/** The edit form as the page's script sends it: fields, the photo order, new files. */
async function edit(
  p: Persona,
  id: string,
  over: Record<string, string | null> = {},
  o: { order?: string[]; files?: Buffer[] } = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...fields, ...over })) if (v !== null) form.append(k, v);
  const tokens = o.order ?? (await images(id)).map((i) => photoToken(i.storageKey));
  for (const t of tokens) form.append("photoOrder", t);
  for (const [i, bytes] of (o.files ?? []).entries())
    form.append("images", new File([new Uint8Array(bytes)], `new-${i}.jpg`, { type: "image/jpeg" }));
  return h.call(editApi, { path: `/api/listings/${id}`, cookie: p.cookie, body: form, params: { id } });
}

const publicPage = (id: string, p?: Persona) =>
  h.call(listingDetail, { path: `/listing/${id}`, method: "GET", params: { id }, cookie: p?.cookie });
const review = (id: string, intent: "approve-revision" | "reject-revision", reason = "") =>
  h.call(reviewAction, {
    path: `/admin/revisions/${id}`,
    cookie: admin.cookie,
    params: { id },
    body: new URLSearchParams({ intent, reason }).toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });

describe(`editing an approved listing (${dbLabel})`, () => {
  it("applies the price at once and keeps the approved title and photos public until the admin approves", async () => {
    const id = await listingWithPhotos();
    const [first, second] = await images(id);
    const answer = await edit(
      seller,
      id,
      { title: "2019 Caterpillar 320D L, new tracks", price: "1350000", isBargain: "on" },
      { order: ["new:0", photoToken(second!.storageKey)], files: [await photo(200)] },
    );
    expect(answer).toMatchObject({ status: 200, body: { outcome: "revision" } });

    // Live at once: price (with its history), flags; still approved and public, with the approved title and photos.
    expect(await listing(id)).toMatchObject({
      price: "1350000.00",
      isBargain: true,
      title: fields.title,
      status: "approved",
      adminStatus: "approved",
    });
    const history = await h.rt.db.select().from(s.listingPriceChanges).where(eq(s.listingPriceChanges.listingId, id));
    expect(history).toMatchObject([{ oldPrice: "1450000.00", newPrice: "1350000.00" }]);
    const page = (await publicPage(id)).body as { listing: { title: string; images: { card: string }[] } };
    expect(page.listing.title).toBe(fields.title);
    expect(page.listing.images).toHaveLength(2);
    expect((await images(id)).map((i) => i.storageKey)).toEqual([first!.storageKey, second!.storageKey]);

    // The revision waits, with its new photo in its own folder that only the seller and admins may fetch.
    const [revision] = await revisions(id);
    expect(revision).toMatchObject({ status: "pending", submittedBy: seller.viewer.userId });
    expect(revision!.content.title).toBe("2019 Caterpillar 320D L, new tracks");
    const newKey = revision!.photos[0]!.storageKey;
    expect(newKey.startsWith(`public/listings/${revision!.id}/`)).toBe(true);
    expect(exists(newKey)).toBe(true);
    expect(await listingPhotoAccess({ listingId: revision!.id, cookie: undefined })).toBe("none");
    expect(await listingPhotoAccess({ listingId: revision!.id, cookie: buyer.cookie })).toBe("none");
    expect(await listingPhotoAccess({ listingId: revision!.id, cookie: seller.cookie })).toBe("private");
    expect(await listingPhotoAccess({ listingId: revision!.id, cookie: admin.cookie })).toBe("private");

    // The admins are told; the seller's page says the changes wait; the audit row records the edit.
    const adminNotes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(eq(s.notifications.userId, admin.viewer.userId));
    expect(adminNotes.some((n) => n.title === "Listing changes to review")).toBe(true);
    expect(((await publicPage(id, seller)).body as { own: unknown }).own).toEqual({
      editable: true,
      changesPending: true,
    });
    const audits = await h.rt.db
      .select()
      .from(s.auditEvents)
      .where(and(eq(s.auditEvents.entityId, id), eq(s.auditEvents.action, "listing.revision-own")));
    expect(audits).toHaveLength(1);

    // The admin's queue and before/after.
    const queue = (await h.call(adminListings, { path: "/admin", method: "GET", cookie: admin.cookie })).body as {
      revisions: { id: string }[];
    };
    expect(queue.revisions.map((r) => r.id)).toContain(revision!.id);
    const shown = (
      await h.call(reviewLoader, {
        path: `/admin/revisions/${revision!.id}`,
        method: "GET",
        cookie: admin.cookie,
        params: { id: revision!.id },
      })
    ).body as { rows: { label: string; changed: boolean; after: string }[]; revision: { photosAfter: string[] } };
    expect(shown.rows.filter((r) => r.changed).map((r) => r.label)).toEqual(["Title"]);
    expect(shown.revision.photosAfter).toHaveLength(2);
    // Not for a seller: sent away from the admin pages.
    const notAdmin = await h.call(reviewLoader, {
      path: "/x",
      method: "GET",
      cookie: seller.cookie,
      params: { id: revision!.id },
    });
    expect(notAdmin.status).toBe(302);
    expect(notAdmin.body).not.toHaveProperty("rows");

    // A buyer's saved search for the new words: the approved changes match it (the old title did not).
    const { id: searchId } = await saveSearch({
      db: h.rt.db,
      userId: buyer.viewer.userId,
      role: "buyer",
      name: "New tracks",
      frequency: "daily",
      query: "q=new+tracks",
    });

    // Approved: title and photos now public; the new photo copied into the listing's folder, the replaced one removed.
    const approved = await review(revision!.id, "approve-revision");
    expect(approved.status).toBe(302);
    expect(await listing(id)).toMatchObject({
      title: "2019 Caterpillar 320D L, new tracks",
      status: "approved",
      price: "1350000.00",
    });
    const after = await images(id);
    expect(after.map((i) => i.storageKey)).toEqual([`public/listings/${id}/${photoToken(newKey)}`, second!.storageKey]);
    expect(after.every((i) => exists(i.storageKey))).toBe(true);
    expect(exists(first!.storageKey)).toBe(false);
    expect(fs.existsSync(path.join(h.uploads, `public/listings/${revision!.id}`))).toBe(false);
    expect((await revisions(id))[0]).toMatchObject({ status: "approved", decidedBy: admin.viewer.userId });
    const sellerNotes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(eq(s.notifications.userId, seller.viewer.userId));
    expect(sellerNotes.some((n) => n.title.startsWith("Changes approved"))).toBe(true);
    // The matching job (woken by the change) records the pair; running it here too is safe.
    await matchQueuedListings({ db: h.rt.db });
    await expect.poll(async () => (await matchesOf(searchId, id)).length, { timeout: 10_000 }).toBe(1);
    const mail = await h.rt.db.select().from(s.emailOutbox).where(eq(s.emailOutbox.template, "send-revision-decision"));
    expect(mail.some((m) => m.toAddress === seller.viewer.email && m.subject.startsWith("Your changes are live"))).toBe(
      true,
    );

    // A second decision is refused.
    expect((await review(revision!.id, "reject-revision")).status).toBe(409);
  });

  it("keeps the approved version when the admin rejects, with the reason for the seller", async () => {
    const id = await listingWithPhotos();
    await edit(seller, id, { description: "Now with a rock breaker." }, { files: [await photo(90)] });
    const [revision] = await revisions(id);
    const newKey = revision!.photos[2]!.storageKey;
    const answer = await review(revision!.id, "reject-revision", "Photos must show the machine.");
    expect(answer.status).toBe(302);
    expect(await listing(id)).toMatchObject({ description: fields.description, status: "approved" });
    expect(await images(id)).toHaveLength(2);
    expect(exists(newKey)).toBe(false);
    expect((await revisions(id))[0]).toMatchObject({ status: "rejected", reason: "Photos must show the machine." });
    const form = (
      await h.call(editPageLoader, {
        path: `/seller/listings/${id}/edit`,
        method: "GET",
        cookie: seller.cookie,
        params: { id },
      })
    ).body as {
      lastDecision: { reason: string };
    };
    expect(form.lastDecision.reason).toBe("Photos must show the machine.");
    const sellerNotes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(eq(s.notifications.userId, seller.viewer.userId));
    expect(sellerNotes.some((n) => n.message.includes("Reason: Photos must show the machine."))).toBe(true);
  });

  it("replaces a waiting revision with the next edit, and withdraws it when the edit goes back to the approved version", async () => {
    const id = await listingWithPhotos();
    await edit(seller, id, { model: "320D L" });
    await edit(seller, id, { model: "320D2" });
    let rows = await revisions(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.content.model).toBe("320D2");
    const answer = await edit(seller, id, {}, { order: (await images(id)).map((i) => photoToken(i.storageKey)) });
    expect(answer).toMatchObject({ status: 200, body: { outcome: "updated" } });
    rows = await revisions(id);
    expect(rows[0]!.status).toBe("withdrawn");
    // Nothing at all changed: nothing written.
    const before = await h.rowCounts();
    expect(await edit(seller, id)).toMatchObject({ status: 200, body: { outcome: "unchanged" } });
    const after = await h.rowCounts();
    expect({ ...after, audit_events: 0 }).toEqual({ ...before, audit_events: 0 });
  });
});

describe(`editing a listing not yet approved (${dbLabel})`, () => {
  it("updates a pending listing in place, photos reordered", async () => {
    const id = await listingWithPhotos({ status: "pending", adminStatus: "pending" });
    const [a, b] = await images(id);
    const answer = await edit(
      seller,
      id,
      { title: "CAT 320D, reordered" },
      { order: [photoToken(b!.storageKey), photoToken(a!.storageKey)] },
    );
    expect(answer).toMatchObject({ status: 200, body: { outcome: "updated" } });
    expect(await listing(id)).toMatchObject({
      title: "CAT 320D, reordered",
      status: "pending",
      adminStatus: "pending",
    });
    expect((await images(id)).map((i) => i.storageKey)).toEqual([b!.storageKey, a!.storageKey]);
    expect(await revisions(id)).toHaveLength(0);
  });

  it("sends a rejected listing back to review, through the page's plain form too (remove and cover)", async () => {
    const id = await listingWithPhotos({ status: "pending", adminStatus: "rejected" });
    const [a, b] = await images(id);
    const form = new FormData();
    for (const [k, v] of Object.entries({ ...fields, title: "Fixed title" })) form.append(k, v);
    form.append("photoOrder", photoToken(a!.storageKey));
    form.append("photoOrder", photoToken(b!.storageKey));
    form.append("coverPhoto", photoToken(b!.storageKey));
    form.append("images", new File([new Uint8Array(await photo(150))], "c.jpg", { type: "image/jpeg" }));
    form.append("removePhoto", photoToken(a!.storageKey));
    const answer = await h.call(editPage, {
      path: `/seller/listings/${id}/edit`,
      cookie: seller.cookie,
      body: form,
      params: { id },
    });
    expect(answer).toMatchObject({ status: 302, location: "/seller-dashboard" });
    expect(await listing(id)).toMatchObject({ title: "Fixed title", status: "pending", adminStatus: "pending" });
    const now = await images(id);
    expect(now).toHaveLength(2);
    expect(now[0]!.storageKey).toBe(b!.storageKey);
    expect(exists(a!.storageKey)).toBe(false);
    const adminNotes = await h.rt.db
      .select()
      .from(s.notifications)
      .where(eq(s.notifications.userId, admin.viewer.userId));
    expect(adminNotes.some((n) => n.title === "Listing resubmitted for review")).toBe(true);
  });
});

describe(`edits that are refused (${dbLabel})`, () => {
  it("refuses a sold listing (409), another seller and a buyer, bad input and too many photos, writing nothing", async () => {
    const id = await listingWithPhotos();
    const before = await h.rowCounts();
    const files = () => fs.readdirSync(path.join(h.uploads, "public/listings")).length;
    const filesBefore = files();
    expect((await edit(otherSeller, id, { title: "Mine now" })).status).toBe(404);
    expect((await edit(buyer, id, { title: "Mine now" })).status).toBe(403);
    const noPrice = await edit(seller, id, { price: "0" });
    expect(noPrice).toMatchObject({ status: 400, body: { message: "Price must be greater than 0." } });
    const tooMany = await edit(
      seller,
      id,
      {},
      { files: [await photo(1), await photo(2), await photo(3), await photo(4)] },
    );
    expect(tooMany).toMatchObject({ status: 400, body: { title: "Too many images" } });
    const none = await edit(seller, id, {}, { order: [] });
    expect(none).toMatchObject({ status: 400, body: { message: "Please choose one or more images." } });
    const stranger = await edit(seller, id, {}, { order: ["0123456789abcdef"] });
    expect(stranger).toMatchObject({ status: 400, body: { title: "Photos changed" } });
    const notAnImage = new FormData();
    for (const [k, v] of Object.entries(fields)) notAnImage.append(k, v);
    notAnImage.append("images", new File(["not a photo"], "x.jpg", { type: "image/jpeg" }));
    expect(
      (await h.call(editApi, { path: `/api/listings/${id}`, cookie: seller.cookie, body: notAnImage, params: { id } }))
        .status,
    ).toBe(400);
    expect((await edit(seller, "not-a-listing", {}, { order: [] })).status).toBe(404);
    expect(await h.rowCounts()).toEqual(before);
    expect(files()).toBe(filesBefore);

    await h.rt.db.update(s.listings).set({ status: "sold" }).where(eq(s.listings.id, id));
    const sold = await edit(seller, id, { price: "1" });
    expect(sold).toMatchObject({ status: 409, body: { message: "A sold listing cannot be edited." } });
    expect((await listing(id)).price).toBe("1450000.00");
  });

  it("answers a visitor of the edit API with 401 and of the edit page with a sign-in redirect", async () => {
    const id = await listingWithPhotos();
    expect((await edit({ viewer: seller.viewer, cookie: "" }, id)).status).toBe(401);
    const page = await h.call(editPageLoader, { path: `/seller/listings/${id}/edit`, method: "GET", params: { id } });
    expect(page.status).toBe(302);
  });
});
