CREATE TABLE "data_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"subject_email" text,
	"state" text DEFAULT 'PENDING' NOT NULL,
	"steps" text[] DEFAULT '{}'::text[] NOT NULL,
	"source" text NOT NULL,
	"handled_by" text,
	"refusal" text,
	"archive" "bytea",
	"download_token_hash" text,
	"download_expires_at" timestamp with time zone,
	"downloaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "data_requests_download_token_hash_unique" UNIQUE("download_token_hash"),
	CONSTRAINT "data_requests_kind" CHECK ("data_requests"."kind" in ('EXPORT', 'ERASURE')),
	CONSTRAINT "data_requests_state" CHECK ("data_requests"."state" in ('PENDING', 'RUNNING', 'DONE', 'REFUSED')),
	CONSTRAINT "data_requests_source" CHECK ("data_requests"."source" in ('USER', 'STAFF'))
);
--> statement-breakpoint
CREATE INDEX "data_requests_created_idx" ON "data_requests" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "data_requests_user_idx" ON "data_requests" USING btree ("user_id","kind");