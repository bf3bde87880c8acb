import { and, eq } from "drizzle-orm";
import { adminAccess, buyers, profiles, sellers } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { getRuntime } from "#app/lib/runtime.server.ts";
import type { Viewer } from "./viewer.ts";

/** The spec's `is_admin(user_id)`: true only for an active admin_access row. */
export async function isAdmin(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ id: adminAccess.id })
    .from(adminAccess)
    .where(and(eq(adminAccess.userId, userId), eq(adminAccess.isActive, true)))
    .limit(1);
  return Boolean(row);
}

/** The signed-in viewer for a request, or null. A failed lookup denies (null role). */
export async function getViewer(request: Request): Promise<Viewer | null> {
  const { auth, db } = await getRuntime();
  const session = await auth.api.getSession({ headers: request.headers });
  if (!session) return null;
  const u = session.user;
  // Banning ends the sessions at once; this also holds for one created in the same instant.
  if ((u as { banned?: boolean | null }).banned) return null;
  const [row] = await db
    .select({
      role: profiles.role,
      fullName: profiles.fullName,
      sellerId: sellers.id,
      buyerId: buyers.id,
      commissionAccepted: buyers.commissionAccepted,
      adminId: adminAccess.id,
    })
    .from(profiles)
    .leftJoin(sellers, eq(sellers.userId, profiles.userId))
    .leftJoin(buyers, eq(buyers.userId, profiles.userId))
    .leftJoin(adminAccess, and(eq(adminAccess.userId, profiles.userId), eq(adminAccess.isActive, true)))
    .where(eq(profiles.userId, u.id))
    .limit(1);
  const admin = row ? Boolean(row.adminId) : await isAdmin(db, u.id);
  return {
    userId: u.id,
    email: u.email,
    name: u.name,
    emailVerified: u.emailVerified,
    role: row?.role ?? null,
    fullName: row?.fullName ?? null,
    isAdmin: admin,
    hasSellerProfile: Boolean(row?.sellerId),
    hasBuyerProfile: Boolean(row?.buyerId),
    commissionAccepted: Boolean(row?.commissionAccepted),
  };
}
