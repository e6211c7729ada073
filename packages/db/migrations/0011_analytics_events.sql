CREATE TABLE "analytics_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"anonymous_id" text NOT NULL,
	"user_id" text,
	"name" text NOT NULL,
	"body" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"page_path" text NOT NULL,
	"page_url" text NOT NULL,
	"dedupe_key" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "analytics_events_dedupe_key_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE INDEX "analytics_events_name_occurred_idx" ON "analytics_events" USING btree ("name","occurred_at");