CREATE TABLE "draft_orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"note" text,
	"created_by" text NOT NULL,
	"link_token_hash" text,
	"link_expires_at" timestamp with time zone,
	"link_sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "draft_orders_status" CHECK ("draft_orders"."status" in ('DRAFT', 'SENT', 'CANCELLED'))
);
--> statement-breakpoint
ALTER TABLE "draft_orders" ADD CONSTRAINT "draft_orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "draft_orders_checkout_idx" ON "draft_orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "draft_orders_link_idx" ON "draft_orders" USING btree ("link_token_hash");--> statement-breakpoint
CREATE INDEX "draft_orders_created_idx" ON "draft_orders" USING btree ("created_at");