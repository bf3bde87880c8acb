/**
 * Sign-up: the user, their password, the profile and the buyer or seller row
 * are written in one transaction together with the confirmation e-mail in the
 * outbox; delivery is queued after commit.
 *
 * Through an invitation (`input.invitation`, the link's token) the same
 * transaction first claims the invitation (marks it used, used_at = now()):
 * the role is the invitation's, whatever was posted; the e-mail must be the
 * invited one; and since the link proved the address, the account is created
 * verified and no confirmation e-mail is sent.
 *
 * The sign-up forms say "By creating an account you accept the Terms of use
 * and the Privacy policy": with `termsAccepted` the same transaction records
 * that acceptance (a `consents` row naming the terms' version, from "sign-up"
 * or "invitation sign-up"). Seeds and tests that make accounts directly leave
 * it out.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { account, buyers, profiles, sellers, user } from "#db/schema.ts";
import { claimInvitation, invalidInvitationError } from "#app/domain/invitation/claim-invitation.server.ts";
import { getInvitation } from "#app/domain/invitation/get-invitation.server.ts";
import { INVITATION_MESSAGES } from "#app/domain/invitation/invitation-schema.ts";
import { recordConsent } from "#app/domain/alert/consent.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import { TERMS_CONSENT_DETAIL, TERMS_CONSENT_SOURCES } from "#app/lib/legal.ts";
import { VERIFY_EMAIL_EXPIRES_IN } from "#app/lib/auth.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import type { z } from "zod";
import { startConfirmationCooldown } from "./confirmation-cooldown.server.ts";
import { passwordProblem, TITLES, type SignUpSchema } from "./auth-schemas.ts";

/**
 * The sign-up form's fields; callers other than the form (tests, seeds) may leave the commission out, and the
 * terms: only a sign-up form's submission accepts them (`termsAccepted: true`).
 */
export type SignUpInput = Omit<z.infer<typeof SignUpSchema>, "commissionAccepted"> & {
  commissionAccepted?: boolean;
  termsAccepted?: boolean;
};

export async function verificationUrl(options: { runtime: Pick<Runtime, "env">; email: string; userId: string }) {
  const { runtime, ...input } = options;
  const token = await createEmailVerificationToken(
    runtime.env.SESSION_SECRET,
    input.email,
    undefined,
    VERIFY_EMAIL_EXPIRES_IN,
    { userId: input.userId },
  );
  const callback = encodeURIComponent("/auth/callback?type=signup");
  return `${runtime.env.PUBLIC_URL}/api/auth/verify-email?token=${token}&callbackURL=${callback}`;
}

function emailMismatchError() {
  return new AppError("BAD_REQUEST", INVITATION_MESSAGES.mismatchTitle, INVITATION_MESSAGES.mismatch, {
    email: [INVITATION_MESSAGES.mismatch],
  });
}

export async function createUser(
  options: { runtime: Runtime } & SignUpInput & { emailVerified?: boolean },
): Promise<{ userId: string; role: SignUpInput["role"]; emailVerified: boolean }> {
  const { runtime, ...input } = options;
  const email = input.email.toLowerCase();
  const { db } = runtime;
  // The form schema says so too; this holds for every caller.
  const weak = passwordProblem(input.password);
  if (weak) throw new AppError("BAD_REQUEST", TITLES[weak] ?? "Sign Up Failed", weak, { password: [weak] });
  const invitationToken = input.invitation || undefined;
  if (invitationToken) {
    // Early answers with the spec's words; the claim below decides for real.
    const invitation = await getInvitation({ db, token: invitationToken });
    if (!invitation || invitation.state !== "pending") throw invalidInvitationError();
    if (invitation.email.toLowerCase() !== email) throw emailMismatchError();
  }
  const emailVerified = Boolean(invitationToken) || (input.emailVerified ?? false);
  const [existing] = await db
    .select({ id: user.id })
    .from(user)
    .where(eq(sql`lower(${user.email})`, email))
    .limit(1);
  if (existing) {
    throw new AppError("CONFLICT", "Account Already Exists", "This email is already registered. Please sign in instead.");
  }
  const userId = randomUUID();
  const passwordHash = await hashPassword(input.password);
  const url = emailVerified ? undefined : await verificationUrl({ runtime, email, userId });

  let dispatch: (() => Promise<void>) | undefined;
  let role = input.role;
  try {
    await db.transaction(async (tx) => {
      if (invitationToken) {
        const claimed = await claimInvitation({ db: tx, token: invitationToken });
        if (claimed.email.toLowerCase() !== email) throw emailMismatchError();
        role = claimed.role;
      }
      await tx.insert(user).values({
        id: userId,
        name: input.fullName,
        email,
        emailVerified,
      });
      await tx.insert(account).values({
        id: randomUUID(),
        accountId: userId,
        providerId: "credential",
        userId,
        password: passwordHash,
      });
      await tx.insert(profiles).values({
        userId,
        role,
        fullName: input.fullName,
        email,
        phoneNumber: input.phone,
        companyName: input.companyName ?? null,
        sellerType: role === "seller" ? (input.sellerType ?? null) : null,
        sellerRole: role === "seller" ? (input.sellerRole ?? null) : null,
      });
      if (role === "seller") {
        await tx.insert(sellers).values({
          userId,
          fullName: input.fullName,
          phoneNumber: input.phone,
          sellerType: input.sellerType ?? null,
          sellerRole: input.sellerRole ?? null,
        });
      } else {
        await tx.insert(buyers).values({
          userId,
          phoneNumber: input.phone,
          companyName: input.companyName ?? null,
          // Accepted on the sign-up form: the buyer is complete at once (Google sign-ups accept it on /complete-profile).
          commissionAccepted: input.commissionAccepted === true,
        });
      }
      if (input.termsAccepted) {
        await recordConsent({
          db: tx,
          userId,
          purpose: "terms",
          granted: true,
          detail: TERMS_CONSENT_DETAIL,
          source: invitationToken ? TERMS_CONSENT_SOURCES.invitation : TERMS_CONSENT_SOURCES.signUp,
        });
      }
      if (url) {
        dispatch = await runtime.queueEmail(composeEmail("verify-email", email, { name: input.fullName, url }), tx);
        // "Resend" waits for the cool-down from this first e-mail on.
        await startConfirmationCooldown({ db: tx, env: runtime.env, email });
      }
    });
  } catch (error) {
    // Two sign-ups racing for one address: the unique index answers.
    if (error instanceof Error && /user_email_unique|duplicate key/i.test(`${error.message} ${String((error as { cause?: unknown }).cause)}`)) {
      throw new AppError("CONFLICT", "Account Already Exists", "This email is already registered. Please sign in instead.");
    }
    throw error;
  }
  await dispatch?.();
  return { userId, role, emailVerified };
}
