-- The Shop query also answers shop settings (store type, seat limits, program flags): a change to them
-- moves the catalogue version too, so cached Shop answers are dropped. (Bumps made by the catalogue
-- trigger already change catalogue_version and are left alone.)
CREATE FUNCTION bump_catalogue_version_on_settings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.catalogue_version := OLD.catalogue_version + 1;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER shop_settings_bumps_catalogue_version BEFORE UPDATE ON shop_settings
  FOR EACH ROW WHEN (OLD.catalogue_version = NEW.catalogue_version) EXECUTE FUNCTION bump_catalogue_version_on_settings();
