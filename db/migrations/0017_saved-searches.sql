CREATE TABLE "alert_preferences" (
	"user_id" text PRIMARY KEY NOT NULL,
	"watchlist_frequency" text DEFAULT 'off' NOT NULL,
	"stopped_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alert_preferences_frequency_check" CHECK ("watchlist_frequency" in ('instant', 'daily', 'weekly', 'off'))
);
--> statement-breakpoint
CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"detail" text NOT NULL,
	"source" text NOT NULL,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose_check" CHECK ("purpose" in ('search_alerts', 'watchlist_alerts'))
);
--> statement-breakpoint
CREATE TABLE "price_drop_alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"old_price" numeric(14, 2) NOT NULL,
	"new_price" numeric(14, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "saved_search_match_queue" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_search_matches" (
	"saved_search_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"notified_at" timestamp with time zone,
	"frequency" text NOT NULL,
	CONSTRAINT "saved_search_matches_frequency_check" CHECK ("frequency" in ('instant', 'daily', 'weekly', 'off'))
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"q" text,
	"text_query" "tsquery" GENERATED ALWAYS AS (case when q is null then null else websearch_to_tsquery('english'::regconfig, q) || websearch_to_tsquery('simple'::regconfig, q) end) STORED,
	"category" text,
	"condition" text,
	"min_price" numeric(14, 2),
	"max_price" numeric(14, 2),
	"province" text,
	"urgent" boolean DEFAULT false NOT NULL,
	"bargain" boolean DEFAULT false NOT NULL,
	"make" text,
	"model_prefix" text,
	"year_from" smallint,
	"year_to" smallint,
	"max_hours" integer,
	"vat_registered" boolean DEFAULT false NOT NULL,
	"frequency" text DEFAULT 'daily' NOT NULL,
	"paused_at" timestamp with time zone,
	"last_opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_frequency_check" CHECK ("frequency" in ('instant', 'daily', 'weekly', 'off')),
	CONSTRAINT "saved_searches_category_check" CHECK ("category" in ('excavators', 'cranes', 'bulldozers', 'loaders', 'dump_trucks', 'generators', 'compressors', 'welding_equipment', 'other')),
	CONSTRAINT "saved_searches_condition_check" CHECK ("condition" in ('new', 'used', 'refurbished'))
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_type_check";--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "headers" jsonb;--> statement-breakpoint
ALTER TABLE "favourites" ADD COLUMN "saved_price" numeric(14, 2);--> statement-breakpoint
UPDATE "favourites" SET "saved_price" = "listings"."price" FROM "listings" WHERE "listings"."id" = "favourites"."listing_id";--> statement-breakpoint
ALTER TABLE "alert_preferences" ADD CONSTRAINT "alert_preferences_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consents" ADD CONSTRAINT "consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_alerts" ADD CONSTRAINT "price_drop_alerts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_drop_alerts" ADD CONSTRAINT "price_drop_alerts_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_match_queue" ADD CONSTRAINT "saved_search_match_queue_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_search_matches" ADD CONSTRAINT "saved_search_matches_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","recorded_at");--> statement-breakpoint
CREATE INDEX "price_drop_alerts_pending_idx" ON "price_drop_alerts" USING btree ("user_id") WHERE "price_drop_alerts"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "price_drop_alerts_listing_idx" ON "price_drop_alerts" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_search_matches_pair_idx" ON "saved_search_matches" USING btree ("saved_search_id","listing_id");--> statement-breakpoint
CREATE INDEX "saved_search_matches_recent_idx" ON "saved_search_matches" USING btree ("saved_search_id","matched_at");--> statement-breakpoint
CREATE INDEX "saved_search_matches_pending_idx" ON "saved_search_matches" USING btree ("frequency","saved_search_id") WHERE "saved_search_matches"."notified_at" is null;--> statement-breakpoint
CREATE INDEX "saved_search_matches_listing_idx" ON "saved_search_matches" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "saved_searches_user_idx" ON "saved_searches" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "saved_searches_category_idx" ON "saved_searches" USING btree ("category");--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_type_check" CHECK ("type" in ('listing_status', 'purchase_request', 'payment_status', 'admin_review', 'agreement_signed', 'contact_message', 'offer_request', 'viewing_request', 'quote_request', 'feedback', 'saved_search', 'price_drop', 'generic'));