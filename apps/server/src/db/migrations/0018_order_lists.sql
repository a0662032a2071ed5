CREATE TABLE "order_list_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"list_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_list_items_quantity_ck" CHECK ("order_list_items"."quantity" between 1 and 9999)
);
--> statement-breakpoint
CREATE TABLE "order_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"name" text NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"created_by" integer NOT NULL,
	"updated_by" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_lists_name_ck" CHECK (length("order_lists"."name") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "order_list_items" ADD CONSTRAINT "order_list_items_list_id_order_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."order_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_list_items" ADD CONSTRAINT "order_list_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_created_by_business_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lists" ADD CONSTRAINT "order_lists_updated_by_business_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_list_items_list_idx" ON "order_list_items" USING btree ("list_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "order_list_items_product_uq" ON "order_list_items" USING btree ("list_id","product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_lists_business_name_uq" ON "order_lists" USING btree ("business_id",lower("name"));