/** The admin's list of invitations, newest first, with each one's state. */
import { desc, eq, sql } from "drizzle-orm";
import { pendingInvitations, user } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { invitationState } from "./invitation-state.ts";

export async function findInvitations(options: { db: Db; admin: Pick<Viewer, "isAdmin">; limit?: number; now?: Date }) {
  assertAdmin(options.admin);
  const rows = await options.db
    .select({
      id: pendingInvitations.id,
      email: pendingInvitations.email,
      fullName: pendingInvitations.fullName,
      role: pendingInvitations.role,
      used: pendingInvitations.used,
      usedAt: pendingInvitations.usedAt,
      expiresAt: pendingInvitations.expiresAt,
      createdAt: pendingInvitations.createdAt,
      invitedByName: user.name,
      // A newer invitation to the address, sent while this one was still valid (it expired this one at that instant).
      replaced: sql<boolean>`exists (
        select 1 from pending_invitations newer
        where newer.email = ${pendingInvitations.email}
          and newer.created_at > ${pendingInvitations.createdAt}
          and newer.created_at <= ${pendingInvitations.expiresAt}
      )`,
    })
    .from(pendingInvitations)
    .leftJoin(user, eq(user.id, pendingInvitations.invitedBy))
    .orderBy(desc(pendingInvitations.createdAt), desc(pendingInvitations.id))
    .limit(options.limit ?? 100);
  const now = options.now ?? new Date();
  return rows.map(({ used, replaced, ...row }) => ({
    ...row,
    state: invitationState({ used, expiresAt: row.expiresAt, replaced }, now),
  }));
}
