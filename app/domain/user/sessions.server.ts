/**
 * A user's own sessions on /account (docs/product.md#your-account): where they are signed in, and signing
 * out one other device or every other one. Ownership is part of every query; the session the request
 * came with is never ended here (Logout does that). Deleting a row ends that device's live notifications
 * too (trigger `session_ended_signal`).
 */
import { and, asc, desc, eq, gt, ne, sql } from "drizzle-orm";
import { session as sessions } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { ACCOUNT_MESSAGES } from "./account-schemas.ts";

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, "Edge"],
  [/\b(?:OPR|Opera)\//, "Opera"],
  [/\bSamsungBrowser\//, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\//, "Firefox"],
  [/\b(?:Chrome|CriOS|HeadlessChrome|Chromium)\//, "Chrome"],
  [/\bVersion\/[\d.]+.*\bSafari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/\bAndroid\b/, "Android"],
  [/\biPhone\b/, "iPhone"],
  [/\biPad\b/, "iPad"],
  [/\bCrOS\b/, "ChromeOS"],
  [/\bWindows\b/, "Windows"],
  [/\bMac OS X\b|\bMacintosh\b/, "macOS"],
  [/\bLinux\b/, "Linux"],
];

/** A session's device in plain words from its user agent: "Chrome on Android", "Safari on iPhone". */
export function describeDevice(userAgent: string | null | undefined) {
  const ua = (userAgent ?? "").slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  if (browser) return browser;
  if (system) return `A browser on ${system}`;
  return "Unknown device";
}

/** An address as people read it: the IPv4 inside an IPv4-mapped IPv6 address. */
function readableAddress(ip: string | null) {
  if (!ip) return null;
  return ip.replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i, "$1");
}

export type AccountSession = {
  id: string;
  device: string;
  ipAddress: string | null;
  signedInAt: Date;
  /** When the session was last renewed (better-auth renews it at most once a day while it is used). */
  lastActiveAt: Date;
  current: boolean;
};

/** The user's sessions that still sign them in: this device first, then the most recently active. */
export async function findSessions(options: {
  db: DbOrTx;
  userId: string;
  currentSessionId: string;
}): Promise<AccountSession[]> {
  const { db, userId, currentSessionId } = options;
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ipAddress: sessions.ipAddress,
      createdAt: sessions.createdAt,
      updatedAt: sessions.updatedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sql`${sessions.id} = ${currentSessionId}`), desc(sessions.updatedAt), asc(sessions.id))
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    device: describeDevice(r.userAgent),
    ipAddress: readableAddress(r.ipAddress),
    signedInAt: r.createdAt,
    lastActiveAt: r.updatedAt,
    current: r.id === currentSessionId,
  }));
}

/** "Sign out everywhere else": every session of the user but this one, in one statement. */
export async function revokeOtherSessions(options: { db: DbOrTx; userId: string; currentSessionId: string }) {
  const { db, userId, currentSessionId } = options;
  return db.transaction(async (tx) => {
    const ended = await tx
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId)))
      .returning({ id: sessions.id });
    if (ended.length) {
      await recordAudit({
        db: tx,
        actorUserId: userId,
        action: "account.sessions_ended",
        entity: "user",
        entityId: userId,
        after: { sessionsEnded: ended.length },
      });
    }
    return { ended: ended.length };
  });
}

/** Signs one other device out. Another user's session, or one already ended, is "already ended". */
export async function revokeSession(options: {
  db: DbOrTx;
  userId: string;
  sessionId: string;
  currentSessionId: string;
}) {
  const { db, userId, sessionId, currentSessionId } = options;
  if (sessionId === currentSessionId) throw new AppError("BAD_REQUEST", "Not Signed Out", ACCOUNT_MESSAGES.thisDevice);
  return db.transaction(async (tx) => {
    const [ended] = await tx
      .delete(sessions)
      .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
      .returning({ userAgent: sessions.userAgent });
    if (!ended) throw new AppError("NOT_FOUND", "Session Not Found", ACCOUNT_MESSAGES.sessionGone);
    const device = describeDevice(ended.userAgent);
    await recordAudit({
      db: tx,
      actorUserId: userId,
      action: "account.session_ended",
      entity: "user",
      entityId: userId,
      after: { device },
    });
    return { device };
  });
}
