/**
 * The public contact form (docs/product.md#forms): a `contact_messages` row and a
 * notification to every active admin, in one transaction. A filled honeypot
 * is answered as a success and stores nothing; one IP address may send
 * `CONTACT_RATE_LIMIT` messages an hour (counted from the stored rows); the same message again
 * within CONTACT_REPEAT_MINUTES is the one already sent.
 */
import { and, count, eq, gt, sql } from "drizzle-orm";
import { contactMessages } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import {
  CONTACT_MESSAGES,
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_WINDOW_MINUTES,
  type ContactInput,
} from "./contact-schema.ts";

/** How long the same message again from the same address is taken for the one already sent. */
export const CONTACT_REPEAT_MINUTES = 10;

export async function createContactMessage(options: {
  db: Db;
  viewer: Viewer | null;
  input: ContactInput;
  ip: string;
}): Promise<{ stored: boolean; id?: string }> {
  const { db, viewer, input, ip } = options;
  if (input.website) {
    logger.info({ ip }, "contact form honeypot filled; message dropped");
    return { stored: false };
  }
  return db.transaction(async (tx) => {
    // One sender at a time per address, so concurrent posts cannot slip past the count.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`contact-message:${ip}`}))`);
    // The same message again (a form sent twice, a page reloaded after sending) is the one already sent.
    const [repeat] = await tx
      .select({ id: contactMessages.id })
      .from(contactMessages)
      .where(
        and(
          eq(contactMessages.ipAddress, ip),
          eq(contactMessages.email, input.email),
          eq(contactMessages.subject, input.subject),
          eq(contactMessages.message, input.message),
          gt(contactMessages.createdAt, sql`now() - make_interval(mins => ${CONTACT_REPEAT_MINUTES})`),
        ),
      )
      .limit(1);
    if (repeat) return { stored: true, id: repeat.id };
    const since = sql`now() - make_interval(mins => ${CONTACT_RATE_WINDOW_MINUTES})`;
    const [recent] = await tx
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ipAddress, ip), gt(contactMessages.createdAt, since)));
    if ((recent?.n ?? 0) >= CONTACT_RATE_LIMIT) {
      throw new AppError("TOO_MANY_REQUESTS", "Too Many Messages", CONTACT_MESSAGES.tooMany);
    }
    const [row] = await tx
      .insert(contactMessages)
      .values({
        name: input.name,
        email: input.email,
        phone: input.phone ?? null,
        subject: input.subject,
        message: input.message,
        userId: viewer?.userId ?? null,
        ipAddress: ip,
      })
      .returning({ id: contactMessages.id });
    await notifyAdmins({
      db: tx,
      type: "contact_message",
      title: `${input.subject} — from ${input.name}`,
      message: [
        `Name: ${input.name}`,
        `Email: ${input.email}`,
        `Phone: ${input.phone ?? "Not provided"}`,
        `Message: ${input.message}`,
      ].join("\n"),
    });
    return { stored: true, id: row!.id };
  });
}
