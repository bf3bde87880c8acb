CREATE TABLE "request_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_request_id" uuid,
	"transaction_id" uuid,
	"actor_user_id" text,
	"actor_role" text NOT NULL,
	"move" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"amount" numeric(14, 2),
	"preferred_date" date,
	"preferred_time" text,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_events_one_request_check" CHECK (num_nonnulls("request_events"."user_request_id", "request_events"."transaction_id") = 1),
	CONSTRAINT "request_events_actor_check" CHECK ("actor_role" in ('buyer', 'seller', 'admin')),
	CONSTRAINT "request_events_move_check" CHECK ("move" in ('contact', 'counter', 'reoffer', 'accept', 'decline', 'withdraw', 'sell', 'close')),
	CONSTRAINT "request_events_amount_check" CHECK ("request_events"."amount" is null or "request_events"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "transactions" DROP CONSTRAINT "transactions_status_check";--> statement-breakpoint
ALTER TABLE "user_requests" DROP CONSTRAINT "user_requests_status_check";--> statement-breakpoint
DROP INDEX "transactions_open_once_idx";--> statement-breakpoint
ALTER TABLE "buyers" ADD COLUMN "province" text;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_user_request_id_user_requests_id_fk" FOREIGN KEY ("user_request_id") REFERENCES "public"."user_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_events" ADD CONSTRAINT "request_events_actor_user_id_user_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_events_user_request_idx" ON "request_events" USING btree ("user_request_id","created_at");--> statement-breakpoint
CREATE INDEX "request_events_transaction_idx" ON "request_events" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_open_once_idx" ON "transactions" USING btree ("buyer_id","listing_id") WHERE not "status" in ('declined', 'withdrawn', 'sold', 'closed');--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_status_check" CHECK ("status" in ('new', 'contacted', 'countered', 'reoffered', 'accepted', 'declined', 'withdrawn', 'sold', 'closed'));--> statement-breakpoint
ALTER TABLE "user_requests" ADD CONSTRAINT "user_requests_status_check" CHECK ("status" in ('new', 'contacted', 'countered', 'reoffered', 'accepted', 'declined', 'withdrawn', 'sold', 'closed'));