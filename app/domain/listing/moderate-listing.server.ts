/**
 * Admin moderation (docs/product.md#listing-lifecycle): approve, reject, mark sold, edit, delete.
 * Each change runs in one transaction with the seller's notification, the
 * e-mail (outbox) and an audit row; transitions come from the state map.
 */
import { queueListingMatch } from "#app/domain/alert/match-saved-searches.server.ts";
import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { eq, sql } from "drizzle-orm";
import { listings, sellers, user } from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { Tx } from "#app/lib/db.server.ts";
import { composeEmail } from "#app/emails/templates.server.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyUser } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import { MODERATION_COLUMNS } from "./find-admin-listings.server.ts";
import type { AdminEditListingInput } from "./listing-schemas.ts";
import { nextListingState, REJECTION_REASON_MAX, type ModerationAction } from "./listing-state.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { tooLong } from "#app/lib/text-limits.ts";
import { assertAdmin } from "#app/domain/user/assert-admin.ts";

const VERB: Record<ModerationAction | "edit" | "delete", { past: string; failure: string }> = {
  approve: { past: "approved", failure: "Failed to update listing" },
  reject: { past: "rejected", failure: "Failed to update listing" },
  "mark-sold": { past: "marked as sold", failure: "Failed to mark as sold" },
  edit: { past: "updated", failure: "Failed to save listing" },
  delete: { past: "removed", failure: "Failed to delete" },
};

async function lockListing(options: { tx: Tx; listingId: string }) {
  const { tx, listingId } = options;
  if (!isUuid(listingId)) return undefined;
  const [row] = await tx
    .select({
      ...MODERATION_COLUMNS,
      ...machineSpecColumns,
      sellerUserId: sellers.userId,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .innerJoin(user, eq(user.id, sellers.userId))
    .where(eq(listings.id, listingId))
    .for("update", { of: listings });
  return row;
}

type Locked = NonNullable<Awaited<ReturnType<typeof lockListing>>>;

/**
 * Locks the listing, runs `change`, then tells the seller (notification and e-mail, with the
 * reason when there is one), all in one transaction; only an admin, never on their own listing.
 */
async function withListing<T>(options: {
  runtime: Runtime;
  admin: Viewer;
  listingId: string;
  verb: keyof typeof VERB;
  change: (tx: Tx, listing: Locked) => Promise<T>;
  reason?: string | null;
}) {
  const { runtime, admin, listingId, verb, change, reason } = options;
  assertAdmin(admin);
  let send: (() => Promise<void>) | undefined;
  const result = await runtime.db.transaction(async (tx) => {
    const listing = await lockListing({ tx, listingId });
    if (!listing) throw new AppError("NOT_FOUND", VERB[verb].failure, `${VERB[verb].failure}: listing not found`);
    if (listing.sellerUserId === admin.userId) {
      throw new AppError(
        "FORBIDDEN",
        VERB[verb].failure,
        `${VERB[verb].failure}: you cannot moderate your own listing`,
      );
    }
    const value = await change(tx, listing);
    const past = VERB[verb].past;
    await notifyUser({
      db: tx,
      userId: listing.sellerUserId,
      type: "listing_status",
      title: `Listing ${past}: ${listing.title}`,
      message: `Your listing "${listing.title}" was ${past} by our team.${reason ? ` Reason: ${reason}` : ""}`,
    });
    send = await runtime.queueEmail(
      composeEmail("send-listing-notification", listing.sellerEmail, {
        title: listing.title,
        status: past,
        url: `${runtime.env.PUBLIC_URL}/seller-dashboard`,
        reason,
      }),
      tx,
    );
    return value;
  });
  await send?.();
  return result;
}

/**
 * Approve, reject or mark sold. A rejection may carry a reason for the seller (optional, at most
 * REJECTION_REASON_MAX characters): it goes into the notification, the e-mail and the audit row.
 */
export async function moderateListing(options: {
  runtime: Runtime;
  admin: Viewer;
  listingId: string;
  action: ModerationAction;
  reason?: string;
}) {
  const { action } = options;
  const reason = action === "reject" ? options.reason?.trim() || null : null;
  if (reason && reason.length > REJECTION_REASON_MAX) {
    throw new AppError(
      "BAD_REQUEST",
      VERB[action].failure,
      `${VERB[action].failure}: ${tooLong("Reason", REJECTION_REASON_MAX)}.`,
    );
  }
  return withListing({
    runtime: options.runtime,
    admin: options.admin,
    listingId: options.listingId,
    verb: action,
    reason,
    change: async (tx, listing) => {
      if (action === "approve" && listing.adminStatus === "pending" && !listing.mandateSigned) {
        throw new AppError(
          "CONFLICT",
          VERB[action].failure,
          `${VERB[action].failure}: the seller has not signed the exclusive sales mandate for this listing yet`,
        );
      }
      const next = nextListingState(listing, action);
      if (!next) {
        throw new AppError(
          "CONFLICT",
          VERB[action].failure,
          `${VERB[action].failure}: a listing that is ${listing.status === "sold" ? "sold" : listing.adminStatus} cannot be ${VERB[action].past}`,
        );
      }
      await tx
        .update(listings)
        .set({ status: next.status, adminStatus: next.adminStatus, updatedAt: new Date() })
        .where(eq(listings.id, listing.id));
      // Public now: saved searches it matches are told (the job skips a listing that is not public).
      if (action === "approve") await queueListingMatch({ db: tx, listingId: listing.id });
      await recordAudit({
        db: tx,
        actorUserId: options.admin.userId,
        action: `listing.${action}`,
        entity: "listing",
        entityId: listing.id,
        before: { status: listing.status, adminStatus: listing.adminStatus },
        after: reason ? { ...next, reason } : next,
      });
      return { title: listing.title, ...next };
    },
  });
}

export async function editListing(options: {
  runtime: Runtime;
  admin: Viewer;
  listingId: string;
  input: AdminEditListingInput;
}) {
  return withListing({
    runtime: options.runtime,
    admin: options.admin,
    listingId: options.listingId,
    verb: "edit",
    change: async (tx, listing) => {
      const after = { ...options.input, updatedAt: new Date() };
      await tx.update(listings).set(after).where(eq(listings.id, listing.id));
      const { sellerEmail: _e, sellerUserId: _u, ...before } = listing;
      await recordAudit({
        db: tx,
        actorUserId: options.admin.userId,
        action: "listing.edit",
        entity: "listing",
        entityId: listing.id,
        before,
        after: options.input,
      });
      return { title: options.input.title };
    },
  });
}

export async function deleteListingAsAdmin(options: { runtime: Runtime; admin: Viewer; listingId: string }) {
  const result = await withListing({
    runtime: options.runtime,
    admin: options.admin,
    listingId: options.listingId,
    verb: "delete",
    change: async (tx, listing) => {
      await tx.delete(listings).where(eq(listings.id, listing.id));
      await recordAudit({
        db: tx,
        actorUserId: options.admin.userId,
        action: "listing.delete",
        entity: "listing",
        entityId: listing.id,
        before: { title: listing.title, status: listing.status, adminStatus: listing.adminStatus },
      });
      return { title: listing.title, id: listing.id };
    },
  });
  await options.runtime.storage.deletePrefix(`public/listings/${result.id}`);
  return result;
}

/** A seller deletes one of their own listings (ownership in the query). */
export async function deleteOwnListing(options: { runtime: Runtime; viewer: Viewer; listingId: string }) {
  const { runtime, viewer, listingId } = options;
  if (!isUuid(listingId)) throw new AppError("NOT_FOUND", "Error", "Failed to delete listing");
  const deleted = await runtime.db.transaction(async (tx) => {
    const rows = await tx
      .delete(listings)
      .where(
        sql`${listings.id} = ${listingId} and ${listings.sellerId} in (select ${sellers.id} from ${sellers} where ${sellers.userId} = ${viewer.userId})`,
      )
      .returning({ id: listings.id, title: listings.title });
    if (rows.length === 0) throw new AppError("NOT_FOUND", "Error", "Failed to delete listing");
    await recordAudit({
      db: tx,
      actorUserId: viewer.userId,
      action: "listing.delete-own",
      entity: "listing",
      entityId: listingId,
      before: { title: rows[0]!.title },
    });
    return rows[0]!;
  });
  await runtime.storage.deletePrefix(`public/listings/${deleted.id}`);
  return deleted;
}
