DROP INDEX "listings_public_idx";--> statement-breakpoint
DROP INDEX "listings_public_bargain_idx";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "listings_expiry_idx" ON "listings" USING btree ("expires_on") WHERE not "listings"."expired";--> statement-breakpoint
CREATE INDEX "listings_public_idx" ON "listings" USING btree ("created_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
CREATE INDEX "listings_public_bargain_idx" ON "listings" USING btree ("created_on" DESC NULLS LAST) WHERE "listings"."is_bargain" and "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";