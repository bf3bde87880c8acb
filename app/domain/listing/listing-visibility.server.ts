import { and, gt, sql } from "drizzle-orm";
import { listings, publicListingWhere } from "#db/schema.ts";

/** Public: the one condition the indexes are built on (db/schema.ts), and not past its expiry date. */
export const isPublicListing = () => and(publicListingWhere(listings), gt(listings.expiresOn, sql`now()`));
