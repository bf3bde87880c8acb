/**
 * A dashboard message to the admins (docs/product.md#forms): kept with the contact form's messages,
 * so the admins read, answer and mark it handled in the same list, and a notification to every
 * active admin, in one transaction.
 */
import { contactMessages } from "#db/schema.ts";
import type { Db } from "#app/lib/db.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { ContactAdminInput } from "./contact-admin-schema.ts";

export async function contactAdmin(options: { db: Db; viewer: Viewer; input: ContactAdminInput }) {
  const { db, viewer, input } = options;
  const name = viewer.fullName ?? viewer.name;
  const who = `${name} (${viewer.email}, ${viewer.role ?? "no role"})`;
  await db.transaction(async (tx) => {
    await tx.insert(contactMessages).values({
      name,
      email: viewer.email,
      subject: input.subject || `From the ${viewer.role ?? "user"} dashboard`,
      message: input.message,
      userId: viewer.userId,
    });
    await notifyAdmins({
      db: tx,
      type: "contact_message",
      title: input.subject ? `${input.subject}` : `Message from ${name}`,
      message: `${who}: ${input.message}`,
    });
  });
}
