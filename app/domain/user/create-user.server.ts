/**
 * Sign-up: the user, their password, the profile and the buyer or seller row
 * are written in one transaction together with the confirmation e-mail in the
 * outbox; delivery is queued after commit.
 */
import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { hashPassword } from "better-auth/crypto";
import { createEmailVerificationToken } from "better-auth/api";
import { account, buyers, profiles, sellers, user } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { VERIFY_EMAIL_EXPIRES_IN } from "#app/lib/auth.server.ts";
import { verifyEmailEmail } from "#app/lib/emails.server.ts";
import type { Runtime } from "#app/lib/runtime.server.ts";
import type { z } from "zod";
import type { SignUpSchema } from "./auth-schemas.ts";

export type SignUpInput = z.infer<typeof SignUpSchema>;

export async function verificationUrl(runtime: Pick<Runtime, "env">, input: { email: string; userId: string }) {
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

export async function createUser(
  runtime: Runtime,
  input: SignUpInput & { emailVerified?: boolean },
): Promise<{ userId: string }> {
  const email = input.email.toLowerCase();
  const { db } = runtime;
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
  const url = await verificationUrl(runtime, { email, userId });

  let dispatch: (() => Promise<void>) | undefined;
  try {
    await db.transaction(async (tx) => {
      await tx.insert(user).values({
        id: userId,
        name: input.fullName,
        email,
        emailVerified: input.emailVerified ?? false,
        role: "user",
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
        role: input.role,
        fullName: input.fullName,
        email,
        phoneNumber: input.phone,
        companyName: input.companyName ?? null,
        sellerType: input.role === "seller" ? (input.sellerType ?? null) : null,
        sellerRole: input.role === "seller" ? (input.sellerRole ?? null) : null,
      });
      if (input.role === "seller") {
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
          commissionAccepted: false,
        });
      }
      if (!input.emailVerified) {
        dispatch = await runtime.queueEmail(verifyEmailEmail({ email, name: input.fullName, url }), tx);
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
  return { userId };
}
