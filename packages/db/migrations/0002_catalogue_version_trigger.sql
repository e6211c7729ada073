-- Any change to what the catalogue answers bumps shop_settings.catalogue_version once per statement,
-- so every server instance's cache of catalogue answers knows it is stale, whoever made the change.
CREATE FUNCTION bump_catalogue_version() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE shop_settings SET catalogue_version = catalogue_version + 1, updated_at = now() WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['countries', 'categories', 'category_translations', 'product_types', 'products',
    'product_translations', 'product_images', 'product_variants', 'variant_translations', 'variant_groups',
    'variant_prices', 'tax_rates', 'promos', 'promo_translations', 'promo_free_variants', 'banners',
    'banner_translations', 'offers']
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION bump_catalogue_version()', t || '_bumps_catalogue_version', t);
  END LOOP;
END;
$$;
