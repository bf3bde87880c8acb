/**
 * The admin's password reset tool (/admin-auth-fix, spec §2, §8): sends the
 * same reset e-mail as "Forgot your password?" (better-auth's link: one hour,
 * works once) to a typed address. Unlike the public form, the admin is told
 * when no account uses the address, so a typo does not read as "sent".
 */
import { eq, sql } from "drizzle-orm";
import { user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/lib/runtime.server.ts";
import { RESET_FAILED_TITLE } from "./password-reset-tool.ts";
import { requestPasswordReset } from "./sign-in.server.ts";
import type { Viewer } from "./viewer.ts";

export async function sendPasswordResetAsAdmin(options: { runtime: Runtime; admin: Viewer; email: string }) {
  const { runtime, admin } = options;
  if (!admin.isAdmin) throw new AppError("FORBIDDEN", "Unauthorized", "You do not have permission to access this page.");
  const email = options.email.trim().toLowerCase();
  const [target] = await runtime.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (!target) {
    throw new AppError("NOT_FOUND", RESET_FAILED_TITLE, `No account uses ${email}. Check the address in the Users tab.`);
  }
  await requestPasswordReset(runtime, target.email);
  await recordAudit(runtime.db, {
    actorUserId: admin.userId,
    action: "user.password_reset_sent",
    entity: "user",
    entityId: target.id,
    after: { email: target.email },
  });
  return { email: target.email };
}
