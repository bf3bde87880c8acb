CREATE INDEX "listings_public_make_category_idx" ON "listings" USING btree ("make","category") WHERE "listings"."make" is not null and "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
-- Makes belong to some categories only (no Caterpillar cranes): without these statistics the planner
-- multiplies the two shares, expects thousands of rows for a pair that has none, and walks a sort index
-- through every public listing (docs/performance.md).
CREATE STATISTICS "listings_make_category_stx" (mcv) ON "make", "category" FROM "listings";
--> statement-breakpoint
ALTER STATISTICS "listings_make_category_stx" SET STATISTICS 1000;
