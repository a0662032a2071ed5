-- Change counters for the city prices and quantity thresholds (decision 019): a price added or ended
-- on any instance moves them, so every instance's look at the prices' schedule (prices.service.ts,
-- followPriceBoundaries) learns of a new start or end without asking the database every second.
INSERT INTO "catalogue_versions" ("name") VALUES ('city_prices'), ('quantity_prices') ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE TRIGGER "city_prices_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "city_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();--> statement-breakpoint
CREATE TRIGGER "quantity_prices_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quantity_prices" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
