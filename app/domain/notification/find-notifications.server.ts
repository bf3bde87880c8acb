/**
 * A user's own notifications: newest first, 20 a page, read state.
 * Every query is scoped to the user's id.
 */
import { and, asc, count, desc, eq, gt, lt, or } from "drizzle-orm";
import { notifications } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { signalNotification } from "./create-notification.server.ts";
import { isUuid } from "#app/lib/uuid.ts";

export const NOTIFICATION_PAGE_SIZE = 20;

export async function findNotifications(options: { db: DbOrTx; userId: string; before?: { createdAt: string; id: string } }) {
  const { db, userId, before } = options;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
        before
          ? or(
              lt(notifications.createdAt, new Date(before.createdAt)),
              and(eq(notifications.createdAt, new Date(before.createdAt)), lt(notifications.id, before.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export async function countUnread(options: { db: DbOrTx; userId: string }) {
  const { db, userId } = options;
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.read, false)));
  return Number(row?.n ?? 0);
}

export async function markNotificationRead(options: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(options.id)) return 0;
  const rows = await options.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.id, options.id), eq(notifications.userId, options.userId)))
    .returning({ id: notifications.id });
  if (rows.length) await signalNotification({ db: options.db, signal: { userId: options.userId, id: options.id, kind: "read" } });
  return rows.length;
}

export async function markAllNotificationsRead(options: { db: DbOrTx; userId: string }) {
  const rows = await options.db
    .update(notifications)
    .set({ read: true })
    .where(and(eq(notifications.userId, options.userId), eq(notifications.read, false)))
    .returning({ id: notifications.id });
  if (rows.length) await signalNotification({ db: options.db, signal: { userId: options.userId, kind: "read-all" } });
  return rows.length;
}

/** One of the user's own notifications (scoped by user id), for the live stream. */
export async function getNotification(options: { db: DbOrTx; userId: string; id: string }) {
  if (!isUuid(options.id)) return null;
  const [row] = await options.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.id, options.id), eq(notifications.userId, options.userId)));
  return row ? { ...row, createdAt: row.createdAt.toISOString() } : null;
}

/** Notifications newer than a time (catch-up after a reconnect), oldest first, at most one page. */
export async function findNotificationsSince(options: { db: DbOrTx; userId: string; since: Date }) {
  const rows = await options.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, options.userId), gt(notifications.createdAt, options.since)))
    .orderBy(asc(notifications.createdAt), asc(notifications.id))
    .limit(NOTIFICATION_PAGE_SIZE);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
