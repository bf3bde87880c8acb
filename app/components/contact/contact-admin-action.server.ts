/**
 * Both dashboards' `contact-admin` intent: parse with the shared schema, send
 * the message to the admins, answer the form (field errors with 400, a known
 * failure with its status, success with the form reset and `sent`).
 */
import { contactAdmin } from "#app/domain/contact/contact-admin.server.ts";
import { CONTACT_ADMIN_INTENT, CONTACT_ADMIN_TITLES } from "#app/domain/contact/contact-admin-schema.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Db } from "#app/lib/db.server.ts";
import { doneReply, invalidReply, runForm } from "#app/lib/form-reply.server.ts";
import { parseContactAdmin } from "./contact-admin-form.tsx";

export async function replyToContactAdmin(options: { db: Db; viewer: Viewer; formData: FormData }) {
  const submission = parseContactAdmin(options.formData);
  const extra = { intent: CONTACT_ADMIN_INTENT as string, sent: false };
  if (submission.status !== "success") return invalidReply(submission, { title: CONTACT_ADMIN_TITLES.required, extra });
  return runForm(
    submission,
    async () => {
      await contactAdmin({ db: options.db, viewer: options.viewer, input: submission.value });
      return doneReply(submission, {
        toast: { type: "success", title: CONTACT_ADMIN_TITLES.sent },
        extra: { ...extra, sent: true },
      });
    },
    { extra },
  );
}
