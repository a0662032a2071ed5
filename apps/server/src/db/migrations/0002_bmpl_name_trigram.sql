-- Marketplace search (SPEC 2): name ILIKE '%word%' served by a trigram index instead of a scan.
CREATE INDEX IF NOT EXISTS "bmpl_products_name_trgm_idx" ON "bmpl_products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
-- Category pages list a city's records of a level-2 category: find them from the product side.
CREATE INDEX IF NOT EXISTS "bmpl_products_tier2_id_idx" ON "bmpl_products" USING btree ("tier2_id", "id");
