/**
 * Concrete things the permission matrix's cells act on, made through the real
 * routes: listings of seller1 (made fresh for each cell and removed after it),
 * listings, users and requests of throwaway accounts, a mail with an
 * attachment, a contact message. Nothing here touches the demo data other
 * tests rely on: the demo accounts only ever own what is made here.
 */
import { expect } from "@playwright/test";
import { BASE_URL } from "../../../playwright.config.ts";
import type { Persona, Targets, Vars } from "../permission-matrix.ts";
import { createAccount, createConfirmedAccount } from "./accounts.ts";
import { jpeg } from "./images.ts";
import { readLatestEmail } from "./mailbox.ts";
import { demoUser, googleUserWithoutProfile, sessionCookie, uniqueEmail, type Session } from "./personas.ts";
import { allAdminListingsHtml } from "./admin-pages.ts";

export type FormBody = Record<string, string | File>;

/** One request the way a browser form would send it, with nothing kept between requests. */
export async function send(
  cookie: string,
  method: "GET" | "POST",
  path: string,
  body?: FormBody,
  options: { multipart?: boolean; signal?: AbortSignal } = {},
) {
  const headers: Record<string, string> = { Origin: BASE_URL };
  if (cookie) headers.cookie = cookie;
  let payload: BodyInit | undefined;
  if (body) {
    if (options.multipart) {
      const form = new FormData();
      for (const [k, v] of Object.entries(body)) form.append(k, v);
      payload = form;
    } else {
      payload = new URLSearchParams(body as Record<string, string>);
    }
  }
  return fetch(new URL(path, BASE_URL), { method, headers, body: payload, redirect: "manual", signal: options.signal });
}

const once = <T>(make: () => Promise<T>) => {
  let p: Promise<T> | undefined;
  return () => (p ??= make());
};

const demoCookie = (role: "admin" | "seller" | "buyer") => sessionCookie(demoUser(role).email, demoUser(role).password);
const adminCookie = once(() => demoCookie("admin"));
const seller1Cookie = once(() => demoCookie("seller"));
const buyer1Cookie = once(() => demoCookie("buyer"));
/** A throwaway seller: owns the listings the admin approves, rejects and deletes in the matrix. */
const sellerX = once(() => createConfirmedAccount({ role: "seller", prefix: "matrix-seller" }));
/** A throwaway buyer: makes the requests the admin moves on. */
const buyerX = once(() => newBuyer("matrix-buyer"));
async function newBuyer(prefix: string) {
  const account = await createConfirmedAccount({ role: "buyer", prefix });
  const cookie = await sessionCookie(account.email, account.password);
  const res = await send(cookie, "POST", "/buyer-dashboard", {
    intent: "create-buyer-profile",
    fullName: account.fullName,
    commissionAccepted: "on",
  });
  expect(res.status, "the throwaway buyer's profile").toBe(302);
  return account;
}
/** A throwaway admin (granted by the demo admin). */
const adminX = once(() => newAdmin("matrix-admin"));
async function newAdmin(prefix: string) {
  const account = await createConfirmedAccount({ role: "buyer", prefix });
  const res = await send(await adminCookie(), "POST", `/admin/users/${account.userId}`, { intent: "grant-admin" });
  expect(res.status, "grant admin to the throwaway admin").toBe(200);
  return account;
}
const sellerXCookie = once(async () => sessionCookie((await sellerX()).email, (await sellerX()).password));
const buyerXCookie = once(async () => sessionCookie((await buyerX()).email, (await buyerX()).password));

const photo = once(
  async () =>
    new File([new Uint8Array(await jpeg({ r: 200, g: 120, b: 20 }, 64, 48))], "photo.jpg", { type: "image/jpeg" }),
);
/** A real one-page PDF (the upload reads it: a bare "%PDF-" header is refused). */
const ONE_PAGE_PDF = [
  "%PDF-1.4",
  "% permission matrix",
  "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
  "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
  "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >> endobj",
  "trailer << /Root 1 0 R >>",
  "%%EOF",
  "",
].join("\n");
export const PDF = () => new File([new TextEncoder().encode(ONE_PAGE_PDF)], "signed.pdf", { type: "application/pdf" });

async function createListing(cookie: string, title: string) {
  const res = await send(
    cookie,
    "POST",
    "/api/listings",
    {
      title,
      description: "Made by the permission matrix.",
      category: "generators",
      condition: "used",
      price: "1000",
      location: "Matrix",
      isUrgent: "on",
      images: await photo(),
    },
    { multipart: true },
  );
  expect(res.status, `create listing ${title}`).toBe(201);
  return ((await res.json()) as { listingId: string }).listingId;
}

async function signMandate(cookie: string, listingId: string) {
  const res = await send(cookie, "POST", `/seller/mandate/${listingId}`, { intent: "sign", accept: "on" });
  expect(res.status, "sign the mandate").toBe(302);
}

async function moderate(intent: string, listingId: string) {
  return send(await adminCookie(), "POST", "/admin?index", { intent, listingId });
}

const publicListingOnce = once(async () => {
  const cookie = await sellerXCookie();
  const id = await createListing(cookie, `Matrix public ${Date.now().toString(36)}`);
  await signMandate(cookie, id);
  expect((await moderate("approve", id)).status, "approve the public matrix listing").toBe(200);
  return id;
});

/**
 * seller1's dashboard, a page of "Your Listings" at a time (20, newest first), from the newest or from the
 * oldest (the last page: a page past the end shows it), following its Next or Previous link.
 */
async function* seller1DashboardPages(from: "newest" | "oldest") {
  const cookie = await seller1Cookie();
  const [start, rel] = from === "newest" ? ["/seller-dashboard", "next"] : ["/seller-dashboard?page=100000", "prev"];
  let path: string | undefined = start;
  while (path) {
    const html = await (await send(cookie, "GET", path)).text();
    yield html;
    path = new RegExp(`<a rel="${rel}"[^>]*?href="([^"#]+)`).exec(html)?.[1];
  }
}

const demoListingOfSeller1 = once(async () => {
  // Every row links to its listing (a preview when not public): take the oldest row whose badge says Active —
  // one of the demo data's, never a listing another test (running meanwhile) made and may withdraw or sell.
  let id: string | undefined;
  for await (const html of seller1DashboardPages("oldest")) {
    const row = html
      .split("<tr")
      .filter((r) => r.includes(">Active</") && r.includes('href="/listing/'))
      .at(-1);
    id = row && /href="\/listing\/([0-9a-f-]{36})"/.exec(row)?.[1];
    if (id) break;
  }
  expect(id, "an active demo listing of seller1").toBeTruthy();
  return id!;
});

/** Everything a cell may need; what a cell creates is removed by `cleanup()`. */
export class MatrixTargets implements Targets {
  private cleanups: (() => Promise<unknown>)[] = [];
  private atEnd: (() => Promise<unknown>)[] = [];
  private shared = new Map<string, Promise<Vars>>();
  /**
   * Set by the runner for a cell that must change nothing (and checks so):
   * its target may then be one made for an earlier such cell of the same
   * persona, kept until `cleanup({ all: true })`. Saves making a user or a
   * listing for every refused cell.
   */
  reuse = false;

  /** Removes what the last cell made (and, with `all`, what refused cells shared). */
  async cleanup(options: { all?: boolean } = {}) {
    const jobs = [...this.cleanups.splice(0), ...(options.all ? this.atEnd.splice(0) : [])];
    if (options.all) this.shared.clear();
    for (const job of jobs) await job().catch(() => undefined);
  }

  private made(job: () => Promise<unknown>) {
    (this.reuse ? this.atEnd : this.cleanups).push(job);
  }

  private once(key: string, make: () => Promise<Vars>) {
    if (!this.reuse) return make();
    let p = this.shared.get(key);
    if (!p) this.shared.set(key, (p = make()));
    return p;
  }

  /** Removes a listing (as the admin). */
  async deleteListing(listingId: string) {
    await moderate("delete", listingId);
  }

  private stamp(prefix: string) {
    return `${prefix} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  }

  /** A new pending listing of seller1 (the demo seller), mandate not signed; deleted after the cell. */
  async seller1Listing(options: { signed?: boolean } = {}) {
    return this.once(`seller1Listing ${JSON.stringify(options)}`, async () => {
      const cookie = await seller1Cookie();
      const title = this.stamp("Matrix seller1");
      const id = await createListing(cookie, title);
      this.made(() => moderate("delete", id));
      if (options.signed) await signMandate(cookie, id);
      return { listingId: id, title };
    });
  }

  /** A new listing of seller1's that seller1 has withdrawn. */
  async seller1WithdrawnListing() {
    return this.once("seller1WithdrawnListing", async () => {
      const cookie = await seller1Cookie();
      const title = this.stamp("Matrix withdrawn");
      const id = await createListing(cookie, title);
      this.made(() => moderate("delete", id));
      const res = await send(cookie, "POST", "/seller-dashboard", { intent: "withdraw", listingId: id });
      expect(res.status, "withdraw the listing").toBe(200);
      return { listingId: id, title };
    });
  }

  /** A public listing of a throwaway seller whose seller edited its title and photos: the changes wait for review. */
  async pendingRevision() {
    return this.once("pendingRevision", async () => {
      const cookie = await sellerXCookie();
      const title = this.stamp("Matrix revised");
      const id = await createListing(cookie, title);
      this.made(() => moderate("delete", id));
      await signMandate(cookie, id);
      expect((await moderate("approve", id)).status, "approve the listing to revise").toBe(200);
      const edited = await send(
        cookie,
        "POST",
        `/api/listings/${id}`,
        {
          title: `${title} (edited)`,
          description: "Edited by the permission matrix.",
          category: "generators",
          condition: "used",
          price: "1000",
          location: "Matrix",
          isUrgent: "on",
          images: await photo(),
        },
        { multipart: true },
      );
      expect(edited.status, "edit the approved listing").toBe(200);
      const html = await (await send(await adminCookie(), "GET", "/admin")).text();
      const tag = (html.match(/<a [^>]*>/g) ?? []).find((a) => a.includes(`aria-label="Review changes to ${title}"`));
      const revisionId = tag && /href="\/admin\/revisions\/([0-9a-f-]{36})"/.exec(tag)?.[1];
      expect(revisionId, "the revision in the admin's queue").toBeTruthy();
      return { listingId: id, revisionId: revisionId!, title };
    });
  }

  async isRevisionPending(revisionId: string) {
    const html = await (await send(await adminCookie(), "GET", "/admin")).text();
    return html.includes(`/admin/revisions/${revisionId}`);
  }

  /** The agreement id of a signed PDF mandate seller1 uploaded for a new listing. */
  async seller1SignedPdf() {
    const cookie = await seller1Cookie();
    const { listingId, title } = await this.seller1Listing();
    const up = await send(
      cookie,
      "POST",
      `/seller/mandate/${listingId}`,
      { intent: "upload", signedPdf: PDF() },
      { multipart: true },
    );
    expect(up.status, "upload the signed mandate").toBe(302);
    const html = await (await send(cookie, "GET", "/seller-dashboard")).text();
    const id = new RegExp(`<strong>${title}</strong>(?:(?!</li>)[\\s\\S])*?/mandates/([0-9a-f-]{36})/pdf`).exec(
      html,
    )?.[1];
    expect(id, "the uploaded mandate's download link").toBeTruthy();
    return { listingId, agreementId: id! };
  }

  /** A demo listing of seller1's that is public (read-only use). */
  async seller1PublicListing() {
    return { listingId: await demoListingOfSeller1() };
  }

  /** A public listing of a throwaway seller (shared by the cells: requests, favourites, purchases). */
  async publicListing() {
    return { listingId: await publicListingOnce() };
  }

  /** A new pending listing of a throwaway seller, for the admin's moderation; deleted after the cell. */
  async pendingListing(options: { signed?: boolean } = {}) {
    return this.once(`pendingListing ${JSON.stringify(options)}`, async () => {
      const cookie = await sellerXCookie();
      const title = this.stamp("Matrix moderation");
      const id = await createListing(cookie, title);
      this.made(() => moderate("delete", id));
      if (options.signed) await signMandate(cookie, id);
      return { listingId: id, title };
    });
  }

  /** A new, unconfirmed throwaway user; deleted after the cell. */
  async user(options: { banned?: boolean; admin?: boolean } = {}) {
    return this.once(`user ${JSON.stringify(options)}`, async () => {
      const account = await createAccount({ role: "buyer", prefix: "matrix-target" });
      const admin = await adminCookie();
      if (options.banned)
        expect((await send(admin, "POST", `/admin/users/${account.userId}`, { intent: "ban" })).status).toBe(200);
      if (options.admin)
        expect((await send(admin, "POST", `/admin/users/${account.userId}`, { intent: "grant-admin" })).status).toBe(
          200,
        );
      this.made(async () => {
        await send(admin, "POST", `/admin/users/${account.userId}`, { intent: "revoke-admin" });
        await send(admin, "POST", `/admin/users/${account.userId}`, {
          intent: "delete",
          confirmation: `DELETE ${account.email}`,
        });
      });
      return { userId: account.userId, email: account.email };
    });
  }

  /** The demo seller1's user id (read-only use). */
  async seller1UserId() {
    const { userIdOf } = await import("./accounts.ts");
    return { userId: await userIdOf(demoUser("seller").email) };
  }

  /** An e-mail in the dev mailbox with a PDF attached (the admin's test e-mail). */
  async mailWithAttachment() {
    const to = uniqueEmail("matrix-mail");
    const res = await send(await adminCookie(), "POST", "/email-test", { intent: "send-agreement-pdf", email: to });
    expect(res.status, "send a test e-mail with an attachment").toBe(200);
    return { messageId: (await readLatestEmail(to, /./)).id };
  }

  /** A new offer of the throwaway buyer, as the admin's Buyer Requests tab lists it. */
  async buyerRequest() {
    const message = this.stamp("Matrix offer");
    const buyer = await buyerX();
    const cookie = await sessionCookie(buyer.email, buyer.password);
    const { listingId } = await this.publicListing();
    const sent = await send(cookie, "POST", "/buyer-dashboard", {
      intent: "offer",
      listingId,
      offerAmount: "900",
      message,
    });
    expect(sent.status, "the throwaway buyer's offer").toBe(200);
    const html = await (await send(await adminCookie(), "GET", "/admin/requests")).text();
    const block = new RegExp(
      `${message}[\\s\\S]*?name="kind" value="(\\w+)"[\\s\\S]*?name="requestId" value="([0-9a-f-]{36})"`,
    ).exec(html);
    expect(block, "the offer in the admin's Buyer Requests").toBeTruthy();
    return { kind: block![1]!, requestId: block![2]! };
  }

  /** The kind and id of the request the admin's Buyer Requests tab lists after `message`. */
  private async requestWithMessage(message: string) {
    const html = await (await send(await adminCookie(), "GET", "/admin/requests")).text();
    const block = new RegExp(
      `${message}[\\s\\S]*?name="kind" value="(\\w+)"[\\s\\S]*?name="requestId" value="([0-9a-f-]{36})"`,
    ).exec(html);
    expect(block, `the request "${message}" in the admin's Buyer Requests`).toBeTruthy();
    return { kind: block![1]!, requestId: block![2]! };
  }

  /** A new offer of the throwaway buyer on a new public listing of seller1's (the seller answers it); the listing is deleted after the cell. */
  async sellerLead() {
    return this.once("sellerLead", async () => {
      const { listingId } = await this.seller1Listing({ signed: true });
      expect((await moderate("approve", listingId)).status, "approve seller1's listing").toBe(200);
      const message = this.stamp("Matrix lead");
      const buyer = await buyerX();
      const cookie = await sessionCookie(buyer.email, buyer.password);
      const sent = await send(cookie, "POST", "/buyer-dashboard", {
        intent: "offer",
        listingId,
        offerAmount: "900",
        message,
      });
      expect(sent.status, "the throwaway buyer's offer to seller1").toBe(200);
      const ref = await this.requestWithMessage(message);
      this.made(async () =>
        send(await adminCookie(), "POST", "/admin/requests", { intent: "set-status", ...ref, status: "closed" }),
      );
      return { listingId, ...ref };
    });
  }

  /** A new offer of buyer1's (the buyer persona) that the throwaway seller has countered. */
  async countered() {
    return this.once("countered", async () => {
      const { listingId } = await this.publicListing();
      const message = this.stamp("Matrix countered");
      const sent = await send(await buyer1Cookie(), "POST", "/buyer-dashboard", {
        intent: "offer",
        listingId,
        offerAmount: "900",
        message,
      });
      expect(sent.status, "buyer1's offer").toBe(200);
      const ref = await this.requestWithMessage(message);
      const countered = await send(await sellerXCookie(), "POST", "/seller-dashboard", {
        intent: "counter-request",
        ...ref,
        offerAmount: "950",
      });
      expect(countered.status, "the throwaway seller's counter").toBe(200);
      // Whatever the cell did, the admin closes it afterwards, so buyer1's list keeps no open matrix offers.
      this.made(async () =>
        send(await adminCookie(), "POST", "/admin/requests", { intent: "set-status", ...ref, status: "closed" }),
      );
      return ref;
    });
  }

  /** The state of a listing as the admin sees it: its edit page's title, or null once deleted. */
  async listingTitle(listingId: string) {
    const res = await send(await adminCookie(), "GET", `/admin/listings/${listingId}/edit`);
    if (res.status === 404) return null;
    return /name="title"[^>]*value="([^"]*)"/.exec(await res.text())?.[1] ?? "";
  }

  async listingPrice(listingId: string) {
    const res = await send(await adminCookie(), "GET", `/admin/listings/${listingId}/edit`);
    if (res.status === 404) return null;
    return /name="price"[^>]*value="([^"]*)"/.exec(await res.text())?.[1] ?? "";
  }

  async seller1Badge(listingId: string) {
    // On the first page unless other tests have listed 20 machines for seller1 since.
    for await (const html of seller1DashboardPages("newest")) {
      const row = new RegExp(`<tr[^>]*>(?:(?!</tr>)[\\s\\S])*?value="${listingId}"(?:(?!</tr>)[\\s\\S])*?</tr>`).exec(
        html,
      )?.[0];
      if (row) return />(Active|Pending|Withdrawn|Sold|Rejected|Expired|Draft)</.exec(row)?.[1] ?? null;
    }
    return null;
  }

  async isPending(listingId: string) {
    const cookie = await adminCookie();
    const html = await allAdminListingsHtml(async (path) => (await send(cookie, "GET", path)).text(), "pending");
    return html.includes(listingId);
  }

  async savedSearch() {
    return this.once("savedSearch", async () => {
      const cookie = await buyerXCookie();
      const name = this.stamp("Matrix saved");
      const res = await send(cookie, "POST", "/saved-searches", {
        intent: "save",
        name,
        frequency: "off",
        query: `category=cranes&province=Limpopo&model=${name.split(" ").at(-1)}`,
      });
      expect(res.status, "the throwaway buyer saves a search").toBe(200);
      const html = await (await send(cookie, "GET", "/saved-searches")).text();
      const card = html.split("<li").find((c) => c.includes(name));
      const savedSearchId = card && /\/saved-searches\/([0-9a-f-]{36})\/open/.exec(card)?.[1];
      expect(savedSearchId, "the saved search on its owner's page").toBeTruthy();
      this.made(async () => send(cookie, "POST", "/saved-searches", { intent: "delete", id: savedSearchId! }));
      return { savedSearchId: savedSearchId!, name };
    });
  }

  /** seller1's page, as their listing links to it (sellerId). */
  async seller1Page() {
    const html = await (await send("", "GET", `/listing/${await demoListingOfSeller1()}`)).text();
    const sellerId = /href="\/sellers\/([0-9a-f-]{36})"/.exec(html)?.[1];
    expect(sellerId, "the listing's link to its seller's page").toBeTruthy();
    return { sellerId: sellerId! };
  }

  /** A verification document of a throwaway seller's (documentId): only its owner and the admins may fetch it. */
  async sellerDocument() {
    return { documentId: await sellerDocumentOnce() };
  }

  /** A throwaway seller waiting for verification (sellerUserId, version as the admin's page holds it). */
  async pendingVerification() {
    return this.once("pendingVerification", async () => {
      const account = await createConfirmedAccount({ role: "seller", prefix: "matrix-kyc" });
      const cookie = await sessionCookie(account.email, account.password);
      await uploadIdentity(cookie);
      const sent = await send(cookie, "POST", "/account/verification", { intent: "submit" });
      expect(sent.status, "send the documents for verification").toBe(302);
      return { sellerUserId: account.userId, version: await verificationVersion(account.userId) };
    });
  }

  async isVerificationPending(sellerUserId: string) {
    return (await verificationVersion(sellerUserId).catch(() => null)) !== null;
  }

  /** A throwaway buyer's data export, ready to download (exportId). */
  async readyExport() {
    return { exportId: await readyExportOnce() };
  }

  async savedSearchState(savedSearchId: string) {
    const html = await (await send(await buyerXCookie(), "GET", "/saved-searches")).text();
    const card = html.split("<li").find((c) => c.includes(`/saved-searches/${savedSearchId}/open`));
    if (!card) return null;
    const name = /<h3[^>]*>([^<]*)<\/h3>/.exec(card)?.[1] ?? "";
    return `${name}|paused:${card.includes("Resume alerts") ? "yes" : "no"}`;
  }

  async userPage(userId: string) {
    const res = await send(await adminCookie(), "GET", `/admin/users/${userId}`);
    return { status: res.status, html: await res.text() };
  }
}

/**
 * A throwaway account of the persona's kind, freshly signed in: for the cells
 * that change the actor's own account or session (sign out, choose a role,
 * mark all read), so the demo accounts other tests watch stay as they are.
 */
export async function twinSession(persona: Persona, own: Session): Promise<Session> {
  const fresh = async (account: { email: string; password: string; fullName: string }) => ({
    ...account,
    cookie: await sessionCookie(account.email, account.password),
  });
  switch (persona) {
    case "visitor":
    case "banned":
      return own;
    case "buyerWithoutProfile":
      return googleUserWithoutProfile();
    case "buyer":
      return fresh(await buyerX());
    case "seller":
    case "otherSeller":
      return fresh(await sellerX());
    case "admin":
      return fresh(await adminX());
  }
}

/** A brand-new account of the persona's kind, for a cell that uses up or ends the actor's account (a data export, a deletion). */
export async function newAccountSession(persona: Persona, own: Session): Promise<Session> {
  const fresh = async (account: { email: string; password: string; fullName: string }) => ({
    ...account,
    cookie: await sessionCookie(account.email, account.password),
  });
  switch (persona) {
    case "visitor":
    case "banned":
      return own;
    case "buyerWithoutProfile":
      return googleUserWithoutProfile();
    case "buyer":
      return fresh(await newBuyer("matrix-new-buyer"));
    case "seller":
    case "otherSeller":
      return fresh(await createConfirmedAccount({ role: "seller", prefix: "matrix-new-seller" }));
    case "admin":
      return fresh(await newAdmin("matrix-new-admin"));
  }
}

async function uploadIdentity(cookie: string) {
  const res = await send(
    cookie,
    "POST",
    "/account/verification",
    { intent: "upload", kind: "identity", document: PDF() },
    { multipart: true },
  );
  expect(res.status, "upload an identity document").toBe(302);
}

const sellerDocumentOnce = once(async () => {
  const account = await createConfirmedAccount({ role: "seller", prefix: "matrix-doc" });
  const cookie = await sessionCookie(account.email, account.password);
  await uploadIdentity(cookie);
  const html = await (await send(cookie, "GET", "/account/verification")).text();
  const id = /\/verification-documents\/([0-9a-f-]{36})/.exec(html)?.[1];
  expect(id, "the uploaded document's link").toBeTruthy();
  return id!;
});

/** The version the admin's Verification tab holds for a seller waiting for review (throws when not waiting). */
async function verificationVersion(sellerUserId: string) {
  const html = await (await send(await adminCookie(), "GET", "/admin/verifications")).text();
  const escaped = sellerUserId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const match = new RegExp(
    `name="sellerUserId" value="${escaped}"/><input type="hidden" name="version" value="([^"]+)"`,
  ).exec(html);
  if (!match) throw new Error(`seller ${sellerUserId} is not waiting for verification`);
  return match[1]!;
}

const readyExportOnce = once(async () => {
  const account = await createConfirmedAccount({ role: "buyer", prefix: "matrix-export" });
  const cookie = await sessionCookie(account.email, account.password);
  const res = await send(cookie, "POST", "/account/data", { intent: "prepare" });
  expect(res.status, "prepare a data export").toBe(302);
  await expect
    .poll(
      async () =>
        /\/account\/data\/([0-9a-f-]{36})\/download/.exec(
          await (await send(cookie, "GET", "/account/data")).text(),
        )?.[1],
      {
        timeout: 60_000,
        message: "the export is ready",
      },
    )
    .toBeTruthy();
  return /\/account\/data\/([0-9a-f-]{36})\/download/.exec(
    await (await send(cookie, "GET", "/account/data")).text(),
  )![1]!;
});
