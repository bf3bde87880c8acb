/**
 * An admin invites someone (docs/product.md#forms): a random
 * link token (256 bits) of which only the SHA-256 hash is stored, valid for
 * 7 days, and the invitation e-mail written to the outbox in the same
 * transaction (delivery queued after commit). A newer invitation to the same
 * address replaces the older pending ones (they expire now), so only the
 * latest link works.
 */
import { randomBytes } from "node:crypto";
import { and, eq, gte, sql } from "drizzle-orm";
import { pendingInvitations, user } from "#db/schema.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { AppError } from "#app/lib/app-error.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { hashInvitationToken } from "./get-invitation.server.ts";
import { INVITATION_MESSAGES, INVITATION_TTL_DAYS, type InviteInput } from "./invitation-schema.ts";

export function invitationUrl(options: { publicUrl: string; token: string }) {
  return `${options.publicUrl}/signup?invitation=${options.token}`;
}

export async function createInvitation(options: { runtime: Runtime; admin: Viewer; input: InviteInput }) {
  const { runtime, admin, input } = options;
  assertAdmin(admin);
  const email = input.email.toLowerCase();
  const { db } = runtime;

  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (existing) {
    throw new AppError("CONFLICT", INVITATION_MESSAGES.alreadyRegisteredTitle, INVITATION_MESSAGES.alreadyRegistered);
  }

  const token = randomBytes(32).toString("base64url");
  let send: (() => Promise<void>) | undefined;
  const row = await db.transaction(async (tx) => {
    // Older pending invitations to this address stop working.
    await tx
      .update(pendingInvitations)
      .set({ expiresAt: sql`now()` })
      .where(
        and(
          eq(pendingInvitations.email, email),
          eq(pendingInvitations.used, false),
          gte(pendingInvitations.expiresAt, sql`now()`),
        ),
      );
    const [created] = await tx
      .insert(pendingInvitations)
      .values({
        tokenHash: hashInvitationToken(token),
        email,
        fullName: input.fullName ?? null,
        role: input.role,
        customMessage: input.customMessage ?? null,
        invitedBy: admin.userId,
        expiresAt: sql`now() + make_interval(days => ${INVITATION_TTL_DAYS})`,
      })
      .returning({
        id: pendingInvitations.id,
        email: pendingInvitations.email,
        role: pendingInvitations.role,
        createdAt: pendingInvitations.createdAt,
        expiresAt: pendingInvitations.expiresAt,
      });
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: "invitation.sent",
      entity: "pending_invitation",
      entityId: created!.id,
      after: { email, role: input.role, fullName: input.fullName ?? null },
    });
    send = await runtime.queueEmail(
      composeEmail("send-invitation", email, {
        fullName: input.fullName,
        role: input.role,
        customMessage: input.customMessage,
        url: invitationUrl({ publicUrl: runtime.env.PUBLIC_URL, token }),
        validDays: INVITATION_TTL_DAYS,
      }),
      tx,
    );
    return created!;
  });
  await send?.();
  // The raw token goes back only to the caller (tests); the page never shows it.
  return { ...row, token };
}
