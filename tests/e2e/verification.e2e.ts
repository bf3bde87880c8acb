/**
 * Seller verification in the browser (docs/product.md#verified-sellers). A new seller on a phone
 * (360×800) opens verification from the dashboard, has an HTML file named ".pdf" refused, uploads their
 * identity document and sends it; the admin (1280 wide) opens the Verification tab, downloads the
 * document (an attachment: nosniff, private, no-store) and verifies the seller; the seller's page says
 * "Verified seller", and the Verified seller badge appears on their listing and their seller page. A
 * second seller's documents are rejected with a reason (required: the form says so first), and the
 * seller reads the reason on their page and in the e-mail, sees the document marked as not accepted (not
 * as ready to send), uploads a new copy and sends again. Another seller opening a document's address sees
 * the 404 page; a download carries nosniff once.
 */
import {
  request as playwrightRequest,
  expect,
  test,
  type APIRequestContext,
  type Locator,
  type Page,
} from "@playwright/test";
import { expectFits } from "./support/fits.ts";
import { PDFDocument } from "pdf-lib";
import { BASE_URL } from "../../playwright.config.ts";
import { createConfirmedAccount } from "./support/accounts.ts";
import { jpeg } from "./support/images.ts";
import { readLatestEmail } from "./support/mailbox.ts";
import { clientFor, gotoReady, sessionPage, signInByRequest } from "./support/personas.ts";
import { stamp } from "./support/values.ts";

const SHOTS = process.env.VERIFICATION_SHOTS_DIR;
const origin = { Origin: BASE_URL };

const look = (page: Page, name: string, part: Locator, widths?: number[]) =>
  expectFits(page, name, part, { widths, shotsDir: SHOTS });

async function onePagePdf(text: string) {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780 });
  return Buffer.from(await doc.save());
}

/** An HTTP client signed in as a throwaway account. */
async function clientOf(email: string, password: string) {
  const ctx = await playwrightRequest.newContext({ baseURL: BASE_URL });
  const res = await ctx.post("/signin", {
    form: { intent: "signin", email, password },
    headers: origin,
    maxRedirects: 0,
  });
  expect(res.status(), `sign-in as ${email}`).toBe(302);
  return ctx;
}

/** A public listing of a throwaway seller: listed, mandate signed, approved by the admin. */
async function publishFor(seller: APIRequestContext, title: string) {
  const created = await seller.post("/api/listings", {
    headers: origin,
    multipart: {
      title,
      description: "Listed by a seller who is being verified.",
      category: "other",
      condition: "used",
      price: "1250000",
      location: "Rustenburg, North West",
      isBargain: "on",
      images: { name: "grader.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 230, g: 180, b: 20 }, 800, 600) },
    },
  });
  expect(created.status()).toBe(201);
  const { listingId } = (await created.json()) as { listingId: string };
  const signed = await seller.post(`/seller/mandate/${listingId}`, {
    headers: origin,
    form: { intent: "sign", accept: "on" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  const admin = await clientFor("admin");
  expect((await admin.post("/admin?index", { headers: origin, form: { intent: "approve", listingId } })).status()).toBe(
    200,
  );
  await admin.dispose();
  return listingId;
}

test("a seller sends their identity document on a phone; the admin downloads it and verifies them; the badge shows on their listing and page", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = `Thandi Nkosi ${stamp()}`;
  const seller = await createConfirmedAccount({ role: "seller", prefix: "kyc", fullName: name });
  const api = await clientOf(seller.email, seller.password);
  const title = `CAT 140K grader ${stamp()}`;
  const listingId = await publishFor(api, title);

  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInByRequest(phone, seller.email, seller.password);

  // Not verified yet: no badge on the listing.
  await gotoReady(phone, `/listing/${listingId}`);
  await expect(phone.getByRole("heading", { name: title })).toBeVisible();
  await expect(phone.locator("[data-verified-seller]")).toHaveCount(0);

  // From the dashboard to the verification page.
  await gotoReady(phone, "/seller-dashboard");
  await phone.getByRole("link", { name: /^(Get verified|Seller verification)$/ }).click();
  await expect(phone).toHaveURL(/\/account\/verification$/);
  await expect(phone.getByRole("heading", { name: "Seller verification" })).toBeVisible();
  const status = phone.getByRole("region", { name: "Status" });
  await expect(status.getByText("Not verified", { exact: true })).toBeVisible();
  await expect(phone.getByText("Upload your identity document first")).toBeVisible();

  // An HTML page dressed as a PDF is refused by its content.
  const identity = phone.getByRole("form", { name: "Upload Identity document" });
  await identity.getByLabel(/Choose a file/).setInputFiles({
    name: "identity.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("<!doctype html><title>Not a PDF</title><script>alert(1)</script>"),
  });
  await identity.getByRole("button", { name: "Upload" }).click();
  await expect(identity.getByRole("alert")).toHaveText(/This file is not a PDF, JPEG or PNG/);

  // The real document.
  await identity.getByLabel(/Choose a file/).setInputFiles({
    name: "Thandi ID.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Republic of South Africa - Identity document"),
  });
  await identity.getByRole("button", { name: "Upload" }).click();
  await expect(phone.getByText("Document uploaded").first()).toBeVisible();
  await expect(phone.getByRole("link", { name: "Download Identity document: Thandi ID.pdf" })).toBeVisible();
  await look(phone, "verification-ready", phone.getByRole("main"));

  await phone.getByRole("button", { name: "Send for verification" }).click();
  await expect(phone.getByText("Sent for verification").first()).toBeVisible();
  await expect(status.getByText("Waiting for review", { exact: true })).toBeVisible();
  await look(phone, "verification-pending", status);

  // The admin, on a desktop.
  const admin = await sessionPage(browser, "admin", { viewport: { width: 1280, height: 800 } });
  // The listing queue warns about the seller, not verified yet.
  await gotoReady(admin, "/admin?status=approved");
  await expect(admin.getByRole("listitem", { name: title }).getByText("Seller not verified")).toBeVisible();
  await admin
    .getByRole("navigation", { name: "Admin sections" })
    .getByRole("link", { name: /^Verification/ })
    .click();
  await expect(admin).toHaveURL(/\/admin\/verifications$/);
  const row = admin.getByRole("region", { name: /Waiting for review/ }).getByRole("listitem", { name });
  await expect(row).toBeVisible();
  await expect(row.getByText(seller.email)).toBeVisible();
  const link = row.getByRole("link", { name: "Download Identity document: Thandi ID.pdf" });
  const [download] = await Promise.all([admin.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe("Thandi_ID.pdf");
  const href = (await link.getAttribute("href"))!;
  const file = await admin.request.get(href);
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("application/pdf");
  expect(file.headers()["content-disposition"]).toBe('attachment; filename="Thandi_ID.pdf"');
  // Once: the server sets it on every answer (server.js), the route adds no second one.
  expect(file.headersArray().filter((h) => h.name.toLowerCase() === "x-content-type-options")).toEqual([
    { name: expect.stringMatching(/^x-content-type-options$/i), value: "nosniff" },
  ]);
  expect(file.headers()["cache-control"]).toBe("private, no-store");
  expect((await file.body()).subarray(0, 5).toString()).toBe("%PDF-");
  // Nobody else gets it: another seller and a visitor. Another seller's browser shows the 404 page, the
  // same as for a document that does not exist.
  const otherSeller = await clientFor("otherSeller");
  const refused = await otherSeller.get(href, { maxRedirects: 0 });
  expect(refused.status()).toBe(404);
  expect(refused.headers()["content-type"]).toBe("text/html; charset=utf-8");
  const unknown = await otherSeller.get("/verification-documents/00000000-0000-4000-8000-000000000000");
  expect(await refused.text()).toBe(await unknown.text());
  const otherPage = await sessionPage(browser, "otherSeller", { viewport: { width: 360, height: 800 } });
  const shown = await otherPage.goto(href);
  expect(shown?.status()).toBe(404);
  await expect(otherPage.getByRole("heading", { name: /File not found/ })).toBeVisible();
  await expect(otherPage.getByRole("link", { name: "Go to my account" })).toHaveAttribute("href", "/account");
  await look(otherPage, "document-not-found", otherPage.locator("main"));
  await expect(otherPage.locator("body")).not.toContainText("Thandi");
  await otherPage.context().close();
  const visitor = await clientFor("visitor");
  expect((await visitor.get(href, { maxRedirects: 0 })).headers()["location"]).toMatch(/^\/signin\?redirectTo=/);
  await Promise.all([otherSeller.dispose(), visitor.dispose()]);
  await look(admin, "admin-verification-queue", row, [1280, 360]);

  await row.getByRole("button", { name: `Verify ${name}` }).click();
  await expect(admin.getByText("Seller verified").first()).toBeVisible();
  const decided = admin.getByRole("region", { name: "Decided lately" }).getByRole("listitem", { name });
  await expect(decided.getByText("Verified seller", { exact: true })).toBeVisible();

  // The admin's listing queue marks the seller verified.
  await gotoReady(admin, "/admin?status=approved");
  await expect(
    admin.getByRole("listitem", { name: title }).getByText("Verified seller", { exact: true }),
  ).toBeVisible();
  await admin.context().close();

  // The seller: verified, told by e-mail.
  await gotoReady(phone, "/account/verification");
  await expect(status.getByText("Verified seller", { exact: true })).toBeVisible();
  await expect(phone.getByText("Replacing a document takes your badge away for a while")).toBeVisible();
  const mail = await readLatestEmail(seller.email, /You are a verified seller/);
  expect(mail.text).toContain("/account/verification");
  await gotoReady(phone, "/seller-dashboard");
  await expect(phone.getByRole("link", { name: /^(Verified seller|Seller verification)$/ })).toBeVisible();

  // The badge on the listing page and the seller's page.
  await gotoReady(phone, `/listing/${listingId}`);
  await expect(phone.locator("[data-verified-seller]").first()).toBeVisible();
  await phone.getByRole("link", { name }).first().click();
  await expect(phone).toHaveURL(/\/sellers\//);
  await expect(phone.locator("[data-verified-seller]").first()).toBeVisible();
  await Promise.all([phone.context().close(), api.dispose()]);
});

test("the admin rejects a seller's documents with a reason; the seller reads it and sends again with a new copy", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const name = `Pieter Botha ${stamp()}`;
  const seller = await createConfirmedAccount({ role: "seller", prefix: "kyc-reject", fullName: name });
  const api = await clientOf(seller.email, seller.password);
  const uploaded = await api.post("/account/verification", {
    headers: origin,
    multipart: {
      intent: "upload",
      kind: "identity",
      document: {
        name: "id-photo.jpg",
        mimeType: "image/jpeg",
        buffer: await jpeg({ r: 40, g: 40, b: 40 }, 1200, 800),
      },
    },
    maxRedirects: 0,
  });
  expect(uploaded.status()).toBe(302);
  expect(
    (
      await api.post("/account/verification", { headers: origin, form: { intent: "submit" }, maxRedirects: 0 })
    ).status(),
  ).toBe(302);

  const admin = await sessionPage(browser, "admin", { viewport: { width: 1280, height: 800 } });
  await gotoReady(admin, "/admin/verifications");
  const row = admin.getByRole("listitem", { name });
  await row.getByText("Reject", { exact: true }).click();
  const form = row.getByRole("form", { name: `Reject ${name}` });
  await form.getByRole("button", { name: "Reject verification" }).click();
  await expect(form.getByText("Please tell the seller why their documents were not accepted.")).toBeVisible();
  const reason = "The photo of your ID is too dark to read. Please upload a clear scan.";
  await form.getByLabel("Reason for the seller (required)").fill(reason);
  await form.getByRole("button", { name: "Reject verification" }).click();
  await expect(admin.getByText("Verification rejected").first()).toBeVisible();
  const decided = admin.getByRole("region", { name: "Decided lately" }).getByRole("listitem", { name });
  await expect(decided.getByText("Not accepted", { exact: true })).toBeVisible();
  await expect(decided.getByText(`Reason: ${reason}`)).toBeVisible();
  await admin.context().close();

  const phone = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  await signInByRequest(phone, seller.email, seller.password);
  await gotoReady(phone, "/account/verification");
  const status = phone.getByRole("region", { name: "Status" });
  await expect(status.getByText("Not accepted", { exact: true })).toBeVisible();
  await expect(status.getByText(reason)).toBeVisible();
  // The document our team saw is marked as sent before the decision, not as ready to send (and not as
  // rejected: the reason may concern another one).
  const card = phone.getByRole("listitem", { name: "Identity document" });
  await expect(card.getByText("Sent before the decision", { exact: true })).toBeVisible();
  await expect(
    card.getByText(
      /^Sent before our team's decision of \d{1,2} \w+ \d{4}\. If the reason concerns this document, upload a new copy\.$/,
    ),
  ).toBeVisible();
  await expect(card.getByText("Uploaded", { exact: true })).toHaveCount(0);
  await expect(phone.getByRole("button", { name: "Send for verification" })).toHaveCount(0);
  await expect(phone.getByText(/^Upload a new copy of the documents our team did not accept/)).toBeVisible();
  await look(phone, "verification-rejected", phone.getByRole("main"));
  const mail = await readLatestEmail(seller.email, /were not accepted/);
  expect(mail.text).toContain(`Reason: ${reason}`);

  // A new copy: ready to send again.
  await card.getByLabel(/A new copy/).setInputFiles({
    name: "id-scan.pdf",
    mimeType: "application/pdf",
    buffer: await onePagePdf("Republic of South Africa - Identity document, scanned"),
  });
  await card.getByRole("button", { name: "Upload a new copy" }).click();
  await expect(phone.getByText("Document replaced").first()).toBeVisible();
  await expect(card.getByText("Uploaded", { exact: true })).toBeVisible();
  await expect(card.getByText("Sent before the decision", { exact: true })).toHaveCount(0);
  await phone.getByRole("button", { name: "Send for verification" }).click();
  await expect(phone.getByText("Sent for verification").first()).toBeVisible();
  await expect(status.getByText("Waiting for review", { exact: true })).toBeVisible();
  await Promise.all([phone.context().close(), api.dispose()]);

  // The admin sees it is a second look: the earlier reason, the new copy marked, and the earlier decision
  // still under "Decided lately" with where the seller stands now. The opened Reject form does not
  // stretch the details beside it.
  const again = await sessionPage(browser, "admin", { viewport: { width: 1280, height: 800 } });
  await gotoReady(again, "/admin/verifications");
  const waiting = again.getByRole("region", { name: /Waiting for review/ }).getByRole("listitem", { name });
  await expect(waiting.getByText("Sent again after a rejection", { exact: true })).toBeVisible();
  const before = waiting.getByRole("region", { name: "Before this review" });
  await expect(before).toContainText(`not accepted by`);
  await expect(before).toContainText(`Reason: ${reason}`);
  await expect(waiting.getByText("New since the last decision")).toBeVisible();
  const email = waiting.getByText(seller.email, { exact: true });
  const emailHeight = (await email.boundingBox())!.height;
  await waiting.getByText("Reject", { exact: true }).click();
  await expect(waiting.getByLabel("Reason for the seller (required)")).toBeVisible();
  expect((await email.boundingBox())!.height).toBe(emailHeight);
  await look(again, "verification-sent-again", waiting);
  const earlier = again.getByRole("region", { name: "Decided lately" }).getByRole("listitem", { name });
  await expect(earlier.getByText(`Reason: ${reason}`)).toBeVisible();
  await expect(earlier.getByText("Now: waiting for review again (above).")).toBeVisible();
  await expect(earlier.getByText(/^Replaced since this decision: identity document/)).toBeVisible();
  await expect(earlier.getByRole("link", { name: /id-scan\.pdf/ })).toHaveCount(0);
  await again.context().close();
});
