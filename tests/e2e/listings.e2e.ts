import { expect, test, type Page } from "@playwright/test";
import { readLatestEmail } from "./support/mailbox.ts";
import { jpeg } from "./support/images.ts";
import { BASE_URL } from "../../playwright.config.ts";
import { createPendingListing } from "./support/listings.ts";
import { clientFor, gotoReady, sessionPage } from "./support/personas.ts";

async function fillListing(page: Page, title: string) {
  await page.getByLabel("Title *").fill(title);
  await page.getByLabel("Description *").fill("Well maintained, 4 200 hours, full service history.");
  await page.getByLabel("Category *").selectOption("excavators");
  await page.getByLabel("Condition *").selectOption("used");
  await page.getByLabel("Price (R) *").fill("985000");
  await page.getByLabel("Location", { exact: true }).fill("Rustenburg, North West");
  await page.getByLabel("Bargain").check();
  await page.getByLabel(/Photos \*/).setInputFiles([
    { name: "front.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 220, g: 140, b: 20 }) },
    { name: "side.jpg", mimeType: "image/jpeg", buffer: await jpeg({ r: 40, g: 90, b: 200 }) },
  ]);
  await expect(page.getByRole("list", { name: "Selected photos" }).getByRole("listitem")).toHaveCount(2);
}

test("seller lists a machine, signs the mandate, admin approves, it goes public", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Volvo EC220 Excavator ${Date.now().toString(36)}`;
  const seller = await sessionPage(browser, "otherSeller");
  await gotoReady(seller, "/seller-dashboard");
  await expect(seller).toHaveURL(/\/seller-dashboard$/);

  // Record every progress value the bar shows.
  await seller.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { progressSeen: number[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[role="progressbar"]');
      if (bar) seen.push(Number(bar.getAttribute("aria-valuenow")));
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await seller.getByRole("link", { name: "Create Listing" }).click();
  await expect(seller.getByRole("dialog", { name: "Create Listing" })).toBeVisible();
  await fillListing(seller, title);
  await seller.getByRole("button", { name: "Upload Machinery" }).click();

  await expect(seller).toHaveURL(/\/seller\/mandate\//);
  const mandateUrl = seller.url();
  const seen = await seller.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen.length).toBeGreaterThan(0);
  expect(Math.max(...seen)).toBe(100);

  const dialog = seller.getByRole("dialog", { name: "Exclusive Sales Mandate" });
  await expect(dialog.getByLabel("Agreement text")).toContainText("90 days");
  await expect(dialog.getByLabel("Agreement text")).toContainText("5 percent");
  await expect(dialog.getByLabel("Agreement text")).toContainText("IP address: 127.0.0.1");
  await expect(dialog.getByRole("button", { name: "Sign Mandate" })).toBeDisabled();
  await dialog.getByLabel("I have read the mandate and sign it electronically.").check();
  await dialog.getByRole("button", { name: "Sign Mandate" }).click();

  await expect(seller).toHaveURL(/\/seller-dashboard$/);
  await expect(seller.getByText("Listing submitted for approval!")).toBeVisible();
  // Opened again, the mandate says it is signed and asks for nothing more; its time is South African.
  await gotoReady(seller, mandateUrl);
  await expect(dialog.getByText("You have signed this mandate.")).toBeVisible();
  await expect(dialog.getByText("Please read the terms, then sign.")).toHaveCount(0);
  await expect(dialog.getByText("This mandate is signed. Your listing waits for our team's review.")).toBeVisible();
  const sast = new Intl.DateTimeFormat("en-ZA", {
    timeZone: "Africa/Johannesburg",
    hour: "2-digit",
    minute: "2-digit",
  });
  const shown = /Time: (\d\d:\d\d)/.exec(await dialog.getByLabel("Agreement text").innerText())?.[1];
  const now = Date.now();
  expect([now - 120_000, now - 60_000, now].map((t) => sast.format(t))).toContain(shown);
  await gotoReady(seller, "/seller-dashboard");
  const row = seller.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Pending")).toBeVisible();
  await expect(seller.getByText(`${title}`).last()).toBeVisible();

  // Not public yet.
  const visitor = await browser.newPage();
  await gotoReady(visitor, "/equipment");
  await expect(visitor.getByRole("heading", { name: title })).toHaveCount(0);

  // The admin approves it.
  const admin = await sessionPage(browser, "admin");
  await gotoReady(admin, "/admin?status=pending");
  const card = admin.getByRole("listitem", { name: title });
  await expect(card.getByText("seller2@demo.machinery.co.za")).toBeVisible();
  await card.getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByText("Listing approved successfully.").first()).toBeVisible();
  await expect(admin.getByRole("listitem", { name: title })).toHaveCount(0);
  // The audit log records who approved it, and what changed, in words.
  await gotoReady(admin, "/admin/audit");
  const approval = admin
    .getByRole("row")
    .filter({ hasText: "listing.approve" })
    .filter({ hasText: "admin@demo.machinery.co.za" })
    .first();
  await expect(approval).toBeVisible();
  await expect(approval.getByRole("listitem").filter({ hasText: /^admin status:/ })).toHaveText(
    /^admin status: pending\s*→?\s*changed to\s+approved$/,
  );

  // The seller is told by e-mail, and the listing is now active and public.
  const mail = await readLatestEmail("seller2@demo.machinery.co.za", new RegExp(`approved: ${title}`));
  expect(mail.text).toContain(`"${title}" was approved`);
  await seller.reload();
  await expect(seller.getByRole("row").filter({ hasText: title }).getByText("Active")).toBeVisible();
  await gotoReady(seller, "/notifications");
  const note = seller.getByRole("listitem").filter({ hasText: `Listing approved: ${title}` });
  await expect(note).toBeVisible();
  await note.getByRole("button", { name: "Mark read" }).click();
  await expect(note.getByRole("button", { name: "Mark read" })).toHaveCount(0);
  await gotoReady(visitor, "/equipment");
  await expect(visitor.getByRole("heading", { name: title })).toBeVisible();
});

test("the PDF mandate: request it by e-mail, upload it signed", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Bell B25E Dump Truck ${Date.now().toString(36)}`;
  const seller = await sessionPage(browser, "otherSeller");
  await gotoReady(seller, "/seller/create");
  await expect(seller.getByRole("heading", { name: "Create a New Listing" })).toBeVisible();
  await fillListing(seller, title);
  await seller.getByRole("button", { name: "Upload Machinery" }).click();
  await expect(seller).toHaveURL(/\/seller\/mandate\//);

  await seller.getByRole("button", { name: "Request PDF to Sign" }).click();
  await expect(seller.getByText("PDF Mandate Sent").first()).toBeVisible();

  // The seller's e-mail carries a real PDF; the admin's copy says who signed and how.
  const adminCopy = await readLatestEmail("admin@machinery.local", new RegExp(`Copy: Mandate to sign: ${title}`));
  expect(adminCopy.text).toContain("Signed by: ");
  expect(adminCopy.text).toContain("Signature Method: uploaded_pdf");
  const mail = await readLatestEmail("seller2@demo.machinery.co.za", new RegExp(`^Mandate to sign: ${title}`));
  // It links to the page where the signed PDF goes.
  expect(mail.text).toContain(
    `Upload the signed mandate: ${new URL(seller.url()).origin}${new URL(seller.url()).pathname}`,
  );
  const admin = await sessionPage(browser, "admin");
  const pdf = await admin.request.get(`/admin/mailbox/${mail.id}/attachments/0`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headersArray().filter((h) => h.name.toLowerCase() === "x-content-type-options")).toHaveLength(1);
  const bytes = await pdf.body();
  expect(bytes.subarray(0, 5).toString()).toBe("%PDF-");

  // A non-PDF is refused on the server, whatever its name says.
  const upload = seller.getByLabel("Signed mandate (PDF, under 10MB)");
  await upload.setInputFiles({
    name: "signed.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("not really a pdf"),
  });
  const errorToasts = seller.locator('[data-sonner-toast][data-type="error"]');
  // Watched from before the click: the toast lasts 4 s, which a loaded machine can spend between two checks.
  const errorToastShown = errorToasts.first().waitFor({ state: "attached", timeout: 30_000 });
  await seller.getByRole("button", { name: "Submit Signed PDF" }).click();
  await expect(seller.getByText("Please upload a PDF file.").first()).toBeVisible();
  await errorToastShown;

  await upload.setInputFiles({ name: "signed.pdf", mimeType: "application/pdf", buffer: bytes });
  await seller.getByRole("button", { name: "Submit Signed PDF" }).click();
  await expect(seller).toHaveURL(/\/seller-dashboard$/);
  await expect(seller.getByText("Mandate Agreement Submitted").first()).toBeVisible();
  const confirmation = await readLatestEmail(
    "seller2@demo.machinery.co.za",
    new RegExp(`^Mandate agreement signed: ${title}`),
  );
  expect(confirmation.text).toContain("has been recorded (signed PDF received).");
  // The earlier error does not linger next to the success.
  await expect(errorToasts).toHaveCount(0);
  const agreement = seller.getByRole("listitem").filter({ hasText: title });
  await expect(agreement.getByRole("link", { name: "Download PDF" })).toBeVisible();
  const href = await agreement.getByRole("link", { name: "Download PDF" }).getAttribute("href");

  // Private: the seller and admins can read it; a buyer cannot.
  expect((await seller.request.get(href!)).status()).toBe(200);
  expect((await admin.request.get(href!)).status()).toBe(200);
  const buyer = await sessionPage(browser, "buyer");
  expect((await buyer.request.get(href!)).status()).toBe(404);
});

test("the seller sees which listing still needs its mandate and previews any own listing; nobody else can", async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const title = `Hitachi ZX200 Preview ${Date.now().toString(36)}`;
  const { seller: sellerApi, listingId } = await createPendingListing({
    title,
    description: "Waiting for the mandate.",
  });
  const seller = await sessionPage(browser, "seller");
  await gotoReady(seller, "/seller-dashboard");
  const row = seller.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Pending")).toBeVisible();
  await row.getByRole("link", { name: "Mandate not signed" }).click();
  await expect(seller).toHaveURL(new RegExp(`/seller/mandate/${listingId}$`));

  // View details: the seller's own preview, marked as not public, without buying.
  await gotoReady(seller, "/seller-dashboard");
  await row.getByRole("link", { name: `View ${title}` }).click();
  await expect(seller).toHaveURL(new RegExp(`/listing/${listingId}$`));
  await expect(seller.getByRole("heading", { level: 1 })).toHaveText(title);
  await expect(seller.getByRole("status").filter({ hasText: "Preview — Pending." })).toBeVisible();
  await expect(seller.getByRole("button", { name: "Make Purchase Request" })).toHaveCount(0);

  // The admin may preview it too; another seller, a buyer and a visitor get "Listing Not Found".
  const admin = await clientFor("admin");
  const adminView = await admin.get(`/listing/${listingId}`);
  expect(adminView.status()).toBe(200);
  expect(await adminView.text()).toContain("Preview — <!-- -->Pending");
  for (const persona of ["otherSeller", "buyer", "visitor"] as const) {
    const res = await (await clientFor(persona)).get(`/listing/${listingId}`);
    expect(res.status(), persona).toBe(404);
  }
  // A buyer cannot send a purchase request for it either.
  const buyer = await clientFor("buyer");
  const refused = await buyer.post(`/listing/${listingId}`, { headers: { Origin: BASE_URL } });
  expect(refused.status()).toBeGreaterThanOrEqual(400);

  // Once signed, the dashboard no longer asks for the mandate.
  const signed = await sellerApi.post(`/seller/mandate/${listingId}`, {
    headers: { Origin: BASE_URL },
    form: { intent: "sign", accept: "on" },
    maxRedirects: 0,
  });
  expect(signed.status()).toBe(302);
  await gotoReady(seller, "/seller-dashboard");
  await expect(row.getByText("Pending")).toBeVisible();
  await expect(row.getByRole("link", { name: "Mandate not signed" })).toHaveCount(0);
});

test("the admin rejects in two steps with a reason, and the seller reads it", async ({ browser }) => {
  test.setTimeout(180_000);
  const title = `Terex TA300 Reject ${Date.now().toString(36)}`;
  await createPendingListing({ title, description: "Articulated dump truck." });
  const admin = await sessionPage(browser, "admin");
  await gotoReady(admin, "/admin?status=pending");
  const card = admin.getByRole("listitem", { name: title });
  // One click does not reject: it opens the step with the reason.
  await card.getByText("Reject", { exact: true }).click();
  const step = card.getByRole("form", { name: `Reject ${title}` });
  await expect(step).toBeVisible();
  await expect(admin.getByRole("listitem", { name: title })).toBeVisible();
  const reason = "The photos show a different truck. Please add photos of this one.";
  await step.getByLabel("Reason for the seller (optional)").fill(reason);
  await step.getByRole("button", { name: "Reject Listing" }).click();
  await expect(admin.getByText("Listing rejected successfully.").first()).toBeVisible();
  await expect(admin.getByRole("listitem", { name: title })).toHaveCount(0);

  const mail = await readLatestEmail("seller1@demo.machinery.co.za", new RegExp(`rejected: ${title}`));
  expect(mail.text).toContain(`Reason: ${reason}`);
  const seller = await sessionPage(browser, "seller");
  await gotoReady(seller, "/notifications");
  await expect(seller.getByRole("listitem").filter({ hasText: `Listing rejected: ${title}` })).toContainText(
    `Reason: ${reason}`,
  );
  await gotoReady(seller, "/seller-dashboard");
  await expect(seller.getByRole("row").filter({ hasText: title }).getByText("Rejected")).toBeVisible();
});
