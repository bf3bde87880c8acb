/**
 * The admin's review of a seller's changes to an approved listing (docs/product.md#editing-a-listing):
 * the queue, one revision beside the approved version, and the decision. Approving copies the new
 * photos into the listing's folder and writes the content and photos to the listing in one
 * transaction; rejecting keeps the approved version, with an optional reason for the seller. Either
 * way the seller is told (notification and e-mail) and an audit row records it; the revision state
 * map refuses a second decision (409).
 */
import { queueListingMatch } from "#app/domain/alert/match-saved-searches.server.ts";
import { asc, eq, sql } from "drizzle-orm";
import {
  listingImages,
  listingRevisions,
  listings,
  sellers,
  user,
  type RevisionContent,
  type RevisionPhoto,
} from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import { imageVariantUrl } from "#app/lib/images.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { changedContent, copyPhoto, deletePhotos } from "./edit-own-listing.server.ts";
import { nextRevisionStatus, REJECTION_REASON_MAX } from "./listing-state.ts";
import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { photoToken } from "./photo-plan.ts";

const FAILED = "Changes not decided";

/** The changes waiting for review, oldest first. */
export async function findPendingRevisions(options: { db: DbOrTx; admin: Viewer }) {
  assertAdmin(options.admin);
  const rows = await options.db
    .select({
      id: listingRevisions.id,
      listingId: listings.id,
      title: listings.title,
      sellerName: sellers.fullName,
      submittedAt: listingRevisions.updatedAt,
    })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(listingRevisions.status, "pending"))
    .orderBy(asc(listingRevisions.createdAt))
    .limit(100);
  return rows.map((r) => ({ ...r, submittedAt: r.submittedAt.toISOString() }));
}

async function readRevision(options: { db: DbOrTx; revisionId: string; lock?: boolean }) {
  if (!isUuid(options.revisionId)) return undefined;
  const query = options.db
    .select({
      revision: listingRevisions,
      listing: {
        id: listings.id,
        status: listings.status,
        title: listings.title,
        description: listings.description,
        category: listings.category,
        condition: listings.condition,
        ...machineSpecColumns,
      },
      sellerUserId: sellers.userId,
      sellerEmail: user.email,
      sellerName: sellers.fullName,
    })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(eq(listingRevisions.id, options.revisionId));
  const [row] = options.lock ? await query.for("update", { of: [listingRevisions, listings] }) : await query;
  return row;
}

async function photosOf(db: DbOrTx, listingId: string): Promise<RevisionPhoto[]> {
  return db
    .select({ storageKey: listingImages.storageKey, width: listingImages.width, height: listingImages.height })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.position));
}

/** One revision beside the approved version: every reviewed field, which changed, and both photo lists. */
export async function getRevisionForReview(options: {
  db: DbOrTx;
  storage: Storage;
  admin: Viewer;
  revisionId: string;
}) {
  const { db, storage, admin, revisionId } = options;
  assertAdmin(admin);
  const row = await readRevision({ db, revisionId });
  if (!row) return null;
  const { id, status: listingStatus, ...before } = row.listing;
  const url = (p: RevisionPhoto) => imageVariantUrl(storage, p.storageKey, "card");
  return {
    id: row.revision.id,
    status: row.revision.status,
    reason: row.revision.reason,
    submittedAt: row.revision.updatedAt.toISOString(),
    listingId: id,
    listingStatus,
    sellerName: row.sellerName,
    before: before as RevisionContent,
    after: row.revision.content,
    changed: changedContent(before as RevisionContent, row.revision.content),
    photosBefore: (await photosOf(db, id)).map(url),
    photosAfter: row.revision.photos.map(url),
    own: row.sellerUserId === admin.userId,
  };
}

export async function decideListingRevision(options: {
  runtime: Pick<Runtime, "db" | "storage" | "queueEmail" | "env">;
  admin: Viewer;
  revisionId: string;
  decision: "approve" | "reject";
  reason?: string;
}) {
  const { runtime, admin, revisionId, decision } = options;
  const { db, storage } = runtime;
  assertAdmin(admin);
  const reason = decision === "reject" ? options.reason?.trim() || null : null;
  if (reason && reason.length > REJECTION_REASON_MAX) {
    throw new AppError("BAD_REQUEST", FAILED, `${tooLong("Reason", REJECTION_REASON_MAX)}.`);
  }
  const seen = await readRevision({ db, revisionId });
  if (!seen) throw new AppError("NOT_FOUND", FAILED, "These changes were not found.");

  // An approval copies the revision's new photos into the listing's folder before the transaction.
  const listingFolder = `public/listings/${seen.listing.id}/`;
  const copies =
    decision === "approve"
      ? seen.revision.photos
          .filter((p) => !p.storageKey.startsWith(listingFolder))
          .map((p) => ({ from: p.storageKey, to: `${listingFolder}${photoToken(p.storageKey)}` }))
      : [];
  let send: (() => Promise<void>) | undefined;
  let decided: { title: string; unused: RevisionPhoto[] };
  try {
    for (const c of copies) await copyPhoto({ storage, ...c });
    decided = await db.transaction(async (tx) => {
      const row = await readRevision({ db: tx, revisionId, lock: true });
      if (!row) throw new AppError("NOT_FOUND", FAILED, "These changes were not found.");
      if (row.sellerUserId === admin.userId)
        throw new AppError("FORBIDDEN", FAILED, "You cannot review changes to your own listing.");
      const to = decision === "approve" ? "approved" : "rejected";
      if (
        !nextRevisionStatus(row.revision.status, to) ||
        row.revision.updatedAt.getTime() !== seen.revision.updatedAt.getTime()
      ) {
        throw new AppError(
          "CONFLICT",
          FAILED,
          row.revision.status === "pending"
            ? "The seller changed these edits meanwhile. Please reload the page."
            : `These changes were already ${row.revision.status}.`,
        );
      }
      if (decision === "approve" && row.listing.status === "sold") {
        throw new AppError("CONFLICT", FAILED, "The listing is sold: its changes can only be rejected.");
      }
      const now = new Date();
      await tx
        .update(listingRevisions)
        .set({ status: to, decidedBy: admin.userId, decidedAt: now, reason, updatedAt: now })
        .where(eq(listingRevisions.id, revisionId));
      const { id: listingId, status: _s, ...before } = row.listing;
      let unused: RevisionPhoto[] = [];
      if (decision === "approve") {
        const live = await photosOf(tx, listingId);
        const photos = row.revision.photos.map((p) => ({
          ...p,
          storageKey: `${listingFolder}${photoToken(p.storageKey)}`,
        }));
        await tx
          .update(listings)
          .set({ ...row.revision.content, updatedAt: now })
          .where(eq(listings.id, listingId));
        await tx.delete(listingImages).where(eq(listingImages.listingId, listingId));
        await tx.insert(listingImages).values(photos.map((p, position) => ({ listingId, position, ...p })));
        unused = live.filter((l) => !photos.some((p) => p.storageKey === l.storageKey));
        // The approved content may match saved searches the old one did not.
        await queueListingMatch({ db: tx, listingId });
      }
      const title = decision === "approve" ? row.revision.content.title : row.listing.title;
      await recordAudit({
        db: tx,
        actorUserId: admin.userId,
        action: `listing.revision-${decision}`,
        entity: "listing",
        entityId: listingId,
        before: decision === "approve" ? before : null,
        after: decision === "approve" ? row.revision.content : { reason },
      });
      await notifyUser({
        db: tx,
        userId: row.sellerUserId,
        type: "listing_status",
        title: decision === "approve" ? `Changes approved: ${title}` : `Changes not approved: ${title}`,
        message:
          decision === "approve"
            ? `Your changes to "${title}" are live.`
            : `Your changes to "${title}" were not approved; buyers keep seeing the approved version.${reason ? ` Reason: ${reason}` : ""}`,
      });
      send = await runtime.queueEmail(
        composeEmail("send-revision-decision", row.sellerEmail, {
          title,
          approved: decision === "approve",
          url: `${runtime.env.PUBLIC_URL}/seller-dashboard`,
          reason,
        }),
        tx,
      );
      return { title, unused };
    });
  } catch (error) {
    await deletePhotos(
      storage,
      copies.map((c) => c.to),
    );
    throw error;
  }
  await send?.();
  // The revision's own folder (its new photos are copied, or refused) and the photos replaced.
  await storage.deletePrefix(`public/listings/${revisionId}`);
  await deletePhotos(
    storage,
    decided.unused.map((p) => p.storageKey),
  );
  return { title: decided.title, decision };
}

/** How many changes wait for review (the admin's tab). */
export async function countPendingRevisions(db: DbOrTx) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(listingRevisions)
    .where(eq(listingRevisions.status, "pending"));
  return row?.n ?? 0;
}
