/**
 * "Create Buyer Profile" on the buyer dashboard (docs/product.md#roles-and-accounts): upserts the profile
 * with role buyer and the buyers row with the commission accepted, in one
 * transaction. Only a buyer (or a user still without a role) may do it.
 */
import { buyers, profiles } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Db } from "#app/lib/db.server.ts";
import { BUYER_PROFILE_MESSAGES, BUYER_PROFILE_TITLES, CreateBuyerProfileSchema, type CreateBuyerProfileInput } from "./buyer-profile-schema.ts";
import type { Viewer } from "./viewer.ts";

export async function createBuyerProfile(options: { db: Db; viewer: Viewer; input: CreateBuyerProfileInput }) {
  const { db, viewer } = options;
  if (viewer.isAdmin || (viewer.role !== null && viewer.role !== "buyer")) {
    throw new AppError("FORBIDDEN", "Error", BUYER_PROFILE_MESSAGES.failed);
  }
  // The route has parsed already; the domain does not trust its callers.
  const parsed = CreateBuyerProfileSchema.safeParse(options.input);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("BAD_REQUEST", BUYER_PROFILE_TITLES[message] ?? "Error", message);
  }
  const input = parsed.data;
  const companyName = input.companyName ?? null;
  const province = input.province ?? null;
  await db.transaction(async (tx) => {
    const profile = { role: "buyer" as const, fullName: input.fullName, companyName, updatedAt: new Date() };
    await tx
      .insert(profiles)
      .values({ userId: viewer.userId, email: viewer.email, ...profile })
      .onConflictDoUpdate({ target: profiles.userId, set: profile });
    await tx
      .insert(buyers)
      .values({ userId: viewer.userId, companyName, province, commissionAccepted: true })
      .onConflictDoUpdate({ target: buyers.userId, set: { companyName, province, commissionAccepted: true } });
  });
}
