CREATE TABLE "consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"anonymous_id" text,
	"email" text,
	"lead_id" uuid,
	"purpose" text NOT NULL,
	"granted" boolean NOT NULL,
	"text_version" text NOT NULL,
	"source" text NOT NULL,
	"locale" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consents_purpose" CHECK ("consents"."purpose" in ('ANALYTICS', 'MARKETING_EMAIL')),
	CONSTRAINT "consents_subject" CHECK ("consents"."user_id" is not null or "consents"."anonymous_id" is not null or "consents"."email" is not null)
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "marketing_withdrawn_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "consents_user_idx" ON "consents" USING btree ("user_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "consents_anonymous_idx" ON "consents" USING btree ("anonymous_id","purpose","created_at");--> statement-breakpoint
CREATE INDEX "consents_email_idx" ON "consents" USING btree ("email","purpose","created_at");