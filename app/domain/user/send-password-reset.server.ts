/**
 * The admin's password reset tool (/admin-auth-fix; docs/product.md#messages): sends the
 * same reset e-mail as "Forgot your password?" (better-auth's link: one hour,
 * works once) to a typed address. Unlike the public form, the admin is told
 * when no account uses the address, so a typo does not read as "sent".
 */
import { eq, sql } from "drizzle-orm";
import { user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { assertAdmin } from "./assert-admin.ts";
import { RESET_FAILED_MESSAGE, RESET_FAILED_TITLE } from "./password-reset-tool.ts";
import { requestPasswordReset } from "./sign-in.server.ts";
import type { Viewer } from "./viewer.ts";

/**
 * One way for an admin to send a reset, from /admin-auth-fix (a typed address)
 * or a user's page (the user's id): the same admin check, the same e-mail and
 * the same audit row.
 */
export async function sendPasswordResetAsAdmin(
  options: { runtime: Runtime; admin: Viewer } & ({ email: string } | { userId: string }),
) {
  const { runtime, admin } = options;
  assertAdmin(admin);
  const byEmail = "email" in options;
  const email = byEmail ? options.email.trim().toLowerCase() : "";
  const [target] = await runtime.db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(byEmail ? eq(sql`lower(${user.email})`, email) : eq(user.id, options.userId))
    .limit(1);
  if (!target) {
    throw new AppError(
      "NOT_FOUND",
      RESET_FAILED_TITLE,
      byEmail ? `No account uses ${email}. Check the address in the Users tab.` : RESET_FAILED_MESSAGE,
    );
  }
  await requestPasswordReset({ runtime, email: target.email });
  await recordAudit({
    db: runtime.db,
    actorUserId: admin.userId,
    action: "user.password_reset_sent",
    entity: "user",
    entityId: target.id,
    after: { email: target.email },
  });
  return { email: target.email };
}
