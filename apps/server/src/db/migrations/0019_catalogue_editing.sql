CREATE TABLE "bmpl_slug_redirects" (
	"old_slug" text PRIMARY KEY NOT NULL,
	"bmpl_product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_batch_rows" (
	"id" serial PRIMARY KEY NOT NULL,
	"batch_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "catalogue_batches" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"staff_id" integer,
	"file_name" text NOT NULL,
	"created" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"undoes_batch_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalogue_batches_kind_ck" CHECK ("catalogue_batches"."kind" in ('import', 'stock', 'undo'))
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bmpl_slug_redirects" ADD CONSTRAINT "bmpl_slug_redirects_bmpl_product_id_bmpl_products_id_fk" FOREIGN KEY ("bmpl_product_id") REFERENCES "public"."bmpl_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_batch_rows" ADD CONSTRAINT "catalogue_batch_rows_batch_id_catalogue_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."catalogue_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_batch_rows" ADD CONSTRAINT "catalogue_batch_rows_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_batches" ADD CONSTRAINT "catalogue_batches_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogue_batches" ADD CONSTRAINT "catalogue_batches_undoes_batch_id_catalogue_batches_id_fk" FOREIGN KEY ("undoes_batch_id") REFERENCES "public"."catalogue_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bmpl_slug_redirects_product_idx" ON "bmpl_slug_redirects" USING btree ("bmpl_product_id");--> statement-breakpoint
CREATE INDEX "catalogue_batch_rows_batch_idx" ON "catalogue_batch_rows" USING btree ("batch_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogue_batches_undoes_uq" ON "catalogue_batches" USING btree ("undoes_batch_id");--> statement-breakpoint
-- A batch and its rows are the import's audit (issue 19): append-only, as audit_log (migration 0013).
CREATE FUNCTION "catalogue_batches_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "catalogue_batches_no_change" BEFORE UPDATE OR DELETE ON "catalogue_batches" FOR EACH ROW EXECUTE FUNCTION "catalogue_batches_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "catalogue_batch_rows_no_change" BEFORE UPDATE OR DELETE ON "catalogue_batch_rows" FOR EACH ROW EXECUTE FUNCTION "catalogue_batches_refuse_change"();
--> statement-breakpoint
-- Category and brand names are part of what listings answer (issue 19: renames, merges): a write to
-- them moves the storefront's and the marketplace's change counters, so every instance's copies and
-- answer caches take it within 2 s (decision 011), whoever writes.
CREATE FUNCTION "catalogue_bump_names"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" IN ('products', 'bmpl_products');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "categories_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump_names"();
--> statement-breakpoint
CREATE TRIGGER "brands_catalogue" AFTER INSERT OR UPDATE OR DELETE ON "brands" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump_names"();
