import { and, eq, gt, isNull, lt, or } from "drizzle-orm";
import { adminAccess, buyers, profiles, sellers, session as sessions, user } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";

/** The spec's `is_admin(user_id)`: true only for an active admin_access row. */
export async function isAdmin(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  const [row] = await db
    .select({ id: adminAccess.id })
    .from(adminAccess)
    .where(and(eq(adminAccess.userId, userId), eq(adminAccess.isActive, true)))
    .limit(1);
  return Boolean(row);
}

/**
 * The signed-in viewer for a request, or null. A failed lookup denies (null role). Admin access
 * counts only with two-factor sign-in on where ADMIN_TWO_FACTOR=required (`adminNeedsTwoFactor`
 * otherwise), so every check of `isAdmin` — the guards, `assertAdmin`, previews, private photos —
 * holds until it is set up.
 */
export async function getViewer(request: Request): Promise<Viewer | null> {
  return (await getViewerSession(request))?.viewer ?? null;
}

/**
 * The viewer and the id of the session that signed them in (kept out of
 * Viewer, which the root loader sends to the page). For a live connection
 * that must end with its session: `/notifications/stream`.
 */
export function getViewerSession(request: Request): Promise<{ viewer: Viewer; sessionId: string } | null> {
  const cookie = request.headers.get("cookie") ?? "";
  // No session cookie, nobody signed in: no lookup at all (most page views are visitors').
  if (!SESSION_COOKIE.test(cookie)) return Promise.resolve(null);
  // A page view asks in the root loader and again in its route's, at the same moment (React Router
  // gives each loader a copy of the request): they share one lookup. Only reads, and only lookups
  // begun in the same turn of the event loop: an action may sign in or out, and a later request
  // reads the session afresh.
  if (request.method !== "GET" && request.method !== "HEAD") return lookUpViewerSession(request);
  let lookup = sameTurn.get(cookie);
  if (!lookup) {
    lookup = lookUpViewerSession(request);
    if (!sameTurn.size) setImmediate(() => sameTurn.clear());
    sameTurn.set(cookie, lookup);
  }
  return lookup;
}

/** better-auth's session cookie (`__Secure-` prefixed on https); the only way a request is signed in. */
const SESSION_COOKIE = /(?:^|;)\s*(?:__Secure-)?better-auth\.session_token=/;

/** Lookups begun in this turn of the event loop, by Cookie header (cleared when the turn ends). */
const sameTurn = new Map<string, Promise<{ viewer: Viewer; sessionId: string } | null>>();

async function lookUpViewerSession(request: Request): Promise<{ viewer: Viewer; sessionId: string } | null> {
  const { auth, db, env } = await getRuntime();
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
  const admin = row ? Boolean(row.adminId) : await isAdmin({ db, userId: u.id });
  const twoFactorEnabled = Boolean((u as { twoFactorEnabled?: boolean | null }).twoFactorEnabled);
  // Where admins must use two-factor sign-in, admin access without it is held, not usable (requireAdmin).
  const adminNeedsTwoFactor = admin && env.ADMIN_TWO_FACTOR === "required" && !twoFactorEnabled;
  const viewer: Viewer = {
    userId: u.id,
    email: u.email,
    name: u.name,
    emailVerified: u.emailVerified,
    role: row?.role ?? null,
    fullName: row?.fullName ?? null,
    isAdmin: admin && !adminNeedsTwoFactor,
    twoFactorEnabled,
    adminNeedsTwoFactor,
    hasSellerProfile: Boolean(row?.sellerId),
    hasBuyerProfile: Boolean(row?.buyerId),
    commissionAccepted: Boolean(row?.commissionAccepted),
  };
  touchSession(db, session.session);
  return { viewer, sessionId: session.session.id };
}

/** How stale a session's "last active" time may get before a page view moves it on (/account's list). */
const LAST_ACTIVE_STEP_MS = 5 * 60 * 1000;

/**
 * Moves the session's `updated_at` (shown as "Last active" on /account) to now, at most once every five
 * minutes per session: one small write, not waited for, and a failure only leaves the time behind.
 */
function touchSession(db: DbOrTx, session: { id: string; updatedAt: Date | string }) {
  if (Date.now() - new Date(session.updatedAt).getTime() < LAST_ACTIVE_STEP_MS) return;
  db.update(sessions)
    .set({ updatedAt: new Date() })
    .where(and(eq(sessions.id, session.id), lt(sessions.updatedAt, new Date(Date.now() - LAST_ACTIVE_STEP_MS))))
    .catch((error: unknown) => logger.warn({ err: error }, "session's last activity not recorded"));
}

/**
 * Whether a session still signs its user in: the row exists, has not expired,
 * and its user is not banned (getViewer's own rules). One primary-key lookup.
 */
export async function isSessionLive(options: { db: DbOrTx; sessionId: string }) {
  const { db, sessionId } = options;
  const [row] = await db
    .select({ id: sessions.id })
    .from(sessions)
    .innerJoin(user, eq(user.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        gt(sessions.expiresAt, new Date()),
        or(isNull(user.banned), eq(user.banned, false)),
      ),
    )
    .limit(1);
  return Boolean(row);
}
