/**
 * Notifications (spec §3): a user's own feed, and the channel to "the admin",
 * which means every active admin. Written inside the caller's transaction.
 */
import { eq } from "drizzle-orm";
import { adminAccess, notifications, type NOTIFICATION_TYPES } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";

export type NotificationType = (typeof NOTIFICATION_TYPES)[number];
export type NewNotification = { title: string; message: string; type: NotificationType };

export async function notifyUser(db: DbOrTx, userId: string, n: NewNotification) {
  await db.insert(notifications).values({ userId, ...n });
}

export async function notifyAdmins(db: DbOrTx, n: NewNotification) {
  const admins = await db.select({ userId: adminAccess.userId }).from(adminAccess).where(eq(adminAccess.isActive, true));
  if (admins.length === 0) return 0;
  await db.insert(notifications).values(admins.map((a) => ({ userId: a.userId, ...n })));
  return admins.length;
}
