/**
 * An invitation's state (docs/product.md#roles-and-accounts): valid only while unused and not expired.
 * Used wins over expired (a used link stays "Used" after its date passes).
 * The database applies the same rule when it claims one
 * (claim-invitation.server.ts: `not used and expires_at >= now()`).
 */
export type InvitationState = "pending" | "used" | "expired" | "replaced";

/**
 * `replaced`: a newer invitation to the same address was sent while this one
 * was still valid (create-invitation expires it at that instant). The admin
 * list says so; for the link itself it is simply no longer valid.
 */
export function invitationState(
  invitation: { used: boolean; expiresAt: Date | string; replaced?: boolean },
  now: Date = new Date(),
): InvitationState {
  if (invitation.used) return "used";
  if (invitation.replaced) return "replaced";
  // Valid while expires_at is at or after now.
  return new Date(invitation.expiresAt).getTime() >= now.getTime() ? "pending" : "expired";
}

export function isInvitationUsable(invitation: { used: boolean; expiresAt: Date | string; replaced?: boolean }, now: Date = new Date()) {
  return invitationState(invitation, now) === "pending";
}

/** The admin list's label: Pending, Used <date>, Expired or Replaced. */
export function invitationStateLabel(state: InvitationState) {
  return { pending: "Pending", used: "Used", expired: "Expired", replaced: "Replaced" }[state];
}
