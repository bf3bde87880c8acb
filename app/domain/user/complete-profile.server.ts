/**
 * Role choice and profile completion. The role can be chosen once; admin is
 * never self-assigned. An account without a role is a Google sign-up: the page
 * where it chooses one (/select-role, or /complete-profile) says "By creating
 * an account you accept the Terms of use and the Privacy policy", and the
 * transaction that sets the role records that acceptance.
 */
import { eq } from "drizzle-orm";
import type { z } from "zod";
import { buyers, profiles, sellers } from "#db/schema.ts";
import { recordConsent } from "#app/domain/alert/consent.server.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db, Tx } from "#app/lib/db.server.ts";
import { TERMS_CONSENT_DETAIL, TERMS_CONSENT_SOURCES } from "#app/lib/legal.ts";
import type { CompleteProfileSchema } from "./auth-schemas.ts";
import { hasCompleteBuyerProfile, type Viewer } from "./viewer.ts";

function assertRoleAllowed(viewer: Viewer, role: "buyer" | "seller") {
  if (viewer.isAdmin || (viewer.role && viewer.role !== role)) {
    throw new AppError("FORBIDDEN", "Profile Update Failed", "Your account type is already set and cannot be changed here.");
  }
}

/** The first role of a Google sign-up accepts the terms (recorded with the role, in its transaction). */
async function recordTermsOnFirstRole(tx: Tx, viewer: Viewer) {
  if (viewer.role) return;
  await recordConsent({
    db: tx,
    userId: viewer.userId,
    purpose: "terms",
    granted: true,
    detail: TERMS_CONSENT_DETAIL,
    source: TERMS_CONSENT_SOURCES.google,
  });
}

export async function selectRole(options: { db: Db; viewer: Viewer; role: "buyer" | "seller" }) {
  const { db, viewer, role } = options;
  assertRoleAllowed(viewer, role);
  await db.transaction(async (tx) => {
    await tx
      .insert(profiles)
      .values({ userId: viewer.userId, role, email: viewer.email, fullName: viewer.fullName ?? viewer.name ?? null })
      .onConflictDoUpdate({ target: profiles.userId, set: { role, updatedAt: new Date() } });
    await recordTermsOnFirstRole(tx, viewer);
  });
}

export async function completeProfile(options: {
  db: Db;
  viewer: Viewer;
  data: z.infer<typeof CompleteProfileSchema>;
}) {
  const { db, viewer, data } = options;
  assertRoleAllowed(viewer, data.role);
  await db.transaction(async (tx) => {
    const values = {
      role: data.role,
      fullName: data.fullName,
      companyName: data.companyName ?? null,
      website: data.website ?? null,
      updatedAt: new Date(),
    };
    await tx
      .insert(profiles)
      .values({ userId: viewer.userId, email: viewer.email, ...values })
      .onConflictDoUpdate({ target: profiles.userId, set: values });
    if (data.role === "seller") {
      await tx
        .insert(sellers)
        .values({ userId: viewer.userId, fullName: data.fullName })
        .onConflictDoUpdate({ target: sellers.userId, set: { fullName: data.fullName } });
    } else {
      await tx
        .insert(buyers)
        .values({ userId: viewer.userId, companyName: data.companyName ?? null, commissionAccepted: true })
        .onConflictDoUpdate({
          target: buyers.userId,
          set: { companyName: data.companyName ?? null, commissionAccepted: true },
        });
    }
    await recordTermsOnFirstRole(tx, viewer);
  });
}

/** Whether /complete-profile still has something to ask this viewer. */
export function needsProfileCompletion(viewer: Viewer) {
  if (viewer.isAdmin) return false;
  if (!viewer.role) return true;
  if (!viewer.fullName) return true;
  if (viewer.role === "seller") return !viewer.hasSellerProfile;
  if (viewer.role === "buyer") return !hasCompleteBuyerProfile(viewer);
  return false;
}

export async function getProfile(options: { db: Db; userId: string }) {
  const { db, userId } = options;
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
  return row ?? null;
}
