import { and, desc, eq } from "drizzle-orm";
import { emailOutbox } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isUuid } from "#app/lib/uuid.ts";

/** The dev mailbox: the newest outbox messages, optionally for one address or in one state. */
export async function findOutbox(options: { db: DbOrTx; to?: string; status?: "failed"; limit?: number }) {
  return options.db
    .select({
      id: emailOutbox.id,
      toAddress: emailOutbox.toAddress,
      subject: emailOutbox.subject,
      template: emailOutbox.template,
      status: emailOutbox.status,
      transport: emailOutbox.transport,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
    })
    .from(emailOutbox)
    .where(
      and(
        options.to ? eq(emailOutbox.toAddress, options.to.trim().toLowerCase()) : undefined,
        options.status ? eq(emailOutbox.status, options.status) : undefined,
      ),
    )
    .orderBy(desc(emailOutbox.createdAt))
    .limit(options.limit ?? 100);
}

export async function getOutboxMessage(options: { db: DbOrTx; id: string }) {
  if (!isUuid(options.id)) return null;
  const [row] = await options.db.select().from(emailOutbox).where(eq(emailOutbox.id, options.id)).limit(1);
  return row ?? null;
}
