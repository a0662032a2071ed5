-- Storefront listings and search at 100,000 products (issue 3). Search matches a stored tsvector of
-- the name (the expression index of 0003 made every candidate's name be parsed again on recheck);
-- single-column tier and counter indexes are dropped: the composite ones below lead with tiers 2 to 4
-- and hold the counters' orders, tier 1 (two values, half the catalogue each) is read through the
-- global order indexes or a scan, and each index costs every query on products some planning.
DROP INDEX "products_tier1_idx";--> statement-breakpoint
DROP INDEX "products_tier2_idx";--> statement-breakpoint
DROP INDEX "products_tier3_idx";--> statement-breakpoint
DROP INDEX "products_tier4_idx";--> statement-breakpoint
DROP INDEX "products_viewed_idx";--> statement-breakpoint
DROP INDEX "products_cart_count_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_tsv" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', name)) STORED;--> statement-breakpoint
CREATE INDEX "products_name_tsv_idx" ON "products" USING gin ("name_tsv") WITH (fastupdate=false);--> statement-breakpoint
-- The expression index of 0003, replaced by the stored name_tsv and its index above (without
-- fastupdate: a GIN pending list is scanned by every search until the next VACUUM), and 0003's trigram
-- index, which nothing uses (similarity ranks at most 300 candidates, no index needed).
DROP INDEX IF EXISTS "products_name_fts_idx";
--> statement-breakpoint
DROP INDEX IF EXISTS "products_name_trgm_idx";
--> statement-breakpoint
-- The descending sorts of 0003's orders (out-of-stock last, then the key descending, then id
-- ascending), which a backward scan of the ascending index cannot give.
CREATE INDEX IF NOT EXISTS "products_list_brand_desc_idx" ON "products" (("stock" = 0), "brand_name" COLLATE "C" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_price_desc_idx" ON "products" (("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END) DESC, "id");
--> statement-breakpoint
-- A category page (tierId 2 to 4 with one category) in each sort order: the category, then the
-- order, so the page is the next 41 entries of one index range. (Brands and prices cluster by
-- category, so a global order index filtered by category read thousands of rows for Z-A and
-- High to Low; tier 1 has two values, so the global indexes serve it.)
CREATE INDEX IF NOT EXISTS "products_t2_id_idx" ON "products" ("tier2_id", ("stock" = 0), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_viewed_idx" ON "products" ("tier2_id", ("stock" = 0), "viewed_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_cart_idx" ON "products" ("tier2_id", ("stock" = 0), "add_to_cart_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_brand_idx" ON "products" ("tier2_id", ("stock" = 0), "brand_name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_brand_desc_idx" ON "products" ("tier2_id", ("stock" = 0), "brand_name" COLLATE "C" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_price_idx" ON "products" ("tier2_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t2_price_desc_idx" ON "products" ("tier2_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END) DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_id_idx" ON "products" ("tier3_id", ("stock" = 0), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_viewed_idx" ON "products" ("tier3_id", ("stock" = 0), "viewed_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_cart_idx" ON "products" ("tier3_id", ("stock" = 0), "add_to_cart_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_brand_idx" ON "products" ("tier3_id", ("stock" = 0), "brand_name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_brand_desc_idx" ON "products" ("tier3_id", ("stock" = 0), "brand_name" COLLATE "C" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_price_idx" ON "products" ("tier3_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t3_price_desc_idx" ON "products" ("tier3_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END) DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_id_idx" ON "products" ("tier4_id", ("stock" = 0), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_viewed_idx" ON "products" ("tier4_id", ("stock" = 0), "viewed_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_cart_idx" ON "products" ("tier4_id", ("stock" = 0), "add_to_cart_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_brand_idx" ON "products" ("tier4_id", ("stock" = 0), "brand_name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_brand_desc_idx" ON "products" ("tier4_id", ("stock" = 0), "brand_name" COLLATE "C" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_price_idx" ON "products" ("tier4_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_t4_price_desc_idx" ON "products" ("tier4_id", ("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END) DESC, "id");
