/**
 * E-mail: every message is first written to the email_outbox table (in the
 * caller's transaction), then a durable pg-boss job delivers it. With SMTP_URL
 * set the job sends over SMTP and retries with back-off while SMTP is down;
 * without it the outbox row *is* the delivery (the admins' dev mailbox).
 */
import nodemailer, { type Transporter } from "nodemailer";
import { eq } from "drizzle-orm";
import { emailOutbox } from "#db/schema.ts";
import type { Db, DbOrTx } from "./db.server.ts";
import { logger } from "./logger.server.ts";

export type OutgoingEmail = {
  to: string;
  subject: string;
  text: string;
  html: string;
  template: string;
  attachments?: { filename: string; contentType: string; contentBase64: string }[];
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** Writes the message to the outbox; returns its id. Call `dispatchEmail` after commit. */
export async function writeEmail(db: DbOrTx, email: OutgoingEmail) {
  const [row] = await db
    .insert(emailOutbox)
    .values({
      toAddress: email.to.toLowerCase(),
      subject: email.subject,
      text: email.text,
      html: email.html,
      template: email.template,
      attachments: email.attachments ?? null,
      headers: email.headers ?? null,
    })
    .returning({ id: emailOutbox.id });
  return row!.id;
}

export function createSmtpTransport(smtpUrl: string | undefined): Transporter | undefined {
  if (!smtpUrl) return undefined;
  const url = new URL(smtpUrl);
  return nodemailer.createTransport({
    host: url.hostname,
    port: Number(url.port || (url.protocol === "smtps:" ? 465 : 587)),
    secure: url.protocol === "smtps:",
    auth: url.username ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } : undefined,
    ignoreTLS: url.searchParams.get("ignoreTLS") === "true",
    connectionTimeout: 5_000,
    greetingTimeout: 5_000,
    socketTimeout: 10_000,
  });
}

/** An SMTP refusal deliverEmail has already logged (with its outbox row); the job runner records it without a second log line. */
export class EmailDeliveryFailed extends Error {}

/**
 * The job's body: deliver one outbox row. Throws on SMTP failure so the job
 * retries; on the `lastAttempt` the row is marked `failed` (a dead letter).
 */
export async function deliverEmail(options: {
  db: Db;
  outboxId: string;
  transport?: Transporter;
  from: string;
  lastAttempt?: boolean;
}) {
  const { db, outboxId, transport, from, lastAttempt = false } = options;
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId));
  if (!row || row.status === "sent") return;
  if (!transport) {
    await db
      .update(emailOutbox)
      .set({ status: "sent", transport: "mailbox", sentAt: new Date(), attempts: row.attempts + 1 })
      .where(eq(emailOutbox.id, outboxId));
    return;
  }
  try {
    await transport.sendMail({
      from,
      to: row.toAddress,
      subject: row.subject,
      text: row.text,
      html: row.html,
      headers: row.headers ?? undefined,
      attachments: row.attachments?.map((a) => ({
        filename: a.filename,
        contentType: a.contentType,
        content: Buffer.from(a.contentBase64, "base64"),
      })),
    });
    await db
      .update(emailOutbox)
      .set({ status: "sent", transport: "smtp", sentAt: new Date(), attempts: row.attempts + 1, lastError: null })
      .where(eq(emailOutbox.id, outboxId));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    logger.warn({ outboxId, err: message, lastAttempt }, lastAttempt ? "SMTP delivery failed; giving up" : "SMTP delivery failed; will retry");
    await db
      .update(emailOutbox)
      .set({ attempts: row.attempts + 1, lastError: message, ...(lastAttempt ? { status: "failed" as const } : {}) })
      .where(eq(emailOutbox.id, outboxId));
    throw new EmailDeliveryFailed(message, { cause: error });
  }
}
