/**
 * The exclusive sales mandate for one listing (docs/product.md#mandate): sign by
 * checkbox, or request a PDF by e-mail and upload it signed. Only the
 * listing's seller may sign; the IP comes from the request on the server.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { listings, mandateAgreements, sellers } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { isPdf, renderMandatePdf } from "./mandate-pdf.server.ts";
import { MAX_PDF_BYTES, mandateTermsText } from "./mandate-terms.ts";
import { pdfPageCount } from "./pdf-pages.server.ts";
import { isUuid } from "#app/lib/uuid.ts";

/** The seller's own listing (ownership is in the query), with its agreements. */
export async function getMandateContext(options: { runtime: Runtime; viewer: Viewer; listingId: string; ip: string }) {
  const { runtime, viewer, listingId } = options;
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", "Not found", "Listing not found.");
  const [listing] = await runtime.db
    .select({ id: listings.id, title: listings.title, sellerName: sellers.fullName })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)))
    .limit(1);
  if (!listing) throw new AppError("NOT_FOUND", "Not found", "Listing not found.");
  const agreements = await runtime.db
    .select()
    .from(mandateAgreements)
    .where(eq(mandateAgreements.listingId, listingId))
    .orderBy(desc(mandateAgreements.createdAt));
  const signedAt = new Date();
  const sellerName = listing.sellerName ?? viewer.fullName ?? viewer.name;
  return {
    listing,
    email: viewer.email,
    sellerName,
    signedAt,
    ip: options.ip,
    terms: mandateTermsText({
      listingTitle: listing.title,
      listingId: listing.id,
      sellerName,
      sellerEmail: viewer.email,
      signedAt,
      ipAddress: options.ip,
    }),
    signed: agreements.find((a) => a.status === "signed") ?? null,
    // A renewal's PDF request belongs to the renewal page, not to the first mandate.
    pdfRequested: agreements.find((a) => a.status === "pdf_requested" && !a.renewal) ?? null,
  };
}

type Ctx = Awaited<ReturnType<typeof getMandateContext>>;

function assertCanProceed(ctx: Ctx) {
  const problems = [!ctx.email && "User email is required", !ctx.listing.title && "Listing title is required"].filter(Boolean);
  if (problems.length) throw new AppError("BAD_REQUEST", "Cannot Proceed", problems.join(". "));
  if (ctx.signed) throw new AppError("CONFLICT", "Already signed", "The mandate for this listing is already signed.");
}

export async function signMandateByCheckbox(options: { runtime: Runtime; ctx: Ctx; accepted: boolean; userId: string }) {
  const { runtime, ctx } = options;
  assertCanProceed(ctx);
  if (!options.accepted) {
    throw new AppError("BAD_REQUEST", "Error", "Please tick the box to sign the mandate electronically.");
  }
  let send: (() => Promise<void>) | undefined;
  await runtime.db.transaction(async (tx) => {
    await tx.insert(mandateAgreements).values({
      listingId: ctx.listing.id,
      userId: options.userId,
      listingTitle: ctx.listing.title,
      termsText: ctx.terms,
      signatureMethod: "checkbox",
      status: "signed",
      ipAddress: ctx.ip,
      userEmail: ctx.email,
      signedAt: ctx.signedAt,
    });
    await notifyAdmins({ db: tx,
      type: "agreement_signed",
      title: `Mandate signed: ${ctx.listing.title}`,
      message: `${ctx.sellerName} (${ctx.email}) signed the mandate by checkbox from ${ctx.ip}. The listing waits for review.`,
    });
    send = await runtime.queueEmail(
      composeEmail("send-agreement-confirmation", ctx.email, { listingTitle: ctx.listing.title, signatureMethod: "checkbox" }),
      tx,
    );
  });
  // The confirmation e-mail's failure is only logged (docs/product.md#messages).
  await send?.().catch((error: unknown) => logger.error({ err: error }, "agreement confirmation e-mail failed"));
}

export async function requestMandatePdf(options: { runtime: Runtime; ctx: Ctx; userId: string }) {
  const { runtime, ctx } = options;
  assertCanProceed(ctx);
  const pdf = await renderMandatePdf({
    termsText: ctx.terms,
    listingTitle: ctx.listing.title,
    sellerName: ctx.sellerName,
    sellerEmail: ctx.email,
  });
  const adminCopy = await renderMandatePdf({
    termsText: ctx.terms,
    listingTitle: ctx.listing.title,
    sellerName: ctx.sellerName,
    sellerEmail: ctx.email,
    copy: { signedBy: `${ctx.sellerName} <${ctx.email}>`, signatureMethod: "uploaded_pdf" },
  });
  const sends: (() => Promise<void>)[] = [];
  await runtime.db.transaction(async (tx) => {
    if (!ctx.pdfRequested) {
      await tx.insert(mandateAgreements).values({
        listingId: ctx.listing.id,
        userId: options.userId,
        listingTitle: ctx.listing.title,
        termsText: ctx.terms,
        signatureMethod: "uploaded_pdf",
        status: "pdf_requested",
        ipAddress: ctx.ip,
        userEmail: ctx.email,
      });
    }
    sends.push(await runtime.queueEmail(composeEmail("send-agreement-pdf", ctx.email, {
          listingTitle: ctx.listing.title,
          pdf,
          url: `${runtime.env.PUBLIC_URL}/seller/mandate/${ctx.listing.id}`,
        }), tx));
    sends.push(
      await runtime.queueEmail(
        composeEmail("send-agreement-pdf", runtime.env.ADMIN_EMAIL, {
          listingTitle: ctx.listing.title,
          pdf: adminCopy,
          copy: { signedBy: `${ctx.sellerName} <${ctx.email}>`, signatureMethod: "uploaded_pdf" },
        }),
        tx,
      ),
    );
  });
  for (const send of sends) await send();
}

export async function submitSignedMandate(options: {
  runtime: Runtime;
  ctx: Ctx;
  userId: string;
  file: { name: string; type: string; bytes: Buffer } | undefined;
}) {
  const { runtime, ctx, file } = options;
  assertCanProceed(ctx);
  const notPdf = () => new AppError("BAD_REQUEST", "Invalid file", "Please upload a PDF file.");
  if (!file || !isPdf(file.bytes)) throw notPdf();
  if (file.bytes.length >= MAX_PDF_BYTES) {
    throw new AppError("BAD_REQUEST", "File too large", "PDF file must be smaller than 10MB.");
  }
  // Only then read it (bounded, off the main thread): "%PDF-" followed by anything else, or a PDF without a page, is refused.
  if (!((await pdfPageCount(file.bytes)) ?? 0)) throw notPdf();
  const key = `private/mandates/${ctx.listing.id}/${randomBytes(8).toString("hex")}.pdf`;
  await runtime.storage.put(key, file.bytes, "application/pdf");
  let send: (() => Promise<void>) | undefined;
  try {
    await runtime.db.transaction(async (tx) => {
      const values = {
        signatureMethod: "uploaded_pdf" as const,
        status: "signed" as const,
        signedPdfKey: key,
        signedAt: new Date(),
        ipAddress: ctx.ip,
      };
      if (ctx.pdfRequested) {
        await tx.update(mandateAgreements).set(values).where(eq(mandateAgreements.id, ctx.pdfRequested.id));
      } else {
        await tx.insert(mandateAgreements).values({
          ...values,
          listingId: ctx.listing.id,
          userId: options.userId,
          listingTitle: ctx.listing.title,
          termsText: ctx.terms,
          userEmail: ctx.email,
        });
      }
      await notifyAdmins({ db: tx,
        type: "agreement_signed",
        title: `Signed mandate uploaded: ${ctx.listing.title}`,
        message: `${ctx.sellerName} (${ctx.email}) uploaded the signed mandate PDF. The listing waits for review.`,
      });
      send = await runtime.queueEmail(
        composeEmail("send-agreement-confirmation", ctx.email, { listingTitle: ctx.listing.title, signatureMethod: "uploaded_pdf" }),
        tx,
      );
    });
  } catch (error) {
    await runtime.storage.delete(key);
    throw error;
  }
  await send?.().catch((error: unknown) => logger.error({ err: error }, "agreement confirmation e-mail failed"));
}

/** A signed mandate PDF: only its seller and admins may read it. */
export async function getSignedMandatePdf(options: { runtime: Runtime; viewer: Viewer; agreementId: string }) {
  const { runtime, viewer } = options;
  if (!isUuid(options.agreementId)) return null;
  const [row] = await runtime.db
    .select({ key: mandateAgreements.signedPdfKey, userId: mandateAgreements.userId, title: mandateAgreements.listingTitle })
    .from(mandateAgreements)
    .where(eq(mandateAgreements.id, options.agreementId))
    .limit(1);
  if (!row?.key) return null;
  if (!viewer.isAdmin && row.userId !== viewer.userId) return null;
  const bytes = await runtime.storage.get(row.key);
  return bytes ? { bytes, title: row.title } : null;
}
