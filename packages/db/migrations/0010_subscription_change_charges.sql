ALTER TABLE "subscription_charges" DROP CONSTRAINT "subscription_charges_attempt_unique";--> statement-breakpoint
DROP INDEX "subscription_charges_one_success";--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "kind" text DEFAULT 'RENEWAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD COLUMN "change" jsonb;--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_attempt_unique" ON "subscription_charges" USING btree ("subscription_id","period_end","attempt") WHERE "subscription_charges"."kind" = 'RENEWAL';--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_charges_one_success" ON "subscription_charges" USING btree ("subscription_id","period_end") WHERE "subscription_charges"."kind" = 'RENEWAL' and "subscription_charges"."status" in ('SUCCEEDED', 'PROCESSING');--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_key_unique" UNIQUE("idempotency_key");--> statement-breakpoint
ALTER TABLE "subscription_charges" ADD CONSTRAINT "subscription_charges_kind_check" CHECK ("subscription_charges"."kind" in ('RENEWAL', 'CHANGE', 'RENEWAL_ORDER'));