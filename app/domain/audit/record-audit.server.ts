import { auditEvents } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

/** Who did what to which entity, with before/after, inside the change's transaction. */
export async function recordAudit(options: {
  db: DbOrTx;
  actorUserId: string;
  action: string;
  entity: string;
  entityId: string;
  before?: unknown;
  after?: unknown;
}) {
  const { db, ...event } = options;
  await db.insert(auditEvents).values({
    actorUserId: event.actorUserId,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId,
    data: { before: event.before ?? null, after: event.after ?? null },
  });
}
