-- Issue 35: the back office keeps the cities and their areas (modules/places). A city or an area in use
-- (by businesses, prices, banners, ticker messages, marketplace records) is never deleted, only made
-- inactive: sign-up, the storefront and the marketplace then leave it out, and what names it keeps its
-- reference. Each city tells buyers its delivery days (ISO weekdays, 1 = Monday) and the time of day
-- (Karachi) by which an order must be placed to go out on the next delivery day.
ALTER TABLE "cities" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "delivery_days" integer[] DEFAULT '{1,2,3,4,5,6}' NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "cutoff_time" text DEFAULT '18:00' NOT NULL;--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_delivery_days_ck" CHECK ("delivery_days" <@ '{1,2,3,4,5,6,7}'::integer[]);--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_cutoff_time_ck" CHECK ("cutoff_time" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$');--> statement-breakpoint
ALTER TABLE "areas" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The areas' CSV names an area by its city and name, so two areas of one name in a city would be ambiguous.
CREATE UNIQUE INDEX "areas_city_name_uq" ON "areas" USING btree ("city_id", lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_lower_uq" ON "cities" USING btree (lower("name"));--> statement-breakpoint
-- The marketplace keeps the active cities with its answers until its counters move: a change of a city
-- (added, renamed, made inactive) raises the counter of bmpl_product_cities, so a running server reads
-- the cities again within its once-a-second read.
CREATE FUNCTION "cities_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = 'bmpl_product_cities';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "cities_marketplace" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cities" FOR EACH STATEMENT EXECUTE FUNCTION "cities_bump"();
