-- The change feed of the marketplace's copy (docs/decisions/011-catalogue-copies.md, "The change
-- feed"), as migration 0022's for the storefront's: a statement that changes rows of bmpl_products or
-- bmpl_product_cities raises its table's counter once and records, under the counter's new value, the
-- marketplace products it touched (catalogue_log: at most 1,000 ids a statement, trimmed after 1,000
-- versions, pg_notify). The unit the copy patches is a product with all its city records, so both
-- tables log product ids: bmpl_products its own id, bmpl_product_cities its rows' bmpl_product_id.
-- A truncate still raises the counter without ids (catalogue_bump): followers load whole.
CREATE FUNCTION "catalogue_log_bmpl_products_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_products', ARRAY(SELECT DISTINCT "id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_log_bmpl_products_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_products', ARRAY(SELECT DISTINCT "id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that changes nothing (the same values written again) records nothing.
CREATE FUNCTION "catalogue_log_bmpl_products_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_products', ARRAY(
    SELECT DISTINCT coalesce(n."id", o."id") FROM "new_rows" n FULL JOIN "old_rows" o ON o."id" = n."id"
    WHERE o."id" IS NULL OR n."id" IS NULL OR to_jsonb(n) IS DISTINCT FROM to_jsonb(o)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_log_bmpl_product_cities_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_product_cities', ARRAY(SELECT DISTINCT "bmpl_product_id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_log_bmpl_product_cities_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_product_cities', ARRAY(SELECT DISTINCT "bmpl_product_id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A record moved to another product names both products.
CREATE FUNCTION "catalogue_log_bmpl_product_cities_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('bmpl_product_cities', ARRAY(
    SELECT DISTINCT p FROM (
      SELECT n."bmpl_product_id" AS a, o."bmpl_product_id" AS b FROM "new_rows" n FULL JOIN "old_rows" o ON o."id" = n."id"
      WHERE o."id" IS NULL OR n."id" IS NULL OR to_jsonb(n) IS DISTINCT FROM to_jsonb(o)
    ) moved, LATERAL (VALUES (moved.a), (moved.b)) AS ids(p)
    WHERE p IS NOT NULL
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "bmpl_products_catalogue" ON "bmpl_products";
--> statement-breakpoint
DROP TRIGGER "bmpl_product_cities_catalogue" ON "bmpl_product_cities";
--> statement-breakpoint
CREATE TRIGGER "bmpl_products_catalogue_truncate" AFTER TRUNCATE ON "bmpl_products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_catalogue_truncate" AFTER TRUNCATE ON "bmpl_product_cities" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_products_changes_insert" AFTER INSERT ON "bmpl_products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_products_insert"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_products_changes_delete" AFTER DELETE ON "bmpl_products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_products_delete"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_products_changes_update" AFTER UPDATE ON "bmpl_products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_products_update"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_changes_insert" AFTER INSERT ON "bmpl_product_cities" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_product_cities_insert"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_changes_delete" AFTER DELETE ON "bmpl_product_cities" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_product_cities_delete"();
--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_changes_update" AFTER UPDATE ON "bmpl_product_cities" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_bmpl_product_cities_update"();
