CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category_translations" (
	"category_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "category_translations_category_id_language_pk" PRIMARY KEY("category_id","language")
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"path" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_translations" (
	"product_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	CONSTRAINT "product_translations_product_id_language_pk" PRIMARY KEY("product_id","language")
);
--> statement-breakpoint
CREATE TABLE "product_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"is_shipping_required" boolean NOT NULL,
	"tax_class" text NOT NULL,
	CONSTRAINT "product_types_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "product_variants" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"model" text,
	"connector" text,
	"market" text NOT NULL,
	"billing_period" text NOT NULL,
	"plan_kind" text NOT NULL,
	"track_inventory" boolean DEFAULT false NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_variants_sku_unique" UNIQUE("sku"),
	CONSTRAINT "product_variants_stock_non_negative" CHECK ("product_variants"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"product_type_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"short_description" text NOT NULL,
	"description_json" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "products_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "variant_groups" (
	"variant_id" integer NOT NULL,
	"group" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "variant_groups_variant_id_group_pk" PRIMARY KEY("variant_id","group")
);
--> statement-breakpoint
CREATE TABLE "variant_prices" (
	"variant_id" integer NOT NULL,
	"country" varchar(2) NOT NULL,
	"currency" varchar(3) NOT NULL,
	"amount" integer NOT NULL,
	"amount_undiscounted" integer NOT NULL,
	CONSTRAINT "variant_prices_variant_id_country_pk" PRIMARY KEY("variant_id","country"),
	CONSTRAINT "variant_prices_non_negative" CHECK ("variant_prices"."amount" >= 0 and "variant_prices"."amount_undiscounted" >= 0)
);
--> statement-breakpoint
CREATE TABLE "variant_translations" (
	"variant_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "variant_translations_variant_id_language_pk" PRIMARY KEY("variant_id","language")
);
--> statement-breakpoint
CREATE TABLE "tax_rates" (
	"country" varchar(2) NOT NULL,
	"area" text DEFAULT '' NOT NULL,
	"tax_class" text NOT NULL,
	"rate" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "tax_rates_country_area_tax_class_pk" PRIMARY KEY("country","area","tax_class")
);
--> statement-breakpoint
CREATE TABLE "banner_translations" (
	"banner_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"content" text NOT NULL,
	CONSTRAINT "banner_translations_banner_id_language_pk" PRIMARY KEY("banner_id","language")
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"content" text NOT NULL,
	"url" text,
	"visibility" text[] DEFAULT '{}'::text[] NOT NULL,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "offers" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	CONSTRAINT "offers_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "promo_free_variants" (
	"promo_id" integer NOT NULL,
	"variant_id" integer NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "promo_free_variants_promo_id_variant_id_pk" PRIMARY KEY("promo_id","variant_id")
);
--> statement-breakpoint
CREATE TABLE "promo_translations" (
	"promo_id" integer NOT NULL,
	"language" varchar(8) NOT NULL,
	"name" text NOT NULL,
	"banner_message" text,
	CONSTRAINT "promo_translations_promo_id_language_pk" PRIMARY KEY("promo_id","language")
);
--> statement-breakpoint
CREATE TABLE "promos" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text,
	"name" text NOT NULL,
	"discount_kind" text NOT NULL,
	"discount_percent" integer,
	"discount_fixed" jsonb,
	"countries" text[] DEFAULT '{}'::text[] NOT NULL,
	"starts_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"attribution_days" integer,
	"apply_n_times_per_order" integer,
	"banner_message" text,
	"banner_link" text,
	"banner_color" text,
	"banner_visibility_pages" text[] DEFAULT '{}'::text[] NOT NULL,
	"voucher_applicable_items_skus" text[] DEFAULT '{}'::text[] NOT NULL,
	"bundles" text[] DEFAULT '{}'::text[] NOT NULL,
	"code_kind" text DEFAULT 'VOUCHER' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promos_code_unique" UNIQUE("code"),
	CONSTRAINT "promos_discount_kind" CHECK ("promos"."discount_kind" in ('PERCENT', 'FIXED')),
	CONSTRAINT "promos_used_within_limit" CHECK ("promos"."usage_limit" is null or "promos"."used_count" <= "promos"."usage_limit")
);
--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "prices_entered" text DEFAULT 'net' NOT NULL;--> statement-breakpoint
ALTER TABLE "countries" ADD COLUMN "display_gross_prices" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "store_type" text DEFAULT 'IQ' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "team_base_num_cloud_users" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_devices" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "max_cloud_users" integer DEFAULT 50 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "team_min_seats" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "team_max_seats" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "clinic_min_seats" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "clinic_max_seats" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "program_flags" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "catalogue_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "category_translations" ADD CONSTRAINT "category_translations_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_translations" ADD CONSTRAINT "product_translations_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_variants" ADD CONSTRAINT "product_variants_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_product_type_id_product_types_id_fk" FOREIGN KEY ("product_type_id") REFERENCES "public"."product_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_groups" ADD CONSTRAINT "variant_groups_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_prices" ADD CONSTRAINT "variant_prices_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "variant_translations" ADD CONSTRAINT "variant_translations_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banner_translations" ADD CONSTRAINT "banner_translations_banner_id_banners_id_fk" FOREIGN KEY ("banner_id") REFERENCES "public"."banners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_free_variants" ADD CONSTRAINT "promo_free_variants_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_free_variants" ADD CONSTRAINT "promo_free_variants_variant_id_product_variants_id_fk" FOREIGN KEY ("variant_id") REFERENCES "public"."product_variants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_translations" ADD CONSTRAINT "promo_translations_promo_id_promos_id_fk" FOREIGN KEY ("promo_id") REFERENCES "public"."promos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "product_variants_product_idx" ON "product_variants" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "variant_prices_country_idx" ON "variant_prices" USING btree ("country");