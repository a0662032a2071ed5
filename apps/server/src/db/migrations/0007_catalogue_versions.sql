CREATE TABLE "catalogue_versions" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- The in-memory catalogue index (modules/catalogue/catalogue-index.ts) reloads a table when its
-- counter moves. Statement-level triggers: one counter update per statement, whatever its row count.
INSERT INTO "catalogue_versions" ("name") VALUES ('products'), ('customer_prices'), ('product_business_types');
--> statement-breakpoint
CREATE FUNCTION "catalogue_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = TG_TABLE_NAME;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An update that changes only viewed_count (the server's batched view counts, every 2 s under
-- traffic) does not count: reloading the catalogue for it would cost more than the order it changes.
CREATE FUNCTION "catalogue_bump_products_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (
    SELECT 1 FROM "new_rows" n LEFT JOIN "old_rows" o ON o."id" = n."id"
    WHERE o."id" IS NULL OR (to_jsonb(n) - 'viewed_count') IS DISTINCT FROM (to_jsonb(o) - 'viewed_count')
  ) THEN
    UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = 'products';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_insert" AFTER INSERT OR DELETE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_truncate" AFTER TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump_products_update"();
--> statement-breakpoint
CREATE TRIGGER "customer_prices_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "customer_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
--> statement-breakpoint
CREATE TRIGGER "product_business_types_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_business_types" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
