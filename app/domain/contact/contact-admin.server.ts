/** A dashboard message to the admins (docs/product.md#forms): a notification to every active admin. */
import type { Db } from "#app/lib/db.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { ContactAdminInput } from "./contact-admin-schema.ts";

export async function contactAdmin(options: { db: Db; viewer: Viewer; input: ContactAdminInput }) {
  const { db, viewer, input } = options;
  const who = `${viewer.fullName ?? viewer.name} (${viewer.email}, ${viewer.role ?? "no role"})`;
  await notifyAdmins({
    db,
    type: "contact_message",
    title: input.subject ? `${input.subject}` : `Message from ${viewer.fullName ?? viewer.name}`,
    message: `${who}: ${input.message}`,
  });
}
