ALTER TABLE "mandate_agreements" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD COLUMN "anonymised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD COLUMN "retain_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mandate_agreements" ADD CONSTRAINT "mandate_agreements_owner_check" CHECK ("mandate_agreements"."user_id" is not null or "mandate_agreements"."anonymised_at" is not null);