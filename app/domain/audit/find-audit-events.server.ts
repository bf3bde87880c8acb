import { desc, eq } from "drizzle-orm";
import { auditEvents, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { auditChanges } from "./audit-changes.ts";

export const AUDIT_PAGE_SIZE = 50;

/** The admin audit log: who did what to which entity, newest first. */
export async function findAuditEvents(options: { db: DbOrTx; admin: Pick<Viewer, "isAdmin">; page: number }) {
  assertAdmin(options.admin);
  const page = Math.min(Math.max(1, options.page), 10_000);
  const rows = await options.db
    .select({
      id: auditEvents.id,
      action: auditEvents.action,
      entity: auditEvents.entity,
      entityId: auditEvents.entityId,
      data: auditEvents.data,
      createdAt: auditEvents.createdAt,
      actorName: user.name,
      actorEmail: user.email,
    })
    .from(auditEvents)
    .leftJoin(user, eq(user.id, auditEvents.actorUserId))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(AUDIT_PAGE_SIZE + 1)
    .offset((page - 1) * AUDIT_PAGE_SIZE);
  return {
    page,
    hasNext: rows.length > AUDIT_PAGE_SIZE,
    events: rows.slice(0, AUDIT_PAGE_SIZE).map(({ data, ...r }) => ({ ...r, createdAt: r.createdAt.toISOString(), changes: auditChanges(data) })),
  };
}
