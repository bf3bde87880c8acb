ALTER TABLE "mandate_agreements" DROP CONSTRAINT "mandate_agreements_listing_id_listings_id_fk";
--> statement-breakpoint
ALTER TABLE "mandate_agreements" ALTER COLUMN "listing_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD CONSTRAINT "mandate_agreements_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;