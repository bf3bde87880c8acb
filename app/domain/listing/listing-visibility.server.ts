import { and, eq, gt, sql } from "drizzle-orm";
import { listings } from "#db/schema.ts";

/** Spec §4: public = approved twice, not archived, not expired. */
export const isPublicListing = () =>
  and(
    eq(listings.status, "approved"),
    eq(listings.adminStatus, "approved"),
    eq(listings.archived, false),
    eq(listings.expired, false),
    gt(listings.expiresOn, sql`now()`),
  );
