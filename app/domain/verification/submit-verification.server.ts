/**
 * "Send for verification" (docs/product.md#verified-sellers): a seller whose required documents are
 * uploaded goes from not verified to waiting for review; a seller who was not accepted, once they have
 * uploaded at least one new document since. Every active admin is told, with an audit row, in one
 * transaction.
 */
import { eq } from "drizzle-orm";
import { sellers } from "#db/schema.ts";
import { SELLER_DOCUMENT_KIND_LABELS } from "#db/vocabulary.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { lockSeller, SELLER_NOT_FOUND, subjectOf } from "./seller-verification-row.server.ts";
import { VERIFICATION_MESSAGES } from "./verification-schemas.ts";
import { nextVerification } from "./verification-state.ts";

const TITLE = "Not sent for verification";

export async function submitVerification(options: { db: DbOrTx; viewer: Pick<Viewer, "userId"> }) {
  const { db, viewer } = options;
  return db.transaction(async (tx) => {
    const seller = await lockSeller(tx, viewer.userId);
    if (!seller) throw SELLER_NOT_FOUND;
    const outcome = nextVerification(subjectOf(seller), "submit", "seller");
    if (!outcome.ok) {
      if (outcome.refusal === "missing-documents") {
        const names = outcome.missing.map((k) => SELLER_DOCUMENT_KIND_LABELS[k]);
        throw new AppError("BAD_REQUEST", TITLE, `Please upload these documents first: ${names.join(", ")}.`);
      }
      if (outcome.refusal === "nothing-new") throw new AppError("BAD_REQUEST", TITLE, VERIFICATION_MESSAGES.nothingNew);
      throw new AppError(
        "CONFLICT",
        TITLE,
        seller.status === "verified"
          ? "You are already a verified seller."
          : "Your documents were sent already and wait for our team's review.",
      );
    }
    const submittedAt = new Date();
    await tx
      .update(sellers)
      .set({ verificationStatus: outcome.to, verificationSubmittedAt: submittedAt, verificationReason: null })
      .where(eq(sellers.id, seller.sellerId));
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "seller.submit-verification",
      entity: "seller",
      entityId: viewer.userId,
      before: { status: seller.status, reason: seller.reason },
      after: { status: outcome.to, documents: seller.documents.map((d) => d.kind) },
    });
    await notifyAdmins({
      db: tx,
      type: "verification",
      title: `Seller verification to review: ${seller.name}`,
      message: `${seller.name} (${seller.email}) sent ${seller.documents.length === 1 ? "a document" : `${seller.documents.length} documents`} for verification.`,
      link: "/admin/verifications",
    });
    return { status: outcome.to, submittedAt };
  });
}
