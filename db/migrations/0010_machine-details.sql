ALTER TABLE "listings" ADD COLUMN "make" text;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "model" text;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year" smallint;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "usage" integer;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "serial" text;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "weight_kg" integer;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "power_kw" integer;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "attachments" text[] DEFAULT '{}'::text[] NOT NULL;
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "vat" text;
--> statement-breakpoint
ALTER TABLE "listings" drop column "search_vector";
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce(title, '') || ' ' || coalesce(make, '') || ' ' || coalesce(model, '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce(description, '')), 'B') || setweight(to_tsvector('simple'::regconfig, replace(category, '_', ' ') || ' ' || coalesce(location, '')), 'C')) STORED;
--> statement-breakpoint
CREATE INDEX "listings_search_idx" ON "listings" USING gin ("search_vector");
--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "search_vector" SET STATISTICS 1000;
--> statement-breakpoint
-- Make and model are searched words too: their bounds are kept like the title's.
DROP TRIGGER "listings_term_prices_track" ON "listings";
--> statement-breakpoint
CREATE TRIGGER "listings_term_prices_track"
  AFTER INSERT OR UPDATE OF "price", "title", "description", "category", "location", "make", "model" ON "listings"
  FOR EACH ROW EXECUTE FUNCTION "listing_term_prices_track"();
--> statement-breakpoint
CREATE INDEX "listings_public_make_idx" ON "listings" USING btree ("make","created_on" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";
--> statement-breakpoint
CREATE INDEX "listings_public_year_idx" ON "listings" USING btree ((coalesce("year", 0)) desc,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";
--> statement-breakpoint
CREATE INDEX "listings_public_usage_idx" ON "listings" USING btree ((coalesce("usage", 2147483647)),"id") WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";
--> statement-breakpoint
CREATE INDEX "listings_public_make_usage_idx" ON "listings" USING btree ("make",(coalesce("usage", 2147483647)),"id") WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";
--> statement-breakpoint
CREATE INDEX "listings_public_model_idx" ON "listings" USING btree (lower("model") text_pattern_ops) WHERE "listings"."model" is not null and "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_year_check" CHECK ("listings"."year" between 1900 and 2100);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_usage_check" CHECK ("listings"."usage" >= 0);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_weight_check" CHECK ("listings"."weight_kg" > 0);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_power_check" CHECK ("listings"."power_kw" > 0);
--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_vat_check" CHECK ("vat" in ('none', 'inclusive', 'exclusive'));
