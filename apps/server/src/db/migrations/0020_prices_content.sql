CREATE TABLE "city_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "city_prices_price_ck" CHECK ("city_prices"."price" > 0),
	CONSTRAINT "city_prices_period_ck" CHECK ("city_prices"."ends_at" is null or "city_prices"."ends_at" >= "city_prices"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "feedback_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"feedback_id" integer NOT NULL,
	"staff_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text NOT NULL,
	"mailed_to" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_entries_kind_ck" CHECK ("feedback_entries"."kind" in ('note', 'reply'))
);
--> statement-breakpoint
CREATE TABLE "info_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "info_pages_slug_ck" CHECK ("info_pages"."slug" in ('faqs', 'termsAndConditions', 'privacypolicy'))
);
--> statement-breakpoint
CREATE TABLE "quantity_prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"min_quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quantity_prices_price_ck" CHECK ("quantity_prices"."unit_price" > 0),
	CONSTRAINT "quantity_prices_min_ck" CHECK ("quantity_prices"."min_quantity" > 1 and "quantity_prices"."min_quantity" <= 9999),
	CONSTRAINT "quantity_prices_period_ck" CHECK ("quantity_prices"."ends_at" is null or "quantity_prices"."ends_at" >= "quantity_prices"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "site_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "site_settings_key_ck" CHECK ("site_settings"."key" in ('help_no'))
);
--> statement-breakpoint
CREATE TABLE "ticker_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"city_id" integer,
	"text" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ticker_messages_text_ck" CHECK (length("ticker_messages"."text") between 1 and 300)
);
--> statement-breakpoint
ALTER TABLE "customer_prices" DROP CONSTRAINT "customer_prices_business_id_product_id_pk";--> statement-breakpoint
ALTER TABLE "customer_prices" ADD COLUMN "id" serial PRIMARY KEY NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD COLUMN "starts_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "city_id" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "category_id" integer;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "title" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "feedback" ADD COLUMN "assignee_staff_id" integer;--> statement-breakpoint
ALTER TABLE "city_prices" ADD CONSTRAINT "city_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "city_prices" ADD CONSTRAINT "city_prices_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_entries" ADD CONSTRAINT "feedback_entries_feedback_id_feedback_id_fk" FOREIGN KEY ("feedback_id") REFERENCES "public"."feedback"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback_entries" ADD CONSTRAINT "feedback_entries_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_prices" ADD CONSTRAINT "quantity_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quantity_prices" ADD CONSTRAINT "quantity_prices_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ticker_messages" ADD CONSTRAINT "ticker_messages_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "city_prices_product_city_idx" ON "city_prices" USING btree ("product_id","city_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "city_prices_open_uq" ON "city_prices" USING btree ("product_id","city_id") WHERE "city_prices"."ends_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_entries_feedback_idx" ON "feedback_entries" USING btree ("feedback_id","id");--> statement-breakpoint
CREATE INDEX "quantity_prices_product_city_idx" ON "quantity_prices" USING btree ("product_id","city_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "quantity_prices_open_uq" ON "quantity_prices" USING btree ("product_id","city_id","min_quantity") WHERE "quantity_prices"."ends_at" is null;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_prices_business_product_idx" ON "customer_prices" USING btree ("business_id","product_id","starts_at");--> statement-breakpoint
CREATE INDEX "customer_prices_product_idx" ON "customer_prices" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_prices_open_uq" ON "customer_prices" USING btree ("business_id","product_id") WHERE "customer_prices"."ends_at" is null;--> statement-breakpoint
CREATE INDEX "feedback_inbox_idx" ON "feedback" USING btree ("status","id");--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_period_ck" CHECK ("customer_prices"."ends_at" is null or "customer_prices"."ends_at" >= "customer_prices"."starts_at");--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_status_ck" CHECK ("feedback"."status" in ('new', 'in_progress', 'done'));--> statement-breakpoint
-- hand-written
-- Locked prices that existed before dates: in effect since they were made.
UPDATE "customer_prices" SET "starts_at" = "created_at";
--> statement-breakpoint
-- The content module's in-memory copy (banners, ticker, pages, settings) follows one counter, raised
-- by every statement that writes one of its tables (docs/decisions/017-prices-and-content.md).
INSERT INTO "catalogue_versions" ("name") VALUES ('content') ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION "content_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = 'content';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "banners_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "content_bump"();
--> statement-breakpoint
CREATE TRIGGER "ticker_messages_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ticker_messages" FOR EACH STATEMENT EXECUTE FUNCTION "content_bump"();
--> statement-breakpoint
CREATE TRIGGER "info_pages_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "info_pages" FOR EACH STATEMENT EXECUTE FUNCTION "content_bump"();
--> statement-breakpoint
CREATE TRIGGER "site_settings_content" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "site_settings" FOR EACH STATEMENT EXECUTE FUNCTION "content_bump"();
--> statement-breakpoint
-- What staff wrote on a feedback message stays as written (notes and replies sent are a record).
CREATE FUNCTION "feedback_entries_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'feedback_entries is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "feedback_entries_no_update_delete" BEFORE UPDATE OR DELETE ON "feedback_entries" FOR EACH ROW EXECUTE FUNCTION "feedback_entries_refuse_change"();
