-- The marketplace's in-memory copy (modules/bmpl/bmpl-index.ts) follows these counters, as the
-- storefront catalogue's follows those of migration 0007.
INSERT INTO "catalogue_versions" ("name") VALUES ('bmpl_products'), ('bmpl_product_cities');
--> statement-breakpoint
CREATE TRIGGER "bmpl_products_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bmpl_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "bmpl_product_cities" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
