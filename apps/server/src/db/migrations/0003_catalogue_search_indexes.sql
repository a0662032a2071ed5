-- Ordering-bar search (issue 3): full text over product names and pg_trgm word similarity for typos.
-- The expressions match search.service.ts exactly, so the planner uses these indexes.
CREATE INDEX IF NOT EXISTS "products_name_fts_idx" ON "products" USING gin (to_tsvector('simple', "name"));
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);
--> statement-breakpoint
-- Listing orders (out-of-stock last, then the sort key, then id) read in index order: a page costs
-- its rows, not a sort of the catalogue.
CREATE INDEX IF NOT EXISTS "products_list_viewed_idx" ON "products" (("stock" = 0), "viewed_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_cart_idx" ON "products" (("stock" = 0), "add_to_cart_count" DESC, "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_brand_idx" ON "products" (("stock" = 0), "brand_name" COLLATE "C", "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_price_idx" ON "products" (("stock" = 0), (CASE WHEN "sale" AND "sale_price" > 0 THEN "sale_price" ELSE "price" END), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_list_id_idx" ON "products" (("stock" = 0), "id");
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "products_brand_name_idx" ON "products" ("brand_name");
