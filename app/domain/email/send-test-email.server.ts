/**
 * The e-mail test page's sends:
 * each of send-agreement-confirmation, send-agreement-pdf (with a real mandate
 * PDF rendered from test terms) and send-listing-notification, to any
 * address, through the outbox and the send-email job like every other
 * e-mail. Answers with what was queued, for the page's JSON panel.
 */
import { and, eq, sql } from "drizzle-orm";
import { emailOutbox } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { renderMandatePdf } from "#app/domain/mandate/mandate-pdf.server.ts";
import { mandateTermsText } from "#app/domain/mandate/mandate-terms.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { OutgoingEmail } from "#app/lib/mailer.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import type { TestEmailFunction } from "./test-email-schema.ts";

/** A listing that does not exist, named so nobody mistakes the e-mail for a real one. */
export const TEST_LISTING = {
  id: "00000000-0000-4000-8000-000000000000",
  title: "Test Listing - CAT 320D Excavator (e-mail test)",
} as const;

export type TestEmailResponse = {
  ok: true;
  function: TestEmailFunction;
  to: string;
  subject: string;
  /** The e-mail_outbox row; the dev mailbox shows it at /admin/mailbox/{outboxId}. */
  outboxId?: string;
  status: "queued";
  /** How the send-email job delivers it: over SMTP, or into the dev mailbox when no SMTP_URL is set. */
  transport: "smtp" | "mailbox";
  payload: Record<string, string>;
  attachments?: { filename: string; contentType: string; bytes: number }[];
};

/** The e-mail, and the function's payload as the JSON panel shows it. */
async function buildEmail(
  runtime: Runtime,
  admin: Viewer,
  fn: TestEmailFunction,
  to: string,
): Promise<{ payload: Record<string, string>; email: OutgoingEmail }> {
  const listingTitle = TEST_LISTING.title;
  switch (fn) {
    case "send-agreement-confirmation": {
      const payload = { email: to, agreementType: "mandate", listingTitle, signatureMethod: "checkbox" as const };
      return { payload, email: composeEmail("send-agreement-confirmation", to, { ...payload }) };
    }
    case "send-agreement-pdf": {
      const sellerName = admin.fullName ?? admin.name;
      const termsText = mandateTermsText({
        listingTitle,
        listingId: TEST_LISTING.id,
        sellerName,
        sellerEmail: to,
        signedAt: new Date(),
        ipAddress: "Unknown",
      });
      const pdf = await renderMandatePdf({ termsText, listingTitle, sellerName, sellerEmail: to });
      return {
        payload: {
          email: to,
          type: "mandate",
          listingTitle,
          listingId: TEST_LISTING.id,
          termsText: `${termsText.split("\n")[0]}... (${termsText.length} characters)`,
        },
        email: composeEmail("send-agreement-pdf", to, { listingTitle, pdf }),
      };
    }
    case "send-listing-notification": {
      const payload = { email: to, title: listingTitle, status: "approved" };
      return { payload, email: composeEmail("send-listing-notification", to, { ...payload, url: `${runtime.env.PUBLIC_URL}/seller-dashboard` }) };
    }
  }
}

export async function sendTestEmail(options: {
  runtime: Runtime;
  admin: Viewer;
  fn: TestEmailFunction;
  to: string;
}): Promise<TestEmailResponse> {
  const { runtime, admin, fn, to } = options;
  assertAdmin(admin);
  const { payload, email } = await buildEmail(runtime, admin, fn, to);
  let deliver: (() => Promise<void>) | undefined;
  const outboxId = await runtime.db.transaction(async (tx) => {
    deliver = await runtime.queueEmail(email, tx);
    // The row just written: created_at defaults to now(), the transaction's start time.
    const [row] = await tx
      .select({ id: emailOutbox.id })
      .from(emailOutbox)
      .where(
        and(
          eq(emailOutbox.toAddress, email.to.toLowerCase()),
          eq(emailOutbox.template, email.template),
          eq(emailOutbox.createdAt, sql`now()`),
        ),
      )
      .limit(1);
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: "email.test",
      entity: "email_outbox",
      entityId: row?.id ?? "",
      after: { function: fn, to },
    });
    return row?.id;
  });
  await deliver?.();
  return {
    ok: true,
    function: fn,
    to,
    subject: email.subject,
    ...(outboxId ? { outboxId } : {}),
    status: "queued",
    transport: runtime.env.SMTP_URL ? "smtp" : "mailbox",
    payload,
    ...(email.attachments
      ? {
          attachments: email.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            bytes: Buffer.from(a.contentBase64, "base64").length,
          })),
        }
      : {}),
  };
}
