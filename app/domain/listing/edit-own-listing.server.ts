/**
 * A seller edits an own listing (docs/product.md#editing-a-listing): every field of the create form
 * and the photos (add, remove, reorder; at most five, through the same image pipeline). What happens
 * is the listing state map's `sellerEditOutcome`: the price, flags and location apply at once; an
 * approved listing's reviewed content waits as a revision (the public keeps the approved version);
 * a pending listing is updated; a rejected one is updated and goes back to review. One transaction
 * with the price history, the audit row and the admins' notification; new photos are written first
 * and removed again if the transaction fails, replaced photos are removed once it commits.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq } from "drizzle-orm";
import {
  listingImages,
  listingRevisions,
  listings,
  sellers,
  type RevisionContent,
  type RevisionPhoto,
} from "#db/schema.ts";
import { AppError } from "#app/lib/app-error.ts";
import type { DbOrTx, Tx } from "#app/lib/db.server.ts";
import { imageVariantUrl, storeListingImages, VARIANTS, variantKey } from "#app/lib/images.server.ts";
import { filesOf } from "#app/lib/multipart.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { recordAudit } from "#app/domain/audit/record-audit.server.ts";
import { notifyAdmins } from "#app/domain/notification/create-notification.server.ts";
import type { Viewer } from "#app/domain/user/viewer.ts";
import type { Runtime } from "#app/server/runtime.server.ts";
import { recordPriceChange } from "./change-listing-price.server.ts";
import { assertSeller, checkUploadedImages, type UploadedImage } from "./create-listing.server.ts";
import { CreateListingSchema, LISTING_TITLES, machineSpecValues, type CreateListingInput } from "./listing-schemas.ts";
import { sellerEditOutcome } from "./listing-state.ts";
import { machineSpecColumns } from "./machine-spec-columns.server.ts";
import { photoToken, planPhotos, type PlannedPhoto } from "./photo-plan.ts";

const FAILED = "Listing not saved";

const contentColumns = {
  title: listings.title,
  description: listings.description,
  category: listings.category,
  condition: listings.condition,
  ...machineSpecColumns,
};

/** The reviewed content an edit proposes. */
export function revisionContent(input: CreateListingInput): RevisionContent {
  return {
    title: input.title,
    description: input.description,
    category: input.category,
    condition: input.condition,
    ...machineSpecValues(input),
  };
}

const CONTENT_KEYS = Object.keys(contentColumns) as (keyof RevisionContent)[];

/** The reviewed fields that differ between two versions (their names). */
export function changedContent(before: RevisionContent, after: RevisionContent) {
  return CONTENT_KEYS.filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
}

function samePhotos(a: readonly RevisionPhoto[], b: readonly RevisionPhoto[]) {
  return a.length === b.length && a.every((p, i) => p.storageKey === b[i]!.storageKey);
}

async function ownListing(options: { db: DbOrTx; viewer: Pick<Viewer, "userId">; listingId: string; lock?: boolean }) {
  const { db, viewer, listingId } = options;
  if (!isUuid(listingId)) return undefined;
  const query = db
    .select({
      id: listings.id,
      status: listings.status,
      adminStatus: listings.adminStatus,
      price: listings.price,
      location: listings.location,
      isUrgent: listings.isUrgent,
      isBargain: listings.isBargain,
      ...contentColumns,
    })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(and(eq(listings.id, listingId), eq(sellers.userId, viewer.userId)));
  const [row] = options.lock ? await query.for("update", { of: listings }) : await query;
  return row;
}

async function livePhotos(db: DbOrTx, listingId: string): Promise<RevisionPhoto[]> {
  return db
    .select({ storageKey: listingImages.storageKey, width: listingImages.width, height: listingImages.height })
    .from(listingImages)
    .where(eq(listingImages.listingId, listingId))
    .orderBy(asc(listingImages.position));
}

async function pendingRevision(db: DbOrTx, listingId: string) {
  const [row] = await db
    .select()
    .from(listingRevisions)
    .where(and(eq(listingRevisions.listingId, listingId), eq(listingRevisions.status, "pending")));
  return row;
}

/** Whether the listing's seller has changes waiting for review. */
export async function hasPendingRevision(options: { db: DbOrTx; listingId: string }) {
  return Boolean(await pendingRevision(options.db, options.listingId));
}

/**
 * The edit form's data: the listing as its seller last left it (a pending revision's content and
 * photos over the approved ones), with the latest decision on its changes.
 */
export async function findListingForEdit(options: { db: DbOrTx; storage: Storage; viewer: Viewer; listingId: string }) {
  const { db, storage, viewer, listingId } = options;
  assertSeller(viewer);
  const listing = await ownListing({ db, viewer, listingId });
  if (!listing) return null;
  const pending = await pendingRevision(db, listing.id);
  const [lastDecided] = pending
    ? []
    : await db
        .select({
          status: listingRevisions.status,
          reason: listingRevisions.reason,
          decidedAt: listingRevisions.decidedAt,
        })
        .from(listingRevisions)
        .where(eq(listingRevisions.listingId, listing.id))
        .orderBy(desc(listingRevisions.createdAt))
        .limit(1);
  const { price, ...rest } = listing;
  const photos = pending ? pending.photos : await livePhotos(db, listing.id);
  return {
    listing: { ...rest, ...(pending?.content ?? {}), price: Number(price) },
    photos: photos.map((p) => ({
      token: photoToken(p.storageKey),
      url: imageVariantUrl(storage, p.storageKey, "thumb"),
    })),
    pendingSince: pending ? pending.updatedAt.toISOString() : null,
    lastDecision:
      lastDecided?.status === "rejected" ? { status: "rejected" as const, reason: lastDecided.reason } : null,
    outcome: sellerEditOutcome(listing)?.kind ?? null,
  };
}

export type EditResult = {
  title: string;
  /** updated: saved and live; revision: the reviewed changes wait for the admin; resubmitted: back to review. */
  outcome: "updated" | "revision" | "resubmitted" | "unchanged";
};

/** Copies a photo's variants to another key (an approved revision's new photo into its listing's folder). */
export async function copyPhoto(options: { storage: Storage; from: string; to: string }) {
  for (const variant of VARIANTS) {
    const bytes = await options.storage.get(variantKey(options.from, variant));
    if (!bytes) throw new Error(`Missing photo ${variantKey(options.from, variant)}`);
    await options.storage.put(variantKey(options.to, variant), bytes, "image/webp");
  }
}

export async function deletePhotos(storage: Storage, keys: readonly string[]) {
  await Promise.allSettled(keys.flatMap((key) => VARIANTS.map((v) => storage.delete(variantKey(key, v)))));
}

export async function editOwnListing(options: {
  runtime: Pick<Runtime, "db" | "storage">;
  viewer: Viewer;
  listingId: string;
  input: CreateListingInput;
  photos: { order: string[]; remove: string[]; cover: string | null };
  newImages: UploadedImage[];
}): Promise<EditResult> {
  const { runtime, viewer, listingId, input, newImages } = options;
  const { db, storage } = runtime;
  assertSeller(viewer);
  if (newImages.length) checkUploadedImages(newImages);

  // A first look (no lock) says where new photos go; the transaction checks that nothing moved since.
  const seen = await ownListing({ db, viewer, listingId });
  if (!seen) throw new AppError("NOT_FOUND", FAILED, "Listing not found.");
  const seenOutcome = sellerEditOutcome(seen);
  if (!seenOutcome) throw new AppError("CONFLICT", FAILED, "A sold listing cannot be edited.");
  const seenPending = seenOutcome.kind === "revision" ? await pendingRevision(db, seen.id) : undefined;
  const working = seenPending ? seenPending.photos : await livePhotos(db, seen.id);
  const plan = planPhotos({
    current: working.map((p) => photoToken(p.storageKey)),
    ...options.photos,
    newCount: newImages.length,
  });
  if ("error" in plan) throw new AppError("BAD_REQUEST", plan.title, plan.error);

  // New photos of an approved listing wait in the revision's own folder, seen only by the seller and admins.
  const folder = seenOutcome.kind === "revision" ? (seenPending?.id ?? randomUUID()) : seen.id;
  const stored = newImages.length
    ? await storeListingImages({ storage, listingId: folder, images: newImages.map((i) => i.bytes) })
    : [];
  const byToken = new Map(working.map((p) => [photoToken(p.storageKey), p]));
  const photos: RevisionPhoto[] = plan.photos.map((p: PlannedPhoto) =>
    p.kind === "current"
      ? byToken.get(p.token)!
      : { storageKey: stored[p.index]!.storageKey, width: stored[p.index]!.width, height: stored[p.index]!.height },
  );

  try {
    const { result, unused } = await db.transaction(async (tx) => {
      const listing = await ownListing({ db: tx, viewer, listingId, lock: true });
      const outcome = listing && sellerEditOutcome(listing);
      const pending = listing ? await pendingRevision(tx, listing.id) : undefined;
      if (
        !listing ||
        !outcome ||
        outcome.kind !== seenOutcome.kind ||
        pending?.updatedAt.getTime() !== seenPending?.updatedAt.getTime()
      ) {
        throw new AppError(
          "CONFLICT",
          FAILED,
          "This listing changed while you were editing it. Please reload the page and try again.",
        );
      }
      const live = await livePhotos(tx, listing.id);
      const before: RevisionContent = Object.fromEntries(CONTENT_KEYS.map((k) => [k, listing[k]])) as RevisionContent;
      const after = revisionContent(input);
      await applyImmediate({ tx, viewer, listing, input });
      const kept = new Set(photos.map((p) => p.storageKey));

      if (outcome.kind === "revision") {
        const changed = changedContent(before, after);
        const photosChanged = !samePhotos(live, photos);
        const previous = pending
          ? pending.photos.filter((p) => !kept.has(p.storageKey) && !live.some((l) => l.storageKey === p.storageKey))
          : [];
        if (changed.length === 0 && !photosChanged) {
          // Back to the approved version: a waiting revision is withdrawn.
          if (pending) {
            await tx
              .update(listingRevisions)
              .set({ status: "withdrawn", updatedAt: new Date() })
              .where(eq(listingRevisions.id, pending.id));
          }
          await audit({
            tx,
            viewer,
            listingId: listing.id,
            kind: "edit",
            before: pick(listing),
            after: pick({ ...listing, ...input }),
          });
          const unused = pending ? pending.photos.filter((p) => !live.some((l) => l.storageKey === p.storageKey)) : [];
          const immediateChanged = JSON.stringify(pick(listing)) !== JSON.stringify(pick({ ...listing, ...input }));
          return {
            result: {
              title: listing.title,
              outcome: pending || immediateChanged ? "updated" : "unchanged",
            } as EditResult,
            unused,
          };
        }
        if (pending) {
          await tx
            .update(listingRevisions)
            .set({ content: after, photos, updatedAt: new Date() })
            .where(eq(listingRevisions.id, pending.id));
        } else {
          await tx
            .insert(listingRevisions)
            .values({ id: folder, listingId: listing.id, content: after, photos, submittedBy: viewer.userId });
          await notifyAdmins({
            db: tx,
            type: "admin_review",
            title: "Listing changes to review",
            message: `The seller of "${listing.title}" changed ${[...changed, ...(photosChanged ? ["photos"] : [])].join(", ")}. The approved version stays public until you decide.`,
          });
        }
        await audit({
          tx,
          viewer,
          listingId: listing.id,
          kind: "revision",
          before: { ...pick(listing), ...Object.fromEntries(changed.map((k) => [k, before[k]])) },
          after: {
            ...pick({ ...listing, ...input }),
            ...Object.fromEntries(changed.map((k) => [k, after[k]])),
            photos: photosChanged ? photos.length : undefined,
          },
        });
        return { result: { title: listing.title, outcome: "revision" } as EditResult, unused: previous };
      }

      // A pending or rejected listing: the edit is the listing.
      await tx
        .update(listings)
        .set({ ...after, ...(outcome.kind === "resubmit" ? outcome.next : {}), updatedAt: new Date() })
        .where(eq(listings.id, listing.id));
      if (!samePhotos(live, photos)) {
        await tx.delete(listingImages).where(eq(listingImages.listingId, listing.id));
        await tx.insert(listingImages).values(photos.map((p, position) => ({ listingId: listing.id, position, ...p })));
      }
      if (outcome.kind === "resubmit") {
        await notifyAdmins({
          db: tx,
          type: "admin_review",
          title: "Listing resubmitted for review",
          message: `The seller edited "${after.title}" after it was rejected and sent it back for review.`,
        });
      }
      await audit({
        tx,
        viewer,
        listingId: listing.id,
        kind: outcome.kind === "resubmit" ? "resubmit" : "edit",
        before: { ...before, ...pick(listing), status: listing.status, adminStatus: listing.adminStatus },
        after: { ...after, ...pick({ ...listing, ...input }), ...(outcome.kind === "resubmit" ? outcome.next : {}) },
      });
      return {
        result: { title: after.title, outcome: outcome.kind === "resubmit" ? "resubmitted" : "updated" } as EditResult,
        unused: live.filter((p) => !kept.has(p.storageKey)),
      };
    });
    await deletePhotos(
      storage,
      unused.map((p) => p.storageKey),
    );
    return result;
  } catch (error) {
    await deletePhotos(
      storage,
      stored.map((s) => s.storageKey),
    );
    throw error;
  }
}

type Immediate = { price: string; location: string; isUrgent: boolean; isBargain: boolean };
const pick = (l: Immediate) => ({
  price: Number(l.price).toFixed(2),
  location: l.location,
  isUrgent: l.isUrgent,
  isBargain: l.isBargain,
});

/** The price (with its history), the flags and the location: live at once. */
async function applyImmediate(options: {
  tx: Tx;
  viewer: Pick<Viewer, "userId">;
  listing: Immediate & { id: string };
  input: CreateListingInput;
}) {
  const { tx, viewer, listing, input } = options;
  const priceChanged = Number(listing.price) !== Number(input.price);
  await tx
    .update(listings)
    .set({
      price: input.price,
      location: input.location,
      isUrgent: input.isUrgent,
      isBargain: input.isBargain,
      updatedAt: new Date(),
    })
    .where(eq(listings.id, listing.id));
  if (priceChanged) {
    await recordPriceChange({
      db: tx,
      listingId: listing.id,
      oldPrice: listing.price,
      newPrice: input.price,
      changedBy: viewer.userId,
    });
  }
}

async function audit(options: {
  tx: Tx;
  viewer: Pick<Viewer, "userId">;
  listingId: string;
  kind: "edit" | "revision" | "resubmit";
  before: unknown;
  after: unknown;
}) {
  await recordAudit({
    db: options.tx,
    actorUserId: options.viewer.userId,
    action: `listing.${options.kind}-own`,
    entity: "listing",
    entityId: options.listingId,
    before: options.before,
    after: options.after,
  });
}

/** Parses the edit form (the create form's schema, and the photo fields) and edits the listing. */
export async function editOwnListingFromForm(options: {
  runtime: Pick<Runtime, "db" | "storage">;
  viewer: Viewer;
  listingId: string;
  form: FormData;
}) {
  const { form } = options;
  assertSeller(options.viewer);
  const fields = Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
  const parsed = CreateListingSchema.safeParse(fields);
  if (!parsed.success) {
    const message = parsed.error.issues[0]!.message;
    throw new AppError("BAD_REQUEST", LISTING_TITLES[message] ?? "Error", message);
  }
  const strings = (name: string) => form.getAll(name).filter((v): v is string => typeof v === "string");
  const newImages = (await filesOf(form, "images")).map((f) => ({ name: f.name, bytes: f.bytes }));
  return editOwnListing({
    ...options,
    input: parsed.data,
    photos: { order: strings("photoOrder"), remove: strings("removePhoto"), cover: strings("coverPhoto")[0] ?? null },
    newImages,
  });
}

/** What the seller reads after saving. */
export function editedMessage(result: EditResult) {
  switch (result.outcome) {
    case "revision":
      return `Your changes to "${result.title}" are with our team for review. Buyers see the approved version until then; price, listing type and location changes are live now.`;
    case "resubmitted":
      return `"${result.title}" is saved and back with our team for review.`;
    case "unchanged":
      return `"${result.title}" has no changes to save.`;
    default:
      return `"${result.title}" is saved.`;
  }
}
