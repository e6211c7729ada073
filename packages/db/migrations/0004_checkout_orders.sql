CREATE TABLE "checkout_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"checkout_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	CONSTRAINT "checkout_lines_variant" UNIQUE("checkout_id","variant_id","is_free"),
	CONSTRAINT "checkout_lines_quantity" CHECK ("checkout_lines"."quantity" > 0 and "checkout_lines"."quantity" <= 1000)
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"country" varchar(2) NOT NULL,
	"language" varchar(8) DEFAULT 'en' NOT NULL,
	"bundle_type" text NOT NULL,
	"bundle_type_fixed" boolean DEFAULT false NOT NULL,
	"user_id" text,
	"organization_membership_id" text,
	"email" text,
	"first_name" text,
	"last_name" text,
	"note" text,
	"marketing_opt_in" boolean DEFAULT false NOT NULL,
	"voucher_code" text,
	"vat_number" text,
	"shipping_address" jsonb,
	"billing_address" jsonb,
	"shipping_method" text,
	"quote_data" jsonb,
	"trade_in_data" jsonb,
	"payment_method" text,
	"attestations" text[] DEFAULT '{}'::text[] NOT NULL,
	"payment_intent_id" text,
	"completed_order_token" uuid,
	"creation_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkouts_token_unique" UNIQUE("token"),
	CONSTRAINT "checkouts_creation_key_unique" UNIQUE("creation_key")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"order_id" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "invoices_token_unique" UNIQUE("token"),
	CONSTRAINT "invoices_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "invoices_status" CHECK ("invoices"."status" in ('OPEN', 'PAID'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"variant_id" integer,
	"product_sku" text NOT NULL,
	"product_name" text NOT NULL,
	"variant_name" text NOT NULL,
	"product_type_name" text NOT NULL,
	"thumbnail" text,
	"quantity" integer NOT NULL,
	"is_free" boolean DEFAULT false NOT NULL,
	"unit_net" integer NOT NULL,
	"unit_gross" integer NOT NULL,
	"undiscounted_unit_gross" integer NOT NULL,
	"total_net" integer NOT NULL,
	"total_gross" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"token" uuid DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"checkout_token" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"user_id" text,
	"email" text NOT NULL,
	"country" varchar(2) NOT NULL,
	"language" varchar(8) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"bundle_type" text NOT NULL,
	"payment_method" text NOT NULL,
	"charge_status" text NOT NULL,
	"subtotal_net" integer NOT NULL,
	"subtotal_gross" integer NOT NULL,
	"discount" integer NOT NULL,
	"shipping_net" integer NOT NULL,
	"shipping_gross" integer NOT NULL,
	"total_net" integer NOT NULL,
	"total_tax" integer NOT NULL,
	"total_gross" integer NOT NULL,
	"total_savings" integer NOT NULL,
	"estimated_duty" integer,
	"shipping_address" jsonb,
	"billing_address" jsonb NOT NULL,
	"shipping_method" text,
	"vat_number" text,
	"reverse_charge" boolean DEFAULT false NOT NULL,
	"voucher" jsonb,
	"offers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"quote_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_token_unique" UNIQUE("token"),
	CONSTRAINT "orders_number_unique" UNIQUE("number"),
	CONSTRAINT "orders_checkout_token_unique" UNIQUE("checkout_token"),
	CONSTRAINT "orders_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "orders_charge_status" CHECK ("orders"."charge_status" in ('ASYNC_PROCESSING', 'FULLY_CHARGED', 'NOT_CHARGED', 'PARTIALLY_CHARGED')),
	CONSTRAINT "orders_money" CHECK ("orders"."total_gross" >= 0 and "orders"."total_net" + "orders"."total_tax" = "orders"."total_gross")
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" text PRIMARY KEY NOT NULL,
	"checkout_token" uuid NOT NULL,
	"order_id" integer,
	"invoice_id" integer,
	"gateway" text NOT NULL,
	"method" text NOT NULL,
	"amount" integer NOT NULL,
	"currency" varchar(3) NOT NULL,
	"status" text NOT NULL,
	"failure_code" text,
	"cc_brand" text,
	"cc_last_digits" varchar(4),
	"cc_exp_month" integer,
	"cc_exp_year" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payments_status" CHECK ("payments"."status" in ('PENDING', 'PROCESSING', 'SUCCEEDED', 'FAILED', 'REFUNDED'))
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"event_id" text PRIMARY KEY NOT NULL,
	"gateway" text NOT NULL,
	"type" text NOT NULL,
	"payment_id" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_lines" ADD CONSTRAINT "checkout_lines_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_lines_checkout_idx" ON "checkout_lines" USING btree ("checkout_id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "outbox_pending_idx" ON "outbox" USING btree ("id") WHERE "outbox"."processed_at" is null;--> statement-breakpoint
CREATE INDEX "payments_checkout_idx" ON "payments" USING btree ("checkout_token");--> statement-breakpoint
CREATE INDEX "payments_order_idx" ON "payments" USING btree ("order_id");--> statement-breakpoint
CREATE SEQUENCE "order_number_seq" START 100001;
