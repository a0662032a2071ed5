-- Issue 35: staff keep the business types (modules/businesses/business-types.service.ts). A type in use
-- (by businesses, products or sub-types) is never deleted, only made inactive: the storefront and the
-- sign-up page then leave it out, and the businesses and products that name it keep their reference.
ALTER TABLE "business_types" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- The catalogue's CSV names leaf types by name (lower-cased), so two types of one name would be ambiguous.
CREATE UNIQUE INDEX "business_types_name_uq" ON "business_types" USING btree (lower("name"));--> statement-breakpoint
-- The storefront's answers of business types and of their products are kept until the catalogue's
-- counters move: a change of a type (name, picture, order, active, parent) raises the counter of
-- product_business_types, so a running server drops those answers within its once-a-second read.
CREATE FUNCTION "business_types_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "catalogue_versions" SET "version" = "version" + 1 WHERE "name" = 'product_business_types';
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "business_types_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "business_types" FOR EACH STATEMENT EXECUTE FUNCTION "business_types_bump"();
