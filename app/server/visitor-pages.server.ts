/**
 * The app's side of the visitor page store (server/visitor-pages.js, wired in
 * server.js): telling every instance that what visitors see may have changed,
 * hearing it, and what a page view does when its page came from the store.
 */
import { visitorKey } from "#app/domain/listing/get-listing.server.ts";
import { clientIp } from "#app/lib/client-ip.server.ts";
import { announceVisitorPagesChanged as announce } from "#app/lib/notification-hub.server.ts";
import { logger } from "#app/lib/logger.server.ts";
import { getRuntime } from "#app/server/runtime.server.ts";

/** Calls `listener` whenever any instance (this one included) announces a change (the runtime's notification hub). */
export async function whenVisitorPagesChange(listener: () => void) {
  return (await getRuntime()).notifications.whenVisitorPagesChange(listener);
}

/** Tells every instance to forget its stored visitor pages (after a write has answered). Never throws. */
export async function announceVisitorPagesChanged() {
  try {
    await announce((await getRuntime()).db);
  } catch (error) {
    // The database is away: no instance can write either, and every store empties within its few seconds.
    logger.debug({ err: error }, "could not announce a change of visitor pages");
  }
}

const LISTING_PAGE = /^\/listing\/([0-9a-f-]{36})(?:\.data)?$/i;

/**
 * A visitor's page view answered from the store: a listing page counts the
 * view as its loader does for a visitor (once per visitor and day, see
 * record-listing-view.server.ts). A stored listing page is a public one: a
 * preview is only ever shown to its seller and the admins, who are signed in.
 */
export async function countStoredPageView(input: { path: string; clientIp: string | undefined; userAgent: string }) {
  const listingId = LISTING_PAGE.exec(input.path)?.[1];
  if (!listingId) return;
  const runtime = await getRuntime();
  runtime.listingViews.record({
    listingId,
    viewerKey: visitorKey({ ip: clientIp(input), userAgent: input.userAgent, secret: runtime.env.SESSION_SECRET }),
  });
}
