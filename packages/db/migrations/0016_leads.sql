CREATE TABLE "lead_forms" (
	"id" serial PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"market" text DEFAULT 'HUMAN' NOT NULL,
	"department" text NOT NULL,
	"fields" jsonb NOT NULL,
	"copy" jsonb NOT NULL,
	"event_starts_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_forms_path_unique" UNIQUE("path"),
	CONSTRAINT "lead_forms_path" CHECK ("lead_forms"."path" ~ '^[a-z0-9]+(-[a-z0-9]+)*(/[a-z0-9]+(-[a-z0-9]+)*)?$')
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form_id" integer NOT NULL,
	"status" text NOT NULL,
	"spam_reason" text,
	"values" jsonb NOT NULL,
	"email" text,
	"language_code" text NOT NULL,
	"country_code" text NOT NULL,
	"client_ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone,
	CONSTRAINT "leads_status" CHECK ("leads"."status" in ('received', 'spam'))
);
--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_form_id_lead_forms_id_fk" FOREIGN KEY ("form_id") REFERENCES "public"."lead_forms"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_form_created_idx" ON "leads" USING btree ("form_id","created_at");