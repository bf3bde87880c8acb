/**
 * Notifications: a user's own feed, and the channel to "the admin",
 * which means every active admin. Written inside the caller's transaction,
 * with a pg_notify that every app instance hears once the transaction commits.
 */
import { eq, sql } from "drizzle-orm";
import { adminAccess, notifications } from "#db/schema.ts";
import type { NOTIFICATION_TYPES } from "#db/vocabulary.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { NOTIFICATION_CHANNEL, type NotificationSignal } from "#app/lib/notification-hub.server.ts";

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NewNotification = {
  title: string;
  message: string;
  type: NotificationType;
  /** A page of the app it leads to (a same-site path), e.g. the listing's renewal page. */
  link?: string;
};

export async function signalNotification(options: { db: DbOrTx; signal: NotificationSignal }) {
  await options.db.execute(sql`select pg_notify(${NOTIFICATION_CHANNEL}, ${JSON.stringify(options.signal)})`);
}

/** One notification to one user. */
export async function notifyUser(options: { db: DbOrTx; userId: string } & NewNotification) {
  const { db, userId, ...n } = options;
  const [row] = await db.insert(notifications).values({ userId, ...n }).returning({ id: notifications.id });
  await signalNotification({ db, signal: { userId, id: row!.id, kind: "created" } });
}

/** The same notification to every active admin; returns how many were notified. */
export async function notifyAdmins(options: { db: DbOrTx } & NewNotification) {
  const { db, ...n } = options;
  const admins = await db.select({ userId: adminAccess.userId }).from(adminAccess).where(eq(adminAccess.isActive, true));
  if (admins.length === 0) return 0;
  const rows = await db
    .insert(notifications)
    .values(admins.map((a) => ({ userId: a.userId, ...n })))
    .returning({ id: notifications.id, userId: notifications.userId });
  for (const row of rows) await signalNotification({ db, signal: { userId: row.userId, id: row.id, kind: "created" } });
  return admins.length;
}
