DROP INDEX "bmpl_pc_list_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_list_name_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_list_name_desc_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_list_price_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_list_price_desc_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_category_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_category_name_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_category_name_desc_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_category_price_idx";--> statement-breakpoint
DROP INDEX "bmpl_pc_category_price_desc_idx";--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Issue 19: a product made inactive by staff (products.active) leaves the marketplace too. Its marketplace
-- products and their city records carry the flag, kept by the database as the list columns are
-- (migration 0004), so no writer (staff edit, import, undo, seed, a tool) can leave it stale.
CREATE OR REPLACE FUNCTION "bmpl_products_active"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."active" := coalesce((SELECT p."active" FROM "products" p WHERE p."id" = NEW."product_id"), true);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bmpl_products_active" BEFORE INSERT OR UPDATE ON "bmpl_products"
FOR EACH ROW EXECUTE FUNCTION "bmpl_products_active"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "products_active_to_bmpl"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bmpl_products" SET "active" = NEW."active" WHERE "product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_active_to_bmpl" AFTER UPDATE OF "active" ON "products"
FOR EACH ROW WHEN (OLD."active" IS DISTINCT FROM NEW."active")
EXECUTE FUNCTION "products_active_to_bmpl"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bmpl_product_cities_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."tier2_id", p."tier3_id", p."bmpl_brand_id", p."name", p."active" INTO NEW."tier2_id", NEW."tier3_id", NEW."bmpl_brand_id", NEW."name", NEW."active"
  FROM "bmpl_products" p WHERE p."id" = NEW."bmpl_product_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bmpl_products_copy_to_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bmpl_product_cities" SET "tier2_id" = NEW."tier2_id", "tier3_id" = NEW."tier3_id", "bmpl_brand_id" = NEW."bmpl_brand_id", "name" = NEW."name", "active" = NEW."active"
  WHERE "bmpl_product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "bmpl_products_copy_to_cities" ON "bmpl_products";--> statement-breakpoint
CREATE TRIGGER "bmpl_products_copy_to_cities" AFTER UPDATE OF "tier2_id", "tier3_id", "bmpl_brand_id", "name", "active" ON "bmpl_products"
FOR EACH ROW WHEN (OLD."tier2_id" IS DISTINCT FROM NEW."tier2_id" OR OLD."tier3_id" IS DISTINCT FROM NEW."tier3_id"
  OR OLD."bmpl_brand_id" IS DISTINCT FROM NEW."bmpl_brand_id" OR OLD."name" IS DISTINCT FROM NEW."name" OR OLD."active" IS DISTINCT FROM NEW."active")
EXECUTE FUNCTION "bmpl_products_copy_to_cities"();--> statement-breakpoint
-- Products already inactive (the trigger above sets the flag; the update copies it to the city records).
UPDATE "bmpl_products" b SET "active" = false FROM "products" p WHERE p."id" = b."product_id" AND NOT p."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","bmpl_product_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_name_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","name","bmpl_product_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_name_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","name" DESC NULLS LAST,"bmpl_product_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_price_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","price","bmpl_product_id","bmpl_brand_id") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_price_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","price" DESC NULLS LAST,"bmpl_product_id","bmpl_brand_id") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","bmpl_product_id","tier3_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_name_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","name","bmpl_product_id","tier3_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_name_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","name" DESC NULLS LAST,"bmpl_product_id","tier3_id","bmpl_brand_id","price") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_price_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","price","bmpl_product_id","tier3_id","bmpl_brand_id") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_price_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","price" DESC NULLS LAST,"bmpl_product_id","tier3_id","bmpl_brand_id") WHERE "bmpl_product_cities"."active";--> statement-breakpoint
-- The marketplace search's index (migration 0004) holds active records only, as the list indexes.
DROP INDEX "bmpl_pc_city_name_trgm_idx";--> statement-breakpoint
CREATE INDEX "bmpl_pc_city_name_trgm_idx" ON "bmpl_product_cities" USING gin (("city_id"::text || ' ' || "name") gin_trgm_ops) WHERE "active";
