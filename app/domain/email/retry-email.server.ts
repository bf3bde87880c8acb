/**
 * An admin's Retry of a failed e-mail (one whose deliveries were all refused):
 * back to `queued`, delivered again by the job, and audited. Only a failed
 * message can be retried, so a double click sends it once.
 */
import { and, eq } from "drizzle-orm";
import { emailOutbox } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { isUuid } from "#app/lib/uuid.ts";

export const RETRY_FAILED_TITLE = "Retry Failed";

export async function retryFailedEmail(options: { runtime: Pick<Runtime, "db" | "dispatchEmail">; admin: Viewer; outboxId: string }) {
  const { runtime, admin, outboxId } = options;
  assertAdmin(admin);
  if (!isUuid(outboxId)) throw new AppError("NOT_FOUND", RETRY_FAILED_TITLE, "That message does not exist.");
  const row = await runtime.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(emailOutbox)
      .set({ status: "queued" })
      .where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, "failed")))
      .returning({ id: emailOutbox.id, toAddress: emailOutbox.toAddress, subject: emailOutbox.subject });
    if (!updated) return undefined;
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: "email.retried",
      entity: "email",
      entityId: updated.id,
      after: { to: updated.toAddress, subject: updated.subject },
    });
    return updated;
  });
  if (!row) {
    const [exists] = await runtime.db.select({ id: emailOutbox.id }).from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1);
    if (!exists) throw new AppError("NOT_FOUND", RETRY_FAILED_TITLE, "That message does not exist.");
    throw new AppError("CONFLICT", RETRY_FAILED_TITLE, "This message is not waiting for a retry: it was sent or is already queued.");
  }
  await runtime.dispatchEmail(row.id);
  return row;
}
