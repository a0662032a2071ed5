-- Issue 36: a signed-in buyer is shown the prices of the business's city (pricing.ts cartUnitPrice), and
-- each server instance keeps which city each business is in (catalogue/price-views.ts) until this counter
-- moves: a business moved to another city (or removed) raises it, so every instance reads the city again
-- within its once-a-second read of the counters.
INSERT INTO "catalogue_versions" ("name") VALUES ('business_cities') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "business_cities_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = 'business_cities';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "businesses_city_update" AFTER UPDATE OF "city_id" ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "business_cities_bump"();--> statement-breakpoint
CREATE TRIGGER "businesses_city_delete" AFTER DELETE OR TRUNCATE ON "businesses" FOR EACH STATEMENT EXECUTE FUNCTION "business_cities_bump"();
