/**
 * Who may fetch a listing's photos (`/media/listings/<listingId>/…`): anyone
 * once the listing is public; before that (pending, rejected, sold, expired,
 * archived) only its seller and the admins — the same people who may open
 * its preview page (`getPublicListing`) — and never from a cache; nobody for
 * a listing that does not exist. server.js asks before serving the file.
 *
 * Positive answers are remembered for a minute, so a catalogue page of public
 * listings costs no query per photo; everything else is asked every time.
 * A listing that stops being public (sold, archived) may therefore still be
 * served publicly for up to that minute (and from caches that stored it
 * while it was public).
 */
import { eq, sql } from "drizzle-orm";
import { listingRevisions, listings, sellers } from "#db/schema.ts";
import { getRuntime } from "#app/server/runtime.server.ts";
import { isUuid } from "#app/lib/uuid.ts";
import { getViewer } from "#app/server/get-viewer.server.ts";
import { isPublicListing } from "#app/domain/listing/listing-visibility.server.ts";

/** "public": serve as any static file; "private": only to this viewer, not stored anywhere; "none": 404. */
export type ListingPhotoAccess = "public" | "private" | "none";

export const PUBLIC_ANSWER_TTL_MS = 60_000;
/** Bounds the memory of the remembered answers; past it they are forgotten all at once. */
const MAX_REMEMBERED = 10_000;
const publicUntil = new Map<string, number>();

/** Forgets the remembered answers (tests). */
export function forgetListingPhotoAccess() {
  publicUntil.clear();
}

/**
 * What the holder of `cookie` may do with the photos of listing `listingId`.
 * `now` is for tests.
 */
export async function listingPhotoAccess(options: {
  listingId: string;
  cookie: string | undefined;
  now?: number;
}): Promise<ListingPhotoAccess> {
  const { listingId, cookie, now = Date.now() } = options;
  if (!isUuid(listingId)) return "none";
  const id = listingId.toLowerCase();
  const until = publicUntil.get(id);
  if (until !== undefined && until > now) return "public";

  const { db } = await getRuntime();
  const [row] = await db
    .select({ sellerUserId: sellers.userId, isPublic: sql<boolean>`coalesce(${isPublicListing()}, false)` })
    .from(listings)
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(listings.id, id))
    .limit(1);
  if (!row) return revisionPhotoAccess({ revisionId: id, cookie });
  if (row.isPublic) {
    if (publicUntil.size >= MAX_REMEMBERED) publicUntil.clear();
    publicUntil.set(id, now + PUBLIC_ANSWER_TTL_MS);
    return "public";
  }
  if (!cookie) return "none";
  // getViewer reads the session from the request's cookie only.
  const viewer = await getViewer(new Request("http://localhost/media", { headers: { cookie } }));
  return viewer && (viewer.isAdmin || viewer.userId === row.sellerUserId) ? "private" : "none";
}

/**
 * The new photos of a seller's changes waiting for review live in the revision's own folder
 * (`/media/listings/<revision id>/…`): only the listing's seller and the admins see them, never the public.
 */
async function revisionPhotoAccess(options: { revisionId: string; cookie: string | undefined }): Promise<ListingPhotoAccess> {
  const { db } = await getRuntime();
  const [row] = await db
    .select({ sellerUserId: sellers.userId })
    .from(listingRevisions)
    .innerJoin(listings, eq(listings.id, listingRevisions.listingId))
    .innerJoin(sellers, eq(sellers.id, listings.sellerId))
    .where(eq(listingRevisions.id, options.revisionId))
    .limit(1);
  if (!row || !options.cookie) return "none";
  const viewer = await getViewer(new Request("http://localhost/media", { headers: { cookie: options.cookie } }));
  return viewer && (viewer.isAdmin || viewer.userId === row.sellerUserId) ? "private" : "none";
}
