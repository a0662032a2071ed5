-- Decision 019 (docs/decisions/019-one-city-price.md): city_prices (with quantity_prices) is the one
-- record of what a product costs in a city; the marketplace's city records of a storefront product
-- (bmpl_products.product_id set) become a copy of what the cart charges, as the prices module's
-- refresher computes it (packages/domain pricing.ts marketplaceCityPrice). No schema change: the data
-- moves only. Marketplace-only records (no product) keep their own prices: nothing charges them.
--
-- 1. A linked record that shows another price than its product's displayed price (SPEC 9) becomes
-- that city's price: its sale price when on sale, else its price, from now. A city price the product
-- has there already (in effect or scheduled) wins: the cart charges it.
INSERT INTO "city_prices" ("product_id", "city_id", "price", "starts_at")
SELECT DISTINCT ON (r."product_id", r."city_id") r."product_id", r."city_id", r."shown", now()
FROM (
  SELECT bp."product_id", pc."city_id", pc."id",
    CASE WHEN pc."sale" AND pc."sale_price" > 0 AND pc."sale_price" < pc."price" THEN pc."sale_price" ELSE pc."price" END AS "shown",
    CASE WHEN p."sale" AND p."sale_price" > 0 THEN p."sale_price" ELSE p."price" END AS "displayed"
  FROM "bmpl_product_cities" pc
  JOIN "bmpl_products" bp ON bp."id" = pc."bmpl_product_id"
  JOIN "products" p ON p."id" = bp."product_id"
) r
WHERE r."shown" > 0 AND r."shown" <> r."displayed"
  AND NOT EXISTS (SELECT 1 FROM "city_prices" x WHERE x."product_id" = r."product_id" AND x."city_id" = r."city_id" AND (x."ends_at" IS NULL OR x."ends_at" > now()))
ORDER BY r."product_id", r."city_id", r."id";--> statement-breakpoint
-- 2. A linked record's Buy More Pay Less threshold becomes the city's threshold, unless the product
-- has a threshold there already (in effect or scheduled).
INSERT INTO "quantity_prices" ("product_id", "city_id", "min_quantity", "unit_price", "starts_at")
SELECT DISTINCT ON (bp."product_id", pc."city_id") bp."product_id", pc."city_id", pc."discount_threshold", pc."discount_price", now()
FROM "bmpl_product_cities" pc
JOIN "bmpl_products" bp ON bp."id" = pc."bmpl_product_id"
WHERE bp."product_id" IS NOT NULL AND pc."discount_threshold" BETWEEN 2 AND 9999 AND pc."discount_price" > 0
  AND NOT EXISTS (SELECT 1 FROM "quantity_prices" x WHERE x."product_id" = bp."product_id" AND x."city_id" = pc."city_id" AND (x."ends_at" IS NULL OR x."ends_at" > now()))
ORDER BY bp."product_id", pc."city_id", pc."id";--> statement-breakpoint
-- 3. Every linked record shows what marketplaceCityPrice computes from its product and the city's
-- price and thresholds in effect: x1 is the city price, else the product's sale price (shown as a sale
-- when below the list price), else its list price; the threshold shown is the lowest one whose price
-- is below that; each price is split at the product's own tax rate (pricing.ts taxIncluded). One
-- audit_log row (no staff) says where the new prices came from. A test runs the function over every
-- linked record of a migrated database and requires equality (city-price-migration.test.ts).
WITH "base" AS (
  SELECT pc."id", p."price" AS "list", p."tax" AS "ptax", p."sell_price" AS "psell", bp."product_id", pc."city_id",
    CASE WHEN cp."price" > 0 THEN cp."price" WHEN p."sale" AND p."sale_price" > 0 THEN p."sale_price" ELSE p."price" END AS "one",
    (cp."price" IS NULL AND p."sale" AND p."sale_price" > 0 AND p."sale_price" < p."price") AS "on_sale"
  FROM "bmpl_product_cities" pc
  JOIN "bmpl_products" bp ON bp."id" = pc."bmpl_product_id"
  JOIN "products" p ON p."id" = bp."product_id"
  LEFT JOIN LATERAL (
    SELECT x."price" FROM "city_prices" x
    WHERE x."product_id" = bp."product_id" AND x."city_id" = pc."city_id" AND x."starts_at" <= now() AND (x."ends_at" IS NULL OR x."ends_at" > now())
    ORDER BY x."starts_at" DESC LIMIT 1
  ) cp ON true
), "due" AS (
  SELECT b.*, t."min_quantity" AS "threshold", t."unit_price" AS "discount",
    CASE WHEN b."ptax" <= 0 OR b."psell" <= 0 THEN b."one" ELSE round(b."one" * b."psell" / (b."psell" + b."ptax"), 2) END AS "one_net",
    CASE WHEN b."ptax" <= 0 OR b."psell" <= 0 THEN t."unit_price" ELSE round(t."unit_price" * b."psell" / (b."psell" + b."ptax"), 2) END AS "discount_net"
  FROM "base" b
  LEFT JOIN LATERAL (
    SELECT q."min_quantity", q."unit_price" FROM "quantity_prices" q
    WHERE q."product_id" = b."product_id" AND q."city_id" = b."city_id" AND q."starts_at" <= now() AND (q."ends_at" IS NULL OR q."ends_at" > now())
      AND q."min_quantity" > 1 AND q."unit_price" > 0 AND q."unit_price" < b."one"
    ORDER BY q."min_quantity", q."unit_price" LIMIT 1
  ) t ON true
), "moved" AS (
  UPDATE "bmpl_product_cities" pc SET
    "price" = CASE WHEN d."on_sale" THEN d."list" ELSE d."one" END,
    "sale" = d."on_sale",
    "sale_price" = CASE WHEN d."on_sale" THEN d."one" END,
    "sell_price" = d."one_net",
    "tax" = d."one" - d."one_net",
    "discount_threshold" = d."threshold",
    "discount_price" = d."discount",
    "original_price" = CASE WHEN d."threshold" IS NOT NULL THEN d."one" END,
    "discount_price_tax" = d."discount" - d."discount_net",
    "discount_price_without_tax" = d."discount_net",
    "discount_description" = CASE WHEN d."threshold" IS NOT NULL
      THEN 'Buy ' || d."threshold" || ' or more pieces and pay Rs. ' || to_char(round(d."discount"), 'FM999,999,999,990') || ' per piece' END
  FROM "due" d
  WHERE pc."id" = d."id"
    AND (pc."price", pc."sale", pc."sale_price", pc."sell_price", pc."tax", pc."discount_threshold", pc."discount_price", pc."original_price",
      pc."discount_price_tax", pc."discount_price_without_tax", pc."discount_description")
    IS DISTINCT FROM
      (CASE WHEN d."on_sale" THEN d."list" ELSE d."one" END, d."on_sale", CASE WHEN d."on_sale" THEN d."one" END, d."one_net", d."one" - d."one_net",
      d."threshold", d."discount", CASE WHEN d."threshold" IS NOT NULL THEN d."one" END, d."discount" - d."discount_net", d."discount_net",
      CASE WHEN d."threshold" IS NOT NULL THEN 'Buy ' || d."threshold" || ' or more pieces and pay Rs. ' || to_char(round(d."discount"), 'FM999,999,999,990') || ' per piece' END)
  RETURNING pc."id"
)
INSERT INTO "audit_log" ("staff_id", "ip", "action", "entity", "entity_id", "before", "after")
SELECT NULL, 'migration', 'price.migrate', 'city_price', '0023_one_city_price', NULL, jsonb_build_object(
  'city_prices', (SELECT count(*) FROM "city_prices" WHERE "created_at" = now()),
  'quantity_prices', (SELECT count(*) FROM "quantity_prices" WHERE "created_at" = now()),
  'marketplace_records', (SELECT count(*) FROM "moved"))
-- A database with nothing to move (a new install) gets no entry.
WHERE EXISTS (SELECT 1 FROM "moved") OR EXISTS (SELECT 1 FROM "city_prices" WHERE "created_at" = now()) OR EXISTS (SELECT 1 FROM "quantity_prices" WHERE "created_at" = now());
