/**
 * Claiming an invitation: one conditional UPDATE inside the sign-up's
 * transaction. Two sign-ups racing on one link both try it; PostgreSQL
 * re-checks `not used` for the second once the first commits, so exactly one
 * gets the row and the other is refused. If the sign-up fails afterwards, its
 * transaction rolls the claim back and the link stays usable.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { pendingInvitations } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Tx } from "#app/lib/db.server.ts";
import { hashInvitationToken } from "./get-invitation.server.ts";
import { INVITATION_MESSAGES, isWellFormedInvitationToken } from "./invitation-schema.ts";

export function invalidInvitationError() {
  return new AppError("BAD_REQUEST", INVITATION_MESSAGES.invalidTitle, INVITATION_MESSAGES.invalid);
}

/** Marks the invitation used (used_at = now()) and returns it; throws "Invalid Invitation" if it cannot be claimed. */
export async function claimInvitation(options: { db: Tx; token: string }) {
  const { db: tx, token } = options;
  if (!isWellFormedInvitationToken(token)) throw invalidInvitationError();
  const [row] = await tx
    .update(pendingInvitations)
    .set({ used: true, usedAt: sql`now()` })
    .where(
      and(
        eq(pendingInvitations.tokenHash, hashInvitationToken(token)),
        eq(pendingInvitations.used, false),
        gte(pendingInvitations.expiresAt, sql`now()`),
      ),
    )
    .returning({
      id: pendingInvitations.id,
      email: pendingInvitations.email,
      role: pendingInvitations.role,
      usedAt: pendingInvitations.usedAt,
    });
  if (!row) throw invalidInvitationError();
  return row;
}
