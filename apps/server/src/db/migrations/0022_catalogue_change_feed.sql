CREATE TABLE "catalogue_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"table_name" text NOT NULL,
	"version" bigint NOT NULL,
	"row_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "catalogue_changes_table_version_idx" ON "catalogue_changes" USING btree ("table_name","version");--> statement-breakpoint
-- The change feed of the catalogue copies (docs/decisions/011-catalogue-copies.md, "Following the
-- database"). A statement that changes rows raises its table's counter once, as before, and records the
-- ids it changed under the counter's new value; the row lock on the counter keeps one table's versions
-- in commit order. A statement of more than 1,000 rows records none (followers reload everything,
-- cheaper than patching that many), and so does anything still raising a counter through
-- catalogue_bump (truncate, category and brand renames): a follower that misses a version reloads.
-- Each statement trims its table's entries older than 1,000 versions. pg_notify wakes the followers
-- that LISTEN on PostgreSQL at once; the others find the change at their next read of the counters.
CREATE FUNCTION "catalogue_log"("changed_table" text, "ids" integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  "v" bigint;
BEGIN
  IF cardinality("ids") = 0 THEN
    RETURN;
  END IF;
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = "changed_table" RETURNING "version" INTO "v";
  IF cardinality("ids") <= 1000 THEN
    INSERT INTO "catalogue_changes" ("table_name", "version", "row_id") SELECT "changed_table", "v", "id" FROM unnest("ids") AS "id";
  END IF;
  DELETE FROM "catalogue_changes" WHERE "table_name" = "changed_table" AND "version" <= "v" - 1000;
  PERFORM pg_notify('catalogue_changes', "changed_table");
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_log_products_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('products', ARRAY(SELECT DISTINCT "id" FROM "new_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "catalogue_log_products_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('products', ARRAY(SELECT DISTINCT "id" FROM "old_rows"));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- As migration 0007's: an update of viewed_count alone (the batched view counts) is no change.
CREATE FUNCTION "catalogue_log_products_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "catalogue_log"('products', ARRAY(
    SELECT DISTINCT coalesce(n."id", o."id") FROM "new_rows" n FULL JOIN "old_rows" o ON o."id" = n."id"
    WHERE o."id" IS NULL OR n."id" IS NULL OR (to_jsonb(n) - 'viewed_count') IS DISTINCT FROM (to_jsonb(o) - 'viewed_count')
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "products_catalogue_insert" ON "products";
--> statement-breakpoint
DROP TRIGGER "products_catalogue_update" ON "products";
--> statement-breakpoint
DROP FUNCTION "catalogue_bump_products_update"();
--> statement-breakpoint
CREATE TRIGGER "products_changes_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_products_insert"();
--> statement-breakpoint
CREATE TRIGGER "products_changes_delete" AFTER DELETE ON "products" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_products_delete"();
--> statement-breakpoint
CREATE TRIGGER "products_changes_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_log_products_update"();
