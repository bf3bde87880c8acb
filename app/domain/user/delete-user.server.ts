/**
 * An admin deletes a user and all their data (docs/product.md#forms,
 * #roles-and-accounts). One transaction removes the user row — foreign keys
 * cascade to the profile, seller and buyer rows, listings (with images, views,
 * transactions, mandate agreements, favourites), sessions, accounts,
 * notifications, favourites, requests and feedback — together with what does
 * not hang off a foreign key (their verification tokens, invitations to their
 * address, views they made of other listings) and an audit row. Only after the
 * commit are their listings' files removed.
 *
 * Refused: a wrong confirmation phrase, deleting yourself, and deleting the
 * last active admin. Every active admin grant is locked first, so two admins
 * deleting each other at once cannot leave the marketplace without one.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, or, sql } from "drizzle-orm";
import {
  adminAccess,
  dataExports,
  listingViews,
  listings,
  mandateAgreements,
  pendingInvitations,
  profiles,
  sellerDocuments,
  sellers,
  user,
  verification,
} from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { assertAdmin } from "./assert-admin.ts";
import type { Viewer } from "./viewer.ts";
import { INVALID_DELETE_CONFIRMATION, isDeleteConfirmation } from "./delete-user-phrase.ts";

export const DELETION_FAILED = "Deletion Failed";

/** better-auth's hashed verification identifier (`verification.storeIdentifier: "hashed"`): SHA-256, base64url. */
function hashedIdentifier(value: string) {
  return createHash("sha256").update(value).digest("base64url");
}

/** The storage folders of one listing: its photos and its signed mandate PDFs. */
export function listingStoragePrefixes(listingId: string) {
  return [`public/listings/${listingId}`, `private/mandates/${listingId}`];
}

export async function deleteUser(options: {
  runtime: Runtime;
  admin: Viewer;
  userId: string;
  /** What the admin typed: must be exactly `DELETE <their e-mail>`. */
  confirmation: string;
}): Promise<{ email: string; listingIds: string[] }> {
  const { runtime, admin, userId } = options;
  assertAdmin(admin);
  if (userId === admin.userId) {
    throw new AppError("FORBIDDEN", DELETION_FAILED, "You cannot delete your own account.");
  }

  const deleted = await runtime.db.transaction(async (tx) => {
    const activeAdmins = (
      await tx
        .select({ userId: adminAccess.userId })
        .from(adminAccess)
        .where(eq(adminAccess.isActive, true))
        .orderBy(asc(adminAccess.id))
        .for("update")
    ).map((a) => a.userId);

    const [target] = await tx
      .select({ id: user.id, email: user.email, role: profiles.role })
      .from(user)
      .leftJoin(profiles, eq(profiles.userId, user.id))
      .where(eq(user.id, userId))
      .for("update", { of: user });
    if (!target) throw new AppError("NOT_FOUND", DELETION_FAILED, "User not found.");
    if (!isDeleteConfirmation(options.confirmation, target.email)) {
      throw new AppError("BAD_REQUEST", DELETION_FAILED, INVALID_DELETE_CONFIRMATION);
    }
    if (activeAdmins.includes(target.id) && activeAdmins.every((id) => id === target.id)) {
      throw new AppError("CONFLICT", DELETION_FAILED, "You cannot delete the last active admin.");
    }
    // The grant could have been revoked (or its holder deleted) since the request's guard ran.
    if (!activeAdmins.includes(admin.userId)) {
      throw new AppError("FORBIDDEN", "Unauthorized", "You do not have permission to access this page.");
    }

    // Collected before the rows go: the files are removed after the commit.
    const owned = await tx
      .select({ id: listings.id })
      .from(listings)
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(eq(sellers.userId, target.id));
    // Verification documents and prepared data exports: private files of the user's own.
    const privateFiles = [
      ...(await tx.select({ key: sellerDocuments.storageKey }).from(sellerDocuments).where(eq(sellerDocuments.userId, target.id))),
      ...(await tx
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.userId, target.id), isNotNull(dataExports.storageKey)))),
    ].map((f) => f.key!);

    // Signed mandate PDFs, also of listings deleted earlier (their mandates outlive them; the files go now).
    const mandatePdfs = await tx
      .select({ key: mandateAgreements.signedPdfKey })
      .from(mandateAgreements)
      .where(and(eq(mandateAgreements.userId, target.id), isNotNull(mandateAgreements.signedPdfKey)));

    const email = target.email.toLowerCase();
    // Not tied to the user row by a foreign key:
    await tx.delete(listingViews).where(eq(listingViews.viewerKey, target.id));
    await tx.delete(verification).where(
      or(
        eq(verification.value, target.id), // password-reset and delete-account tokens
        inArray(verification.identifier, [
          ...new Set([target.email, email, hashedIdentifier(target.email), hashedIdentifier(email)]),
        ]),
        sql`position(${`"${email}"`} in lower(${verification.value})) > 0`, // OAuth link state naming the address
      ),
    );
    await tx.delete(pendingInvitations).where(sql`lower(${pendingInvitations.email}) = ${email}`);
    // Everything else cascades from the user row.
    await tx.delete(user).where(eq(user.id, target.id));
    await recordAudit({
      db: tx,
      actorUserId: admin.userId,
      action: "user.delete",
      entity: "user",
      entityId: target.id,
      before: {
        email: target.email,
        role: target.role,
        listings: owned.length,
        wasAdmin: activeAdmins.includes(target.id),
      },
    });
    return {
      email: target.email,
      listingIds: owned.map((l) => l.id),
      privateFiles,
      mandateKeys: mandatePdfs.map((m) => m.key!),
    };
  });

  // The rows are gone for good; a file that cannot be removed now is logged, not fatal.
  const removals = [
    ...deleted.listingIds.flatMap(listingStoragePrefixes).map((prefix) => runtime.storage.deletePrefix(prefix)),
    ...deleted.privateFiles.map((key) => runtime.storage.delete(key)),
    ...deleted.mandateKeys.map((key) => runtime.storage.delete(key)),
  ];
  const results = await Promise.allSettled(removals);
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length) {
    logger.error(
      { userId, failures: failed.map((f) => String((f as PromiseRejectedResult).reason)) },
      "deleted user's files not all removed",
    );
  }
  return { email: deleted.email, listingIds: deleted.listingIds };
}
