ALTER TABLE "bmpl_product_cities" ADD COLUMN "tier2_id" integer;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD COLUMN "tier3_id" integer;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD COLUMN "bmpl_brand_id" integer;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD COLUMN "out_of_stock" boolean GENERATED ALWAYS AS (stock = 0) STORED;--> statement-breakpoint
-- Marketplace lists (issue 6): a city record carries what its lists filter and sort on, copied from its
-- product by the database so no writer (seed, bench, import) can leave it stale.
UPDATE "bmpl_product_cities" c SET "tier2_id" = p."tier2_id", "tier3_id" = p."tier3_id", "bmpl_brand_id" = p."bmpl_brand_id", "name" = p."name"
FROM "bmpl_products" p WHERE p."id" = c."bmpl_product_id";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bmpl_product_cities_copy"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p."tier2_id", p."tier3_id", p."bmpl_brand_id", p."name" INTO NEW."tier2_id", NEW."tier3_id", NEW."bmpl_brand_id", NEW."name"
  FROM "bmpl_products" p WHERE p."id" = NEW."bmpl_product_id";
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bmpl_product_cities_copy" BEFORE INSERT OR UPDATE ON "bmpl_product_cities"
FOR EACH ROW EXECUTE FUNCTION "bmpl_product_cities_copy"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bmpl_products_copy_to_cities"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "bmpl_product_cities" SET "tier2_id" = NEW."tier2_id", "tier3_id" = NEW."tier3_id", "bmpl_brand_id" = NEW."bmpl_brand_id", "name" = NEW."name"
  WHERE "bmpl_product_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "bmpl_products_copy_to_cities" AFTER UPDATE OF "tier2_id", "tier3_id", "bmpl_brand_id", "name" ON "bmpl_products"
FOR EACH ROW WHEN (OLD."tier2_id" IS DISTINCT FROM NEW."tier2_id" OR OLD."tier3_id" IS DISTINCT FROM NEW."tier3_id"
  OR OLD."bmpl_brand_id" IS DISTINCT FROM NEW."bmpl_brand_id" OR OLD."name" IS DISTINCT FROM NEW."name")
EXECUTE FUNCTION "bmpl_products_copy_to_cities"();--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","bmpl_product_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_name_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","name","bmpl_product_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_name_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","name" DESC NULLS LAST,"bmpl_product_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_price_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","price","bmpl_product_id","bmpl_brand_id");--> statement-breakpoint
CREATE INDEX "bmpl_pc_list_price_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","out_of_stock","price" DESC NULLS LAST,"bmpl_product_id","bmpl_brand_id");--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","bmpl_product_id","tier3_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_name_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","name","bmpl_product_id","tier3_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_name_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","name" DESC NULLS LAST,"bmpl_product_id","tier3_id","bmpl_brand_id","price");--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_price_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","price","bmpl_product_id","tier3_id","bmpl_brand_id");--> statement-breakpoint
CREATE INDEX "bmpl_pc_category_price_desc_idx" ON "bmpl_product_cities" USING btree ("city_id","tier2_id","out_of_stock","price" DESC NULLS LAST,"bmpl_product_id","tier3_id","bmpl_brand_id");--> statement-breakpoint
-- Marketplace search within a city (SPEC 2): each word is name ILIKE '%word%'. The city id is part of the
-- indexed text ('3 Basmati Rice ...'), matched as an anchored prefix ('3 %rice%'), so the trigram index
-- yields mostly that city's matches instead of every city's. Same expression as bmpl-lists.service.ts.
CREATE INDEX "bmpl_pc_city_name_trgm_idx" ON "bmpl_product_cities" USING gin (("city_id"::text || ' ' || "name") gin_trgm_ops);
