/**
 * An admin verifies a seller, or does not accept their documents with a reason
 * (docs/product.md#verified-sellers). One transaction: the state change through the state map, the
 * audit row (before and after), the seller's notification and the e-mail (outbox); the e-mail job is
 * queued after the commit.
 *
 * A decision names the submission the admin looked at (`version`): when another admin decided first
 * (the seller is no longer waiting), or the seller has sent or changed documents since, it is refused
 * with 409 and changes nothing. An admin does not decide on their own seller account.
 */
import { eq, sql } from "drizzle-orm";
import { sellers } from "#db/schema.ts";
import { SELLER_DOCUMENT_KIND_LABELS, VERIFICATION_STATUS_LABELS } from "#db/vocabulary.ts";
import { AppError } from "#app/lib/app-error.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { lockSeller, SELLER_NOT_FOUND, subjectOf, submissionVersion } from "./seller-verification-row.server.ts";
import { nextVerification, VERIFICATION_REASON_MAX } from "./verification-state.ts";
import { VERIFICATION_MESSAGES } from "./verification-schemas.ts";

export type VerificationDecision = "verify" | "reject";

export type DecideVerificationOptions = {
  runtime: Pick<Runtime, "db" | "env" | "queueEmail">;
  admin: Pick<Viewer, "userId" | "isAdmin">;
  sellerUserId: string;
  decision: VerificationDecision;
  /** The submission the admin looked at (`submissionVersion`). */
  version: string;
  /** Required to reject: told to the seller on their page, in the notification and the e-mail. */
  reason?: string;
};

const FAILED: Record<VerificationDecision, string> = {
  verify: "Seller not verified",
  reject: "Verification not rejected",
};

export async function decideVerification(options: DecideVerificationOptions) {
  const { runtime, admin, sellerUserId, decision, version } = options;
  assertAdmin(admin);
  const title = FAILED[decision];
  const reason = decision === "reject" ? (options.reason?.trim() ?? "") : null;
  if (decision === "reject" && !reason) {
    throw new AppError("BAD_REQUEST", title, VERIFICATION_MESSAGES.reason, { reason: [VERIFICATION_MESSAGES.reason] });
  }
  if (reason && reason.length > VERIFICATION_REASON_MAX) {
    throw new AppError("BAD_REQUEST", title, `Reason must be at most ${VERIFICATION_REASON_MAX} characters.`);
  }
  if (sellerUserId === admin.userId) {
    throw new AppError("FORBIDDEN", title, "You cannot decide on your own verification.");
  }

  let send: (() => Promise<void>) | undefined;
  const result = await runtime.db.transaction(async (tx) => {
    const seller = await lockSeller(tx, sellerUserId);
    if (!seller) throw SELLER_NOT_FOUND;
    const outcome = nextVerification(subjectOf(seller), decision, "admin", { reason });
    if (!outcome.ok) {
      if (outcome.refusal === "reason-required") throw new AppError("BAD_REQUEST", title, VERIFICATION_MESSAGES.reason);
      if (outcome.refusal === "missing-documents") {
        throw new AppError(
          "CONFLICT",
          "Documents missing",
          `${seller.name} has not uploaded every document a ${seller.sellerType ?? "private"} seller needs (missing: ${outcome.missing.map((k) => SELLER_DOCUMENT_KIND_LABELS[k]).join(", ")}). Reject with a reason, or wait for them.`,
        );
      }
      throw new AppError(
        "CONFLICT",
        "Already decided",
        `${seller.name} is no longer waiting for review (now: ${VERIFICATION_STATUS_LABELS[seller.status]}). Another admin may have decided first; the list now shows where things stand.`,
      );
    }
    if (submissionVersion(seller) !== version) {
      throw new AppError(
        "CONFLICT",
        "Documents changed",
        `${seller.name} sent or changed documents since you opened the list. Please look at them again before deciding.`,
      );
    }
    // The database's clock, as for the documents' upload times: the seller's page tells the documents the
    // admin saw (uploaded before the decision) from the ones sent since.
    const [decided] = await tx
      .update(sellers)
      .set({
        verificationStatus: outcome.to,
        verificationReason: reason,
        verificationDecidedAt: sql`now()`,
        verificationDecidedBy: admin.userId,
      })
      .where(eq(sellers.id, seller.sellerId))
      .returning({ at: sellers.verificationDecidedAt });
    const decidedAt = decided!.at!;
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: `seller.${decision}`,
      entity: "seller",
      entityId: seller.userId,
      before: { status: seller.status, reason: seller.reason },
      after: { status: outcome.to, reason, documents: seller.documents.map((d) => d.kind) },
    });
    const verified = outcome.to === "verified";
    await notifyUser({
      db: tx,
      userId: seller.userId,
      type: "verification",
      title: verified ? "You are a verified seller" : "Your verification documents were not accepted",
      message: verified
        ? "Our team checked your documents. Buyers now see the Verified seller badge on your listings and your seller page."
        : `Our team could not verify you from the documents you sent. Reason: ${reason}${/[.!?]$/.test(reason ?? "") ? "" : "."} Upload a new copy of the document the reason concerns, then send your documents again.`,
      link: "/account/verification",
    });
    send = await runtime.queueEmail(
      composeEmail("send-verification-decision", seller.email, {
        name: seller.name,
        verified,
        reason,
        url: `${runtime.env.PUBLIC_URL}/account/verification`,
      }),
      tx,
    );
    return { name: seller.name, status: outcome.to, decidedAt };
  });
  await send?.();
  return result;
}
