CREATE TABLE "gateway_customers" (
	"organization_id" uuid NOT NULL,
	"gateway" text NOT NULL,
	"customer_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gateway_customers_org_unique" UNIQUE("organization_id","gateway")
);
--> statement-breakpoint
CREATE TABLE "saved_payment_methods" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"gateway" text NOT NULL,
	"payment_token" text NOT NULL,
	"name" text,
	"brand" text,
	"last_digits" varchar(4) NOT NULL,
	"exp_month" integer,
	"exp_year" integer,
	"bank_country" varchar(2),
	"bank_name" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_payment_methods_token_unique" UNIQUE("gateway","payment_token"),
	CONSTRAINT "saved_payment_methods_kind_check" CHECK ("saved_payment_methods"."kind" in ('CREDIT_CARD', 'BANK_ACCOUNT', 'SEPA_DIRECT_DEBIT'))
);
--> statement-breakpoint
CREATE TABLE "subscription_charges" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "subscription_charges_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"subscription_id" uuid NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"attempt" integer NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"payment_method_id" uuid,
	"gateway_reference" text,
	"failure_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "subscription_charges_attempt_unique" UNIQUE("subscription_id","period_end","attempt"),
	CONSTRAINT "subscription_charges_status_check" CHECK ("subscription_charges"."status" in ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REVERSED'))
);
--> statement-breakpoint
CREATE TABLE "subscription_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subscription_id" uuid NOT NULL,
	"type" text NOT NULL,
	"order_token" uuid,
	"charge_id" integer,
	"version_after" integer NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"plan_type" text NOT NULL,
	"status" text NOT NULL,
	"term" text NOT NULL,
	"period_start" timestamp with time zone,
	"period_end" timestamp with time zone,
	"billing_anchor" timestamp with time zone,
	"auto_renew" boolean DEFAULT false NOT NULL,
	"renewal_failures" integer DEFAULT 0 NOT NULL,
	"scheduled_plan" text,
	"pro_custom_features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"scheduled_pro_custom_features" jsonb,
	"referral_credit_months" integer DEFAULT 0 NOT NULL,
	"seats" integer DEFAULT 1 NOT NULL,
	"devices" integer DEFAULT 1 NOT NULL,
	"max_cloud_users" integer DEFAULT 1 NOT NULL,
	"team_base_num_cloud_users" integer DEFAULT 0 NOT NULL,
	"is_old_10_based_team_pricing" boolean DEFAULT false NOT NULL,
	"commitment_end" timestamp with time zone,
	"commitment_months" integer,
	"provisioning_type" text DEFAULT 'AUTOMATIC' NOT NULL,
	"synchronization_status" text DEFAULT 'SYNCHRONIZED' NOT NULL,
	"current_price" integer DEFAULT 0 NOT NULL,
	"scheduled_price" integer,
	"currency" varchar(3) NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscriptions_organization_id_unique" UNIQUE("organization_id"),
	CONSTRAINT "subscriptions_status_check" CHECK ("subscriptions"."status" in ('ACTIVE', 'PAST_DUE', 'TRIALING', 'CANCELED')),
	CONSTRAINT "subscriptions_term_check" CHECK ("subscriptions"."term" in ('ANNUAL', 'ONE_YEAR', 'THREE_YEARS', 'MONTHLY', 'FOREVER')),
	CONSTRAINT "subscriptions_seats_check" CHECK ("subscriptions"."seats" >= 1 and "subscriptions"."devices" >= 0)
);
--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_seats_check";--> statement-breakpoint
ALTER TABLE "organizations" DROP CONSTRAINT "organizations_status_check";--> statement-breakpoint
ALTER TABLE "gateway_customers" ADD CONSTRAINT "gateway_customers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_payment_methods" ADD CONSTRAINT "saved_payment_methods_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_events" ADD CONSTRAINT "subscription_events_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_payment_methods_one_primary" ON "saved_payment_methods" USING btree ("organization_id") WHERE "saved_payment_methods"."is_primary";--> statement-breakpoint
CREATE INDEX "saved_payment_methods_org_idx" ON "saved_payment_methods" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_one_success" ON "subscription_charges" USING btree ("subscription_id","period_end") WHERE "subscription_charges"."status" in ('SUCCEEDED', 'PROCESSING');--> statement-breakpoint
CREATE INDEX "subscription_charges_reference_idx" ON "subscription_charges" USING btree ("gateway_reference");--> statement-breakpoint
CREATE INDEX "subscription_events_subscription_idx" ON "subscription_events" USING btree ("subscription_id","id");--> statement-breakpoint
CREATE INDEX "subscription_events_order_idx" ON "subscription_events" USING btree ("order_token");--> statement-breakpoint
CREATE INDEX "subscriptions_period_end_idx" ON "subscriptions" USING btree ("period_end");--> statement-breakpoint
-- The plan fields move from organizations to their subscription row (an organization that never had a plan gets none).
INSERT INTO "subscriptions" ("organization_id", "plan_type", "status", "term", "period_start", "period_end", "billing_anchor", "auto_renew", "seats", "devices", "max_cloud_users", "team_base_num_cloud_users", "is_old_10_based_team_pricing", "commitment_end", "commitment_months", "currency")
SELECT o."id", o."plan_type", o."subscription_status",
  CASE WHEN o."plan_type" = 'RENTAL' THEN 'MONTHLY' WHEN o."plan_type" = 'INDIVIDUAL_FOREVER' THEN 'FOREVER' WHEN o."plan_type" = 'PRO_THREE_YEAR' THEN 'THREE_YEARS' ELSE 'ANNUAL' END,
  o."subscription_expires_at" - interval '1 year', o."subscription_expires_at", o."subscription_expires_at" - interval '1 year', o."is_auto_renewal_active",
  o."max_seats", o."max_devices", o."max_cloud_users", o."team_base_num_cloud_users", o."is_old_10_based_team_pricing",
  o."rental_commitment_end_date"::timestamptz, o."rental_commitment_months", coalesce(c."currency", 'usd')
FROM "organizations" o LEFT JOIN "countries" c ON c."code" = o."country"
WHERE o."subscription_status" IS NOT NULL AND o."plan_type" <> 'NONE';--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "plan_type";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "max_seats";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "max_devices";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "max_cloud_users";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "team_base_num_cloud_users";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "is_old_10_based_team_pricing";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "is_auto_renewal_active";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "subscription_status";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "subscription_expires_at";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "rental_commitment_end_date";--> statement-breakpoint
ALTER TABLE "organizations" DROP COLUMN "rental_commitment_months";