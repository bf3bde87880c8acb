ALTER TABLE "listings" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD COLUMN "renewal" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD COLUMN "term_starts" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD COLUMN "term_ends" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "link" text;