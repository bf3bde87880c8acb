/**
 * Deleting an account with all its data (docs/privacy.md#deleting-your-account, docs/product.md#roles-and-accounts),
 * by an admin (`deleteUser`, below) or by the user themselves (`deleteOwnAccount`,
 * delete-own-account.server.ts). Both go through `removeAccount`, so the two remove exactly the same:
 *
 * One transaction removes the user row — foreign keys cascade to the profile, seller and buyer rows,
 * listings (with images, views, price changes, revisions, transactions, mandate agreements, favourites),
 * sessions, sign-in methods, two-factor secrets, notifications, favourites, requests, saved searches and
 * alerts, consents, verification documents, data exports and feedback — together with what does not hang
 * off a foreign key: verification tokens, invitations to their address, views they made of other
 * listings, e-mails addressed to them in the outbox, contact messages they sent (by account or from
 * their address), and their address wherever an audit record holds it. Only after the commit are their
 * files removed (listing photos, mandate PDFs, verification documents, data exports).
 *
 * Kept: the signed mandates of their completed sales (listing sold), anonymised — no user, no e-mail,
 * no address, no PDF, the seller's line in the text replaced — until `retain_until` (five years), when
 * the daily `remove-expired-mandate-records` job deletes them (`removeExpiredMandateRecords`). The
 * deletion's own audit record keeps the account's id, its role, how many listings it had and whether it
 * was an admin: never its e-mail or name.
 *
 * Refused (both paths): deleting the last active admin. Every active admin grant is locked first, so two
 * deletions at once cannot leave the marketplace without one.
 */
import { createHash } from "node:crypto";
import { and, asc, eq, inArray, isNotNull, lt, or, sql } from "drizzle-orm";
import {
  adminAccess,
  auditEvents,
  contactMessages,
  dataExports,
  emailOutbox,
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
import type { Db, Tx } from "#app/lib/db.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { assertAdmin } from "./assert-admin.ts";
import type { Viewer } from "./viewer.ts";
import { INVALID_DELETE_CONFIRMATION, isDeleteConfirmation } from "./delete-user-phrase.ts";

export const DELETION_FAILED = "Deletion Failed";

/** What an anonymised mandate says instead of its seller's e-mail and name. */
export const ANONYMISED = "Deleted account";
/** How long the anonymised mandate of a completed sale is kept after the account goes (docs/privacy.md). */
export const MANDATE_RETENTION_YEARS = 5;

/** better-auth's hashed verification identifier (`verification.storeIdentifier: "hashed"`): SHA-256, base64url. */
function hashedIdentifier(value: string) {
  return createHash("sha256").update(value).digest("base64url");
}

/** The storage folders of one listing: its photos and its signed mandate PDFs. */
export function listingStoragePrefixes(listingId: string) {
  return [`public/listings/${listingId}`, `private/mandates/${listingId}`];
}

/** The storage folders of one account's own private files: verification documents and data exports. */
export function accountStoragePrefixes(userId: string) {
  return [`private/verification/${userId}`, `private/exports/${userId}`];
}

/** `at` plus whole years (29 February lands on 1 March). */
export function addYears(at: Date, years: number) {
  const d = new Date(at);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d;
}

/** The address, any case, wherever it appears in a text. */
const addressPattern = (email: string) => new RegExp(email.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi");

/**
 * A mandate's text without its signer: the "Seller:" line names no one, the "IP address:" line says
 * Unknown, and the address appears nowhere (any case).
 */
export function anonymisedTermsText(terms: string, email: string) {
  return terms
    .replace(/^Seller: .*$/m, `Seller: ${ANONYMISED}`)
    .replace(/^IP address: .*$/m, "IP address: Unknown")
    .replace(addressPattern(email), ANONYMISED);
}

/** Replaces the address (any case) in every string inside a JSON value. */
function withoutAddress(value: unknown, email: string): unknown {
  if (typeof value === "string") return value.replace(addressPattern(email), ANONYMISED);
  if (Array.isArray(value)) return value.map((v) => withoutAddress(v, email));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutAddress(v, email)]));
  }
  return value;
}

/** The account's address and every one it had or asked for, from its own audited e-mail changes (lower case). */
async function addressesOf(tx: Tx, userId: string, current: string) {
  const changes = await tx
    .select({ data: auditEvents.data })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.entity, "user"),
        eq(auditEvents.entityId, userId),
        inArray(auditEvents.action, ["account.email_changed", "account.email_change_requested"]),
      ),
    );
  const found = new Set([current]);
  for (const { data } of changes) {
    const d = data as { before?: { email?: unknown } | null; after?: { email?: unknown; requested?: unknown } | null };
    for (const v of [d.before?.email, d.after?.email, d.after?.requested]) {
      if (typeof v === "string" && v.includes("@")) found.add(v.toLowerCase());
    }
  }
  return [...found];
}

export type DeletionTarget = { id: string; email: string; role: string | null };

export type RemoveAccountOptions = {
  runtime: Pick<Runtime, "db" | "storage">;
  userId: string;
  /**
   * The caller's own refusals, run inside the transaction once the target and every active admin
   * grant are locked, before anything is removed (a thrown AppError leaves everything as it was).
   */
  check: (context: { target: DeletionTarget; activeAdmins: string[] }) => void;
  /** The refusal when the target is the last active admin. */
  lastAdminRefusal: () => AppError;
  /** The deletion's audit record: who (null once it is the account itself, which is gone) and the action. */
  audit: { actorUserId: string | null; action: "user.delete" | "user.delete-own" };
  now?: Date;
};

export type RemovedAccount = { email: string; listingIds: string[]; mandatesKept: number };

/** The one deletion both paths share (see the module comment). */
export async function removeAccount(options: RemoveAccountOptions): Promise<RemovedAccount> {
  const { runtime, userId, now = new Date() } = options;

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
    options.check({ target, activeAdmins });
    if (activeAdmins.includes(target.id) && activeAdmins.every((id) => id === target.id)) {
      throw options.lastAdminRefusal();
    }

    // Collected before the rows go: the files are removed after the commit.
    const owned = await tx
      .select({ id: listings.id })
      .from(listings)
      .innerJoin(sellers, eq(sellers.id, listings.sellerId))
      .where(eq(sellers.userId, target.id));
    // Verification documents and prepared data exports: private files of the user's own.
    const privateFiles = [
      ...(await tx
        .select({ key: sellerDocuments.storageKey })
        .from(sellerDocuments)
        .where(eq(sellerDocuments.userId, target.id))),
      ...(await tx
        .select({ key: dataExports.storageKey })
        .from(dataExports)
        .where(and(eq(dataExports.userId, target.id), isNotNull(dataExports.storageKey)))),
    ].map((f) => f.key!);

    // Signed mandate PDFs, also of listings deleted earlier (their mandates outlive them; the files go now),
    // and of the completed sales kept below (the PDF carries the signature).
    const mandatePdfs = await tx
      .select({ key: mandateAgreements.signedPdfKey })
      .from(mandateAgreements)
      .where(and(eq(mandateAgreements.userId, target.id), isNotNull(mandateAgreements.signedPdfKey)));

    const email = target.email.toLowerCase();
    // Every address the account has had (its e-mail changes are audited): e-mails sent to an earlier
    // address are theirs too, and the audit names them by none of these.
    const addresses = await addressesOf(tx, target.id, email);
    const mandatesKept = await keepCompletedSales(tx, target, now);

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
    // E-mails to them (delivered or not): their address, and what was said to them.
    // (The outbox stores addresses in lower case: writeEmail.)
    await tx.delete(emailOutbox).where(inArray(emailOutbox.toAddress, addresses));
    // Messages they sent the team: signed in (linked), or from the contact page with their address.
    await tx
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, target.id), sql`lower(${contactMessages.email}) = ${email}`));
    // Audit records stay (who changed what), naming the account by its id only.
    for (const address of addresses) {
      const naming = await tx
        .select({ id: auditEvents.id, data: auditEvents.data })
        .from(auditEvents)
        .where(sql`position(${address} in lower(${auditEvents.data}::text)) > 0`);
      for (const row of naming) {
        await tx
          .update(auditEvents)
          .set({ data: withoutAddress(row.data, address) })
          .where(eq(auditEvents.id, row.id));
      }
    }

    // Everything else cascades from the user row.
    await tx.delete(user).where(eq(user.id, target.id));
    // The user row is gone, so the actor of a self-deletion is recorded as no one (the entity names the account).
    await tx.insert(auditEvents).values({
      actorUserId: options.audit.actorUserId,
      action: options.audit.action,
      entity: "user",
      entityId: target.id,
      data: {
        before: {
          role: target.role,
          listings: owned.length,
          wasAdmin: activeAdmins.includes(target.id),
          mandatesKept,
        },
        after: null,
      },
    });
    return {
      email: target.email,
      listingIds: owned.map((l) => l.id),
      privateFiles,
      mandateKeys: mandatePdfs.map((m) => m.key!),
      mandatesKept,
    };
  });

  await removeFiles(runtime.storage, {
    userId,
    prefixes: [...deleted.listingIds.flatMap(listingStoragePrefixes), ...accountStoragePrefixes(userId)],
    keys: [...deleted.privateFiles, ...deleted.mandateKeys],
  });
  return { email: deleted.email, listingIds: deleted.listingIds, mandatesKept: deleted.mandatesKept };
}

/**
 * The signed mandates of the account's completed sales (listing sold) stay, anonymised, until
 * `retain_until`; its other mandates cascade with the user row. Returns how many were kept.
 */
async function keepCompletedSales(tx: Tx, target: DeletionTarget, now: Date) {
  const sold = await tx
    .select({ id: mandateAgreements.id, termsText: mandateAgreements.termsText })
    .from(mandateAgreements)
    .innerJoin(listings, eq(listings.id, mandateAgreements.listingId))
    .where(and(eq(mandateAgreements.userId, target.id), eq(listings.status, "sold")));
  const retainUntil = addYears(now, MANDATE_RETENTION_YEARS);
  for (const m of sold) {
    await tx
      .update(mandateAgreements)
      .set({
        userId: null,
        userEmail: ANONYMISED,
        ipAddress: "Unknown",
        signedPdfKey: null,
        termsText: anonymisedTermsText(m.termsText, target.email.toLowerCase()),
        anonymisedAt: now,
        retainUntil,
      })
      .where(eq(mandateAgreements.id, m.id));
  }
  return sold.length;
}

/** The rows are gone for good; a file that cannot be removed now is logged, not fatal. */
async function removeFiles(storage: Storage, files: { userId: string; prefixes: string[]; keys: string[] }) {
  const results = await Promise.allSettled([
    ...files.prefixes.map((prefix) => storage.deletePrefix(prefix)),
    ...files.keys.map((key) => storage.delete(key)),
  ]);
  const failed = results.filter((r) => r.status === "rejected");
  if (failed.length) {
    logger.error(
      { userId: files.userId, failures: failed.map((f) => String((f as PromiseRejectedResult).reason)) },
      "deleted user's files not all removed",
    );
  }
}

/** An admin deletes a user. Refused: a wrong confirmation phrase, deleting yourself, the last active admin. */
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
  const { email, listingIds } = await removeAccount({
    runtime,
    userId,
    check: ({ target, activeAdmins }) => {
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
    },
    lastAdminRefusal: () => new AppError("CONFLICT", DELETION_FAILED, "You cannot delete the last active admin."),
    audit: { actorUserId: admin.userId, action: "user.delete" },
  });
  return { email, listingIds };
}

/**
 * Daily: anonymised mandates whose retention period is over are deleted (their PDFs went when they were
 * anonymised). Returns how many.
 */
export async function removeExpiredMandateRecords(options: { db: Db; now?: Date }) {
  const removed = await options.db
    .delete(mandateAgreements)
    .where(and(isNotNull(mandateAgreements.anonymisedAt), lt(mandateAgreements.retainUntil, options.now ?? new Date())))
    .returning({ id: mandateAgreements.id });
  return removed.length;
}
