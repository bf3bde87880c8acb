/**
 * Photos are written before their listing's rows (so a failed upload never
 * leaves rows without files). If the process dies in between — killed during
 * an upload — the photo folder has no listing. This job, hourly and at
 * start-up, removes such folders once they are older than the grace period
 * (an upload still in progress is never touched).
 */
import { inArray } from "drizzle-orm";
import { listingRevisions, listings } from "#db/schema.ts";
import type { DbOrTx } from "#app/lib/db.server.ts";
import type { Storage } from "#app/lib/storage.server.ts";
import { isUuid } from "#app/lib/uuid.ts";

const LISTING_PHOTOS = "public/listings";

export async function cleanupAbandonedUploads(options: { db: DbOrTx; storage: Storage; graceMinutes: number; now?: Date }) {
  const cutoff = (options.now ?? new Date()).getTime() - options.graceMinutes * 60_000;
  const folders = (await options.storage.listFolders(LISTING_PHOTOS)).filter((f) => f.modifiedAt.getTime() <= cutoff);
  const candidates = folders.map((f) => f.name);
  if (candidates.length === 0) return { removed: [] as string[] };
  const ids = candidates.filter(isUuid);
  // A folder belongs to a listing, or to a seller's changes waiting for review (their new photos).
  const known = new Set(
    ids.length
      ? [
          ...(await options.db.select({ id: listings.id }).from(listings).where(inArray(listings.id, ids))),
          ...(await options.db.select({ id: listingRevisions.id }).from(listingRevisions).where(inArray(listingRevisions.id, ids))),
        ].map((r) => r.id)
      : [],
  );
  const removed = candidates.filter((name) => !known.has(name));
  for (const name of removed) await options.storage.deletePrefix(`${LISTING_PHOTOS}/${name}`);
  return { removed };
}
