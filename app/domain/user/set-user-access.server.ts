/**
 * The admin's account-access controls: ban or unban a user, grant
 * or revoke admin access. Each change ends every session the user has, at
 * once and in the same transaction, and writes an audit row. An admin cannot
 * act on their own account, a banned user cannot hold admin access, the
 * last active admin keeps it, and where admins must use two-factor sign-in
 * (ADMIN_TWO_FACTOR=required) only an account that has it turned on is made admin.
 */
import { and, eq, ne } from "drizzle-orm";
import { adminAccess, session, user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Tx } from "#app/lib/db.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { assertAdmin } from "./assert-admin.ts";
import type { Viewer } from "./viewer.ts";

export const ACCESS_CHANGES = ["ban", "unban", "grant-admin", "revoke-admin"] as const;
export type AccessChange = (typeof ACCESS_CHANGES)[number];

const FAILED = "Update Failed";

type Target = { id: string; email: string; banned: boolean; isAdmin: boolean; twoFactorEnabled: boolean };

/** The refusal when admin access needs two-factor sign-in and the account has not turned it on. */
export const ADMIN_NEEDS_TWO_FACTOR =
  "This user has not turned on two-factor sign-in, which admins need on this site. Ask them to turn it on under Account → Two-factor authentication, then try again.";

async function lockTarget(tx: Tx, userId: string): Promise<Target | undefined> {
  const [row] = await tx
    .select({
      id: user.id,
      email: user.email,
      banned: user.banned,
      twoFactorEnabled: user.twoFactorEnabled,
      adminActive: adminAccess.isActive,
    })
    .from(user)
    .leftJoin(adminAccess, eq(adminAccess.userId, user.id))
    .where(eq(user.id, userId))
    .for("update", { of: user });
  return row
    ? {
        id: row.id,
        email: row.email,
        banned: Boolean(row.banned),
        isAdmin: Boolean(row.adminActive),
        twoFactorEnabled: Boolean(row.twoFactorEnabled),
      }
    : undefined;
}

async function otherActiveAdmins(tx: Tx, userId: string) {
  return tx
    .select({ userId: adminAccess.userId })
    .from(adminAccess)
    .where(and(eq(adminAccess.isActive, true), ne(adminAccess.userId, userId)))
    .for("update");
}

export async function setUserAccess(options: {
  runtime: Runtime;
  admin: Viewer;
  userId: string;
  change: AccessChange;
  reason?: string;
}): Promise<{ email: string; sessionsEnded: number }> {
  const { runtime, admin, userId, change } = options;
  assertAdmin(admin);
  if (!(ACCESS_CHANGES as readonly string[]).includes(change))
    throw new AppError("BAD_REQUEST", FAILED, "Unknown action.");
  if (!userId || userId.length > 200) throw new AppError("NOT_FOUND", FAILED, "User not found.");
  if (userId === admin.userId) throw new AppError("FORBIDDEN", FAILED, "You cannot change your own account's access.");
  const reason = (options.reason ?? "").trim().slice(0, 500) || null;

  return runtime.db.transaction(async (tx) => {
    const target = await lockTarget(tx, userId);
    if (!target) throw new AppError("NOT_FOUND", FAILED, "User not found.");
    const before = { banned: target.banned, isAdmin: target.isAdmin };
    let after = before;

    if (change === "ban") {
      if (target.banned) throw new AppError("CONFLICT", FAILED, "This user is already banned.");
      if (target.isAdmin)
        throw new AppError("CONFLICT", FAILED, "Remove this user's admin access before banning them.");
      await tx
        .update(user)
        .set({ banned: true, banReason: reason, banExpires: null, updatedAt: new Date() })
        .where(eq(user.id, userId));
      after = { ...before, banned: true };
    } else if (change === "unban") {
      if (!target.banned) throw new AppError("CONFLICT", FAILED, "This user is not banned.");
      await tx
        .update(user)
        .set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() })
        .where(eq(user.id, userId));
      after = { ...before, banned: false };
    } else if (change === "grant-admin") {
      if (target.isAdmin) throw new AppError("CONFLICT", FAILED, "This user is already an admin.");
      if (target.banned) throw new AppError("CONFLICT", FAILED, "A banned user cannot be given admin access.");
      if (runtime.env.ADMIN_TWO_FACTOR === "required" && !target.twoFactorEnabled) {
        throw new AppError("CONFLICT", FAILED, ADMIN_NEEDS_TWO_FACTOR);
      }
      await tx
        .insert(adminAccess)
        .values({ userId, grantedBy: admin.userId, notes: reason, isActive: true })
        .onConflictDoUpdate({
          target: adminAccess.userId,
          set: { isActive: true, grantedBy: admin.userId, grantedAt: new Date(), notes: reason },
        });
      after = { ...before, isAdmin: true };
    } else {
      if (!target.isAdmin) throw new AppError("CONFLICT", FAILED, "This user is not an admin.");
      if ((await otherActiveAdmins(tx, userId)).length === 0) {
        throw new AppError("CONFLICT", FAILED, "You cannot remove the last active admin.");
      }
      await tx.update(adminAccess).set({ isActive: false }).where(eq(adminAccess.userId, userId));
      after = { ...before, isAdmin: false };
    }

    // Whatever changed, the user signs in again under the new rules.
    const ended = await tx.delete(session).where(eq(session.userId, userId)).returning({ id: session.id });
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: `user.${change}`,
      entity: "user",
      entityId: userId,
      before,
      after: { ...after, reason, sessionsEnded: ended.length },
    });
    return { email: target.email, sessionsEnded: ended.length };
  });
}
