DROP INDEX "contact_messages_created_idx";--> statement-breakpoint
DROP INDEX "email_outbox_created_idx";--> statement-breakpoint
DROP INDEX "favourites_user_idx";--> statement-breakpoint
DROP INDEX "listings_seller_idx";--> statement-breakpoint
DROP INDEX "listings_public_idx";--> statement-breakpoint
DROP INDEX "listings_public_bargain_idx";--> statement-breakpoint
DROP INDEX "listings_public_category_idx";--> statement-breakpoint
DROP INDEX "listings_admin_queue_idx";--> statement-breakpoint
DROP INDEX "notifications_user_idx";--> statement-breakpoint
DROP INDEX "transactions_buyer_idx";--> statement-breakpoint
DROP INDEX "transactions_seller_idx";--> statement-breakpoint
DROP INDEX "user_requests_created_idx";--> statement-breakpoint
DROP INDEX "user_requests_user_idx";--> statement-breakpoint
CREATE INDEX "listings_public_category_price_idx" ON "listings" USING btree ("category","price","id") WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "email_outbox_created_idx" ON "email_outbox" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "favourites_user_idx" ON "favourites" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_seller_idx" ON "listings" USING btree ("seller_id","created_on" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "listings_public_idx" ON "listings" USING btree ("created_on" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
CREATE INDEX "listings_public_bargain_idx" ON "listings" USING btree ("created_on" DESC NULLS FIRST) WHERE "listings"."is_bargain" and "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
CREATE INDEX "listings_public_category_idx" ON "listings" USING btree ("category","created_on" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "listings"."status" = 'approved' and "listings"."admin_status" = 'approved' and not "listings"."archived" and not "listings"."expired";--> statement-breakpoint
CREATE INDEX "listings_admin_queue_idx" ON "listings" USING btree ("admin_status","created_on" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_buyer_idx" ON "transactions" USING btree ("buyer_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "transactions_seller_idx" ON "transactions" USING btree ("seller_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_requests_created_idx" ON "user_requests" USING btree ("created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "user_requests_user_idx" ON "user_requests" USING btree ("user_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
-- Full-text search: a bigger statistics sample so the planner sees that a rare word is rare
-- (and reads the GIN index instead of walking the newest-first index); see docs/performance.md.
ALTER TABLE "listings" ALTER COLUMN "search_vector" SET STATISTICS 1000;
