/**
 * Renewing a listing's exclusive sales mandate for a further term (docs/product.md#mandate), by the same
 * two ways as the first one: tick the checkbox, or ask for the PDF by e-mail and upload it signed. The
 * renewal is its own mandate_agreements row (renewal, term_starts, term_ends); the listing's expires_on
 * moves to the new term's end, `expired` is cleared and the reminder mark reset, in one transaction with
 * its audit row, the admins' notification and the confirmation e-mail. Which listings may renew, and
 * from when: `nextRenewal` in listing-state.ts. Only the listing's seller (ownership in the query).
 */
import { queueListingMatch } from "#app/domain/alert/match-saved-searches.server.ts";
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { listings, mandateAgreements, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { formatLongDate } from "#app/lib/format.ts";
import { logger } from "#app/lib/logger.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import { isPdf, renderMandatePdf } from "#app/domain/mandate/mandate-pdf.server.ts";
import { mandateSignedSql } from "#app/domain/mandate/mandate-signed.server.ts";
import { MAX_PDF_BYTES, mandateTermsText } from "#app/domain/mandate/mandate-terms.ts";
import { pdfPageCount } from "#app/domain/mandate/pdf-pages.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { listingBadge, nextRenewal, RENEW_FROM_DAYS, type Renewal } from "./listing-state.ts";
import { renewalPath } from "./remind-expiring-listings.server.ts";

const FAILED = "Listing not renewed";

/** What the seller is told when the state map refuses the renewal (a 409). */
export function renewalRefusalMessage(renewal: Renewal) {
  if (renewal.ok) return null;
  switch (renewal.refusal) {
    case "sold":
      return "A sold listing cannot be renewed.";
    case "rejected":
      return "A rejected listing cannot be renewed: list the machine again.";
    case "withdrawn":
      return "A withdrawn listing cannot be renewed: relist it first.";
    case "unsigned":
      return "Sign the listing's first mandate before renewing it.";
    case "too-early":
      return `It is too early to renew: a listing can be renewed from ${RENEW_FROM_DAYS} days before it expires, for this one from ${formatLongDate(renewal.renewableFrom!)}.`;
  }
}

type Who = { viewer: Pick<Viewer, "userId" | "email" | "fullName" | "name">; ip: string };

/** The seller's own listing with what renewing it would do now (ownership in the query: anyone else gets 404). */
async function readOwnListing(options: { db: DbOrTx; viewer: Who["viewer"]; listingId: string; lock?: boolean }) {
  const { db, viewer, listingId } = options;
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", FAILED, "Listing not found.");
  const query = db
    .select({
      id: listings.id,
      title: listings.title,
      status: listings.status,
      adminStatus: listings.adminStatus,
      archived: listings.archived,
      expired: listings.expired,
      expiresOn: listings.expiresOn,
      expiryRemindedAt: listings.expiryRemindedAt,
      mandateSigned: mandateSignedSql,
      sellerName: sellers.fullName,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)));
  const [listing] = options.lock ? await query.for("update", { of: listings }) : await query;
  if (!listing) throw new AppError("NOT_FOUND", FAILED, "Listing not found.");
  return listing;
}

type OwnListing = Awaited<ReturnType<typeof readOwnListing>>;

function termsFor(listing: OwnListing, who: Who, renewal: Extract<Renewal, { ok: true }>, signedAt: Date) {
  const sellerName = listing.sellerName ?? who.viewer.fullName ?? who.viewer.name;
  return {
    sellerName,
    text: mandateTermsText({
      listingTitle: listing.title,
      listingId: listing.id,
      sellerName,
      sellerEmail: who.viewer.email,
      signedAt,
      ipAddress: who.ip,
      renewal: { termStarts: renewal.termStarts, termEnds: renewal.termEnds },
    }),
  };
}

/** The latest renewal PDF this listing's seller asked for and has not yet uploaded signed. */
async function pendingRenewalPdf(db: DbOrTx, listingId: string) {
  const [latest] = await db
    .select({ id: mandateAgreements.id, status: mandateAgreements.status, renewal: mandateAgreements.renewal })
    .from(mandateAgreements)
    .where(eq(mandateAgreements.listingId, listingId))
    .orderBy(desc(mandateAgreements.createdAt))
    .limit(1);
  return latest?.renewal && latest.status === "pdf_requested" ? latest : null;
}

/** What the renewal page shows: the listing, whether and from when to when it renews, the renewal's terms. */
export async function getRenewal(options: Who & { db: DbOrTx; listingId: string; now?: Date }) {
  const { db, now = new Date() } = options;
  const listing = await readOwnListing(options);
  const renewal = nextRenewal(listing, now);
  return {
    listing: {
      id: listing.id,
      title: listing.title,
      expiresOn: listing.expiresOn,
      badge: listingBadge(listing),
    },
    email: options.viewer.email,
    renewal,
    refusal: renewalRefusalMessage(renewal),
    terms: renewal.ok ? termsFor(listing, options, renewal, now).text : null,
    pdfRequested: Boolean(await pendingRenewalPdf(db, listing.id)),
  };
}

/** The listing as locked for the change, or the state map's refusal as a 409. */
async function renewable(tx: DbOrTx, options: Who & { listingId: string }, now: Date) {
  const listing = await readOwnListing({ ...options, db: tx, lock: true });
  const renewal = nextRenewal(listing, now);
  if (!renewal.ok) throw new AppError("CONFLICT", FAILED, renewalRefusalMessage(renewal)!);
  return { listing, renewal };
}

export type RenewListingOptions = Who & {
  runtime: Runtime;
  listingId: string;
  signature: { method: "checkbox"; accepted: boolean } | { method: "uploaded_pdf"; file: { bytes: Buffer } | undefined };
  now?: Date;
};

/** Signs the renewal (ticked, or the signed PDF uploaded) and moves the listing's term on. */
export async function renewListing(options: RenewListingOptions) {
  const { runtime, signature, now = new Date() } = options;
  // Refused before reading anything more: not the seller's (404), or a renewal the state map refuses (409).
  const first = await readOwnListing({ ...options, db: runtime.db });
  const check = nextRenewal(first, now);
  if (!check.ok) throw new AppError("CONFLICT", FAILED, renewalRefusalMessage(check)!);

  let key: string | undefined;
  if (signature.method === "checkbox") {
    if (!signature.accepted) throw new AppError("BAD_REQUEST", "Error", "Please tick the box to sign the renewal electronically.");
  } else {
    const { file } = signature;
    const notPdf = () => new AppError("BAD_REQUEST", "Invalid file", "Please upload a PDF file.");
    if (!file || !isPdf(file.bytes)) throw notPdf();
    if (file.bytes.length >= MAX_PDF_BYTES) throw new AppError("BAD_REQUEST", "File too large", "PDF file must be smaller than 10MB.");
    if (!((await pdfPageCount(file.bytes)) ?? 0)) throw notPdf();
    key = `private/mandates/${first.id}/${randomBytes(8).toString("hex")}.pdf`;
    await runtime.storage.put(key, file.bytes, "application/pdf");
  }

  let send: (() => Promise<void>) | undefined;
  let result: { title: string; expiresOn: Date } | undefined;
  try {
    await runtime.db.transaction(async (tx) => {
      // Again under the row lock: two renewals at once make one term, the second is refused (too early).
      const { listing, renewal } = await renewable(tx, options, now);
      const { sellerName, text } = termsFor(listing, options, renewal, now);
      const term = { renewal: true, termStarts: renewal.termStarts, termEnds: renewal.termEnds };
      const pending = signature.method === "uploaded_pdf" ? await pendingRenewalPdf(tx, listing.id) : null;
      const signed = {
        signatureMethod: signature.method,
        status: "signed" as const,
        signedAt: now,
        ipAddress: options.ip,
        signedPdfKey: key ?? null,
        ...term,
      };
      if (pending) {
        await tx.update(mandateAgreements).set(signed).where(eq(mandateAgreements.id, pending.id));
      } else {
        await tx.insert(mandateAgreements).values({
          ...signed,
          listingId: listing.id,
          userId: options.viewer.userId,
          listingTitle: listing.title,
          termsText: text,
          userEmail: options.viewer.email,
        });
      }
      const change = { expiresOn: renewal.termEnds, expired: false, expiryRemindedAt: null };
      await tx
        .update(listings)
        .set({ ...change, updatedAt: now })
        .where(eq(listings.id, listing.id));
      // An expired listing renewed is public again: saved searches it matches are told.
      if (listing.expired || listing.expiresOn <= now) await queueListingMatch({ db: tx, listingId: listing.id });
      await recordAudit({
        db: tx,
        actorUserId: options.viewer.userId,
        action: "listing.renew",
        entity: "listing",
        entityId: listing.id,
        before: { expiresOn: listing.expiresOn, expired: listing.expired, expiryRemindedAt: listing.expiryRemindedAt },
        after: { ...change, termStarts: renewal.termStarts, signatureMethod: signature.method },
      });
      const until = formatLongDate(renewal.termEnds);
      await notifyAdmins({
        db: tx,
        type: "agreement_signed",
        title: `Mandate renewed: ${listing.title}`,
        message: `${sellerName} (${options.viewer.email}) renewed the mandate (${signature.method === "checkbox" ? "by checkbox" : "signed PDF uploaded"}) from ${options.ip}, until ${until}.`,
      });
      send = await runtime.queueEmail(
        composeEmail("send-agreement-confirmation", options.viewer.email, {
          listingTitle: listing.title,
          signatureMethod: signature.method,
          renewedUntil: until,
        }),
        tx,
      );
      result = { title: listing.title, expiresOn: renewal.termEnds };
    });
  } catch (error) {
    if (key) await runtime.storage.delete(key);
    throw error;
  }
  // The confirmation e-mail's failure is only logged, as for the first mandate.
  await send?.().catch((error: unknown) => logger.error({ err: error }, "renewal confirmation e-mail failed"));
  return result!;
}

/** E-mails the renewal's mandate as a PDF to sign (a copy to the admin address), recording the request once. */
export async function requestRenewalPdf(options: Who & { runtime: Runtime; listingId: string; now?: Date }) {
  const { runtime, now = new Date() } = options;
  const listing = await readOwnListing({ ...options, db: runtime.db });
  const renewal = nextRenewal(listing, now);
  if (!renewal.ok) throw new AppError("CONFLICT", FAILED, renewalRefusalMessage(renewal)!);
  const { sellerName, text } = termsFor(listing, options, renewal, now);
  const email = options.viewer.email;
  const pdfInput = { termsText: text, listingTitle: listing.title, sellerName, sellerEmail: email };
  const copy = { signedBy: `${sellerName} <${email}>`, signatureMethod: "uploaded_pdf" };
  const pdf = await renderMandatePdf(pdfInput);
  const adminCopy = await renderMandatePdf({ ...pdfInput, copy });
  const sends: (() => Promise<void>)[] = [];
  await runtime.db.transaction(async (tx) => {
    if (!(await pendingRenewalPdf(tx, listing.id))) {
      await tx.insert(mandateAgreements).values({
        listingId: listing.id,
        userId: options.viewer.userId,
        listingTitle: listing.title,
        termsText: text,
        signatureMethod: "uploaded_pdf",
        status: "pdf_requested",
        ipAddress: options.ip,
        userEmail: email,
        renewal: true,
        termStarts: renewal.termStarts,
        termEnds: renewal.termEnds,
      });
    }
    const url = `${runtime.env.PUBLIC_URL}${renewalPath(listing.id)}`;
    sends.push(await runtime.queueEmail(composeEmail("send-agreement-pdf", email, { listingTitle: listing.title, pdf, url }), tx));
    sends.push(
      await runtime.queueEmail(
        composeEmail("send-agreement-pdf", runtime.env.ADMIN_EMAIL, { listingTitle: listing.title, pdf: adminCopy, copy }),
        tx,
      ),
    );
  });
  for (const send of sends) await send();
  return { email };
}
