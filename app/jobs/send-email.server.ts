/**
 * Delivers one e-mail from the outbox (see app/lib/mailer.server.ts). While
 * SMTP refuses, the job retries with back-off; when the last retry fails the
 * message is marked `failed` (the dead letter the admin mailbox shows, with
 * its last error and a Retry).
 */
import { and, asc, eq, sql } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import { emailOutbox } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { deliverEmail, EmailDeliveryFailed } from "#app/lib/mailer.server.ts";
import { defineJob } from "./job.ts";

export const SEND_EMAIL_QUEUE = "send-email";

export const sendEmailJob = defineJob({
  name: SEND_EMAIL_QUEUE,
  payload: z.object({ outboxId: z.uuid() }),
  // About a day of tries before a message is given up as failed.
  queue: { retryLimit: 25, retryDelay: 10, retryBackoff: true, retryDelayMax: 15 * 60 },
  // Up to 10 e-mails a fetch: one a poll capped delivery at one a second, and the load test queues more.
  batchSize: 10,
  async work({ outboxId }, { db, transport, env }, attempt) {
    await deliverEmail({ db, outboxId, transport, from: env.MAIL_FROM, lastAttempt: attempt.retryCount >= attempt.retryLimit });
  },
  logsOwnFailure: (error) => error instanceof EmailDeliveryFailed,
});

/** Queues delivery of an outbox row (once: the row's id is the job's singleton key). */
export async function dispatchEmail(boss: PgBoss, outboxId: string) {
  await boss.send(SEND_EMAIL_QUEUE, { outboxId }, { singletonKey: outboxId });
}

/**
 * Messages written but never queued (the process died between the commit and
 * the send): queued in the outbox, with no live job. Failed messages wait for
 * an admin's Retry instead.
 */
export async function requeueStrandedEmails(options: { db: Db; boss: PgBoss }) {
  const stranded = await options.db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(
      and(
        eq(emailOutbox.status, "queued"),
        sql`not exists (select 1 from pgboss.job j where j.name = ${SEND_EMAIL_QUEUE}
              and j.state in ('created', 'retry', 'active') and j.data->>'outboxId' = ${emailOutbox.id}::text)`,
      ),
    )
    .orderBy(asc(emailOutbox.createdAt))
    .limit(500);
  for (const row of stranded) await dispatchEmail(options.boss, row.id);
  return stranded.length;
}
