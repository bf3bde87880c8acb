/**
 * Looking an invitation up by its link token. Only the token's SHA-256 hash is
 * stored, so the lookup hashes what the link carries; the raw token never
 * reaches the database.
 */
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import { pendingInvitations } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { isWellFormedInvitationToken, type InviteRole } from "./invitation-schema.ts";
import { invitationState, type InvitationState } from "./invitation-state.ts";

export function hashInvitationToken(token: string) {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export type Invitation = {
  id: string;
  email: string;
  fullName: string | null;
  role: InviteRole;
  customMessage: string | null;
  usedAt: Date | null;
  expiresAt: Date;
  state: InvitationState;
};

/** The invitation a link token points to, with its state; null for an unknown or malformed token. */
export async function getInvitation(options: { db: DbOrTx; token: string | null | undefined; now?: Date }): Promise<Invitation | null> {
  const { db, token } = options;
  if (!isWellFormedInvitationToken(token)) return null;
  const [row] = await db
    .select({
      id: pendingInvitations.id,
      email: pendingInvitations.email,
      fullName: pendingInvitations.fullName,
      role: pendingInvitations.role,
      customMessage: pendingInvitations.customMessage,
      used: pendingInvitations.used,
      usedAt: pendingInvitations.usedAt,
      expiresAt: pendingInvitations.expiresAt,
    })
    .from(pendingInvitations)
    .where(eq(pendingInvitations.tokenHash, hashInvitationToken(token)))
    .limit(1);
  if (!row) return null;
  const { used, ...rest } = row;
  return { ...rest, state: invitationState({ used, expiresAt: row.expiresAt }, options.now) };
}

/** A usable invitation (unused, not expired) for the token, or null. */
export async function getUsableInvitation(options: { db: DbOrTx; token: string | null | undefined }) {
  const invitation = await getInvitation(options);
  return invitation?.state === "pending" ? invitation : null;
}
