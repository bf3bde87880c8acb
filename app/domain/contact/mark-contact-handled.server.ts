/**
 * The admin marks a contact message handled: `handled` and `handled_at`, with
 * an audit row, in one transaction. Marking it again (a double click, a
 * second admin) changes nothing and keeps the first time.
 */
import { and, eq } from "drizzle-orm";
import { contactMessages } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const MARK_HANDLED_FAILED = "Failed to update message";

export async function markContactHandled(options: {
  db: Db;
  admin: Viewer;
  messageId: string;
}): Promise<{ id: string; subject: string; handledAt: Date; changed: boolean }> {
  const { db, admin, messageId } = options;
  assertAdmin(admin);
  const notFound = () => new AppError("NOT_FOUND", MARK_HANDLED_FAILED, `${MARK_HANDLED_FAILED}: message not found.`);
  if (!UUID.test(messageId)) throw notFound();
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(contactMessages)
      .set({ handled: true, handledAt: new Date() })
      .where(and(eq(contactMessages.id, messageId), eq(contactMessages.handled, false)))
      .returning({ id: contactMessages.id, subject: contactMessages.subject, handledAt: contactMessages.handledAt });
    if (!updated) {
      const [existing] = await tx
        .select({ id: contactMessages.id, subject: contactMessages.subject, handledAt: contactMessages.handledAt })
        .from(contactMessages)
        .where(eq(contactMessages.id, messageId));
      if (!existing) throw notFound();
      return { id: existing.id, subject: existing.subject, handledAt: existing.handledAt ?? new Date(), changed: false };
    }
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: "contact_message.handled",
      entity: "contact_message",
      entityId: updated.id,
      before: { handled: false },
      after: { handled: true, handledAt: updated.handledAt },
    });
    return { id: updated.id, subject: updated.subject, handledAt: updated.handledAt!, changed: true };
  });
}
