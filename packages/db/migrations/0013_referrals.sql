CREATE TABLE "referral_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"referrer_membership_id" uuid NOT NULL,
	"order_id" integer NOT NULL,
	"months" integer NOT NULL,
	"applied_to_subscription" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "referral_credits_order_id_unique" UNIQUE("order_id")
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "referrer_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "referrer_membership_id" uuid;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_referrer_membership_id_organization_memberships_id_fk" FOREIGN KEY ("referrer_membership_id") REFERENCES "public"."organization_memberships"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_credits" ADD CONSTRAINT "referral_credits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;