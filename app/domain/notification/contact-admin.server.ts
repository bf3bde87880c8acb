import type { z } from "zod";
import type { Db } from "#app/lib/db.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { ContactAdminSchema } from "./contact-admin-schema.ts";
import { notifyAdmins } from "./create-notification.server.ts";

/** A dashboard message to the admins (spec §5 Contact message): a notification to every active admin. */
export async function contactAdmin(options: { db: Db; viewer: Viewer; input: z.infer<typeof ContactAdminSchema> }) {
  const { viewer, input } = options;
  const who = `${viewer.fullName ?? viewer.name} (${viewer.email}, ${viewer.role ?? "no role"})`;
  await notifyAdmins({
    db: options.db,
    type: "contact_message",
    title: input.subject ? `${input.subject}` : `Message from ${viewer.fullName ?? viewer.name}`,
    message: `${who}: ${input.message}`,
  });
}
