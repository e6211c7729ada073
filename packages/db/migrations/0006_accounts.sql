CREATE TABLE "organization_memberships" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"is_organization_admin" boolean DEFAULT false NOT NULL,
	"can_purchase_personal_probe" boolean DEFAULT true NOT NULL,
	"referrer_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_memberships_member_unique" UNIQUE("organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organizations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"practice_type" text,
	"plan_type" text DEFAULT 'NONE' NOT NULL,
	"max_seats" integer DEFAULT 1 NOT NULL,
	"max_devices" integer DEFAULT 1 NOT NULL,
	"max_cloud_users" integer DEFAULT 1 NOT NULL,
	"team_base_num_cloud_users" integer DEFAULT 0 NOT NULL,
	"is_old_10_based_team_pricing" boolean DEFAULT false NOT NULL,
	"is_auto_renewal_active" boolean DEFAULT false NOT NULL,
	"subscription_status" text,
	"subscription_expires_at" timestamp with time zone,
	"rental_commitment_end_date" date,
	"rental_commitment_months" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organizations_slug_unique" UNIQUE("slug"),
	CONSTRAINT "organizations_seats_check" CHECK ("organizations"."max_seats" >= 1),
	CONSTRAINT "organizations_status_check" CHECK ("organizations"."subscription_status" is null or "organizations"."subscription_status" in ('ACTIVE', 'PAST_DUE', 'TRIALING', 'CANCELED'))
);
--> statement-breakpoint
CREATE TABLE "registered_probes" (
	"id" serial PRIMARY KEY NOT NULL,
	"organization_id" uuid NOT NULL,
	"model" text NOT NULL,
	"serial_number" text NOT NULL,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "registered_probes_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "registered_probes_model_check" CHECK ("registered_probes"."model" in ('IQ', 'IQ_3', 'IQ_PLUS'))
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"cloud_account_id" text,
	"can_buy_personal_probe_plus" boolean DEFAULT false NOT NULL,
	"can_buy_personal_probe_iq3" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD CONSTRAINT "organization_memberships_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_memberships" ADD CONSTRAINT "organization_memberships_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registered_probes" ADD CONSTRAINT "registered_probes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organization_memberships_referrer_idx" ON "organization_memberships" USING btree ("referrer_token");--> statement-breakpoint
CREATE INDEX "organization_memberships_user_idx" ON "organization_memberships" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "registered_probes_org_idx" ON "registered_probes" USING btree ("organization_id");--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));