CREATE TABLE "business_users" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_no" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"limit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"help_no" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"national_identity_card" text DEFAULT '' NOT NULL,
	"metro_store_id" integer,
	"delivery_id" integer,
	"customer_id" text,
	"cm_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_users_type_ck" CHECK ("business_users"."type" in ('Owner', 'Orderer', 'Approver', 'Viewer')),
	CONSTRAINT "business_users_email_lower_ck" CHECK ("business_users"."email" = lower("business_users"."email"))
);
--> statement-breakpoint
CREATE TABLE "businesses" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"business_type_id" integer,
	"business_sub_type_id" integer,
	"payment_mode" text DEFAULT 'Cash' NOT NULL,
	"advance_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"credit_limit" numeric(12, 2) DEFAULT '0' NOT NULL,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"city_id" integer,
	"area_id" integer,
	"store_id" integer,
	"latitude" double precision,
	"longitude" double precision,
	"cm_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "businesses_payment_mode_ck" CHECK ("businesses"."payment_mode" in ('Cash', 'Credit', 'Advance'))
);
--> statement-breakpoint
CREATE TABLE "customer_prices" (
	"business_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_prices_business_id_product_id_pk" PRIMARY KEY("business_id","product_id"),
	CONSTRAINT "customer_prices_price_ck" CHECK ("customer_prices"."price" > 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_kind_ck" CHECK ("uploads"."kind" in ('cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image'))
);
--> statement-breakpoint
CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text NOT NULL,
	"enable" boolean DEFAULT true NOT NULL,
	"is_mobile" boolean DEFAULT false NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"level" integer NOT NULL,
	"parent_id" integer,
	"tier2_id" integer,
	"image" text,
	"poster" text,
	"banner" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_level_ck" CHECK ("categories"."level" between 1 and 4)
);
--> statement-breakpoint
CREATE TABLE "product_business_types" (
	"product_id" integer NOT NULL,
	"business_type_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_business_types_product_id_business_type_id_pk" PRIMARY KEY("product_id","business_type_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url_name" text NOT NULL,
	"url" text NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale" boolean DEFAULT false NOT NULL,
	"sale_price" numeric(12, 2),
	"stock" integer DEFAULT 0 NOT NULL,
	"sku" text NOT NULL,
	"code" text NOT NULL,
	"brand_id" integer NOT NULL,
	"brand_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"weight" text DEFAULT '' NOT NULL,
	"product_subsys" text DEFAULT '' NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sell_price" numeric(12, 2) NOT NULL,
	"tier1_id" integer NOT NULL,
	"tier2_id" integer,
	"tier3_id" integer,
	"tier4_id" integer,
	"add_to_cart_count" integer DEFAULT 0 NOT NULL,
	"viewed_count" integer DEFAULT 0 NOT NULL,
	"article_mgb" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_price_ck" CHECK ("products"."price" >= 0 and "products"."sell_price" >= 0 and "products"."tax" >= 0),
	CONSTRAINT "products_stock_ck" CHECK ("products"."stock" >= 0)
);
--> statement-breakpoint
CREATE TABLE "bmpl_product_cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"bmpl_product_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"sale" boolean DEFAULT false NOT NULL,
	"sale_price" numeric(12, 2),
	"sell_price" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"discount_threshold" integer,
	"discount_price" numeric(12, 2),
	"original_price" numeric(12, 2),
	"discount_description" text,
	"discount_price_tax" numeric(12, 2),
	"discount_price_without_tax" numeric(12, 2),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bmpl_product_cities_price_ck" CHECK ("bmpl_product_cities"."price" >= 0 and "bmpl_product_cities"."stock" >= 0),
	CONSTRAINT "bmpl_product_cities_threshold_ck" CHECK ("bmpl_product_cities"."discount_threshold" is null or "bmpl_product_cities"."discount_threshold" > 1)
);
--> statement-breakpoint
CREATE TABLE "bmpl_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"url_name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tier1_id" integer NOT NULL,
	"tier2_id" integer NOT NULL,
	"tier3_id" integer,
	"tier4_id" integer,
	"bmpl_brand_id" integer NOT NULL,
	"bmpl_brand_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_number" text NOT NULL,
	"order_id" integer,
	"business_id" integer NOT NULL,
	"business_user_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"payment_mode" text NOT NULL,
	"due_on" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ledgers" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"business_user_id" integer NOT NULL,
	"invoice_id" integer,
	"total_spent" numeric(12, 2) NOT NULL,
	"payable" numeric(12, 2) NOT NULL,
	"payable_by" date NOT NULL,
	"payment_mode" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledgers_payment_mode_ck" CHECK ("ledgers"."payment_mode" in ('Cash', 'Credit', 'Advance'))
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(12, 2) NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"tax" numeric(12, 2) DEFAULT '0' NOT NULL,
	"sell_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"product_subsys" text DEFAULT '' NOT NULL,
	"article_mgb" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_details_quantity_ck" CHECK ("order_details"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_number" text NOT NULL,
	"status" text NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"contact_no" text DEFAULT '' NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"sell_price_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"tax_total" numeric(12, 2) DEFAULT '0' NOT NULL,
	"discount_price" numeric(12, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(12, 2) DEFAULT '0' NOT NULL,
	"remaining_amount" numeric(12, 2) NOT NULL,
	"cm_id" text,
	"business_id" integer NOT NULL,
	"business_user_id" integer NOT NULL,
	"payment_mode" text NOT NULL,
	"payment_days" integer DEFAULT 0 NOT NULL,
	"metro_store_id" integer,
	"delivery_id" integer,
	"customer_id" text,
	"business_name" text NOT NULL,
	"order_by" text NOT NULL,
	"idempotency_key" text,
	"decided_by" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_ck" CHECK ("orders"."status" in ('Pending', 'In Process', 'Delivered', 'Rejected')),
	CONSTRAINT "orders_payment_mode_ck" CHECK ("orders"."payment_mode" in ('Cash', 'Credit', 'Advance')),
	CONSTRAINT "orders_amounts_ck" CHECK ("orders"."total_price" >= 0 and "orders"."remaining_amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "areas" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city_id" integer NOT NULL,
	"store_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_types" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"image" text,
	"parent_id" integer,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "feedback" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_user_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"mobile_no" text NOT NULL,
	"type" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"message" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "feedback_type_ck" CHECK ("feedback"."type" in ('Complaint', 'Suggestion', 'Compliment', 'Account Deletion'))
);
--> statement-breakpoint
CREATE TABLE "outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"recipient" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_users" ADD CONSTRAINT "business_users_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_business_type_id_business_types_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_business_sub_type_id_business_types_id_fk" FOREIGN KEY ("business_sub_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_area_id_areas_id_fk" FOREIGN KEY ("area_id") REFERENCES "public"."areas"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_prices" ADD CONSTRAINT "customer_prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_tier2_id_categories_id_fk" FOREIGN KEY ("tier2_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_business_types" ADD CONSTRAINT "product_business_types_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_business_types" ADD CONSTRAINT "product_business_types_business_type_id_business_types_id_fk" FOREIGN KEY ("business_type_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tier1_id_categories_id_fk" FOREIGN KEY ("tier1_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tier2_id_categories_id_fk" FOREIGN KEY ("tier2_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tier3_id_categories_id_fk" FOREIGN KEY ("tier3_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tier4_id_categories_id_fk" FOREIGN KEY ("tier4_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD CONSTRAINT "bmpl_product_cities_bmpl_product_id_bmpl_products_id_fk" FOREIGN KEY ("bmpl_product_id") REFERENCES "public"."bmpl_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_product_cities" ADD CONSTRAINT "bmpl_product_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_tier1_id_categories_id_fk" FOREIGN KEY ("tier1_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_tier2_id_categories_id_fk" FOREIGN KEY ("tier2_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_tier3_id_categories_id_fk" FOREIGN KEY ("tier3_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_tier4_id_categories_id_fk" FOREIGN KEY ("tier4_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bmpl_products" ADD CONSTRAINT "bmpl_products_bmpl_brand_id_brands_id_fk" FOREIGN KEY ("bmpl_brand_id") REFERENCES "public"."brands"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledgers" ADD CONSTRAINT "ledgers_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_decided_by_business_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "areas" ADD CONSTRAINT "areas_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_types" ADD CONSTRAINT "business_types_parent_id_business_types_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."business_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "feedback" ADD CONSTRAINT "feedback_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_codes" ADD CONSTRAINT "reset_codes_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "business_users_email_uq" ON "business_users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "business_users_business_idx" ON "business_users" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "uploads_business_idx" ON "uploads" USING btree ("business_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_file_name_uq" ON "uploads" USING btree ("file_name");--> statement-breakpoint
CREATE INDEX "banners_name_idx" ON "banners" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_name_uq" ON "brands" USING btree ("name");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "categories_level_idx" ON "categories" USING btree ("level");--> statement-breakpoint
CREATE INDEX "categories_slug_idx" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "product_business_types_type_idx" ON "product_business_types" USING btree ("business_type_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_uq" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE INDEX "products_tier1_idx" ON "products" USING btree ("tier1_id");--> statement-breakpoint
CREATE INDEX "products_tier2_idx" ON "products" USING btree ("tier2_id");--> statement-breakpoint
CREATE INDEX "products_tier3_idx" ON "products" USING btree ("tier3_id");--> statement-breakpoint
CREATE INDEX "products_tier4_idx" ON "products" USING btree ("tier4_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_viewed_idx" ON "products" USING btree ("viewed_count");--> statement-breakpoint
CREATE INDEX "products_cart_count_idx" ON "products" USING btree ("add_to_cart_count");--> statement-breakpoint
CREATE UNIQUE INDEX "bmpl_product_cities_uq" ON "bmpl_product_cities" USING btree ("bmpl_product_id","city_id");--> statement-breakpoint
CREATE INDEX "bmpl_product_cities_city_idx" ON "bmpl_product_cities" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "bmpl_products_tier2_idx" ON "bmpl_products" USING btree ("tier2_id");--> statement-breakpoint
CREATE INDEX "bmpl_products_tier3_idx" ON "bmpl_products" USING btree ("tier3_id");--> statement-breakpoint
CREATE INDEX "bmpl_products_brand_idx" ON "bmpl_products" USING btree ("bmpl_brand_id");--> statement-breakpoint
CREATE INDEX "bmpl_products_slug_idx" ON "bmpl_products" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_uq" ON "invoices" USING btree ("invoice_number");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "invoices_business_idx" ON "invoices" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "ledgers_user_idx" ON "ledgers" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "ledgers_business_idx" ON "ledgers" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "order_details_order_idx" ON "order_details" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_uq" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_idempotency_uq" ON "orders" USING btree ("business_user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_business_idx" ON "orders" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "areas_city_idx" ON "areas" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "business_types_parent_idx" ON "business_types" USING btree ("parent_id");--> statement-breakpoint
CREATE UNIQUE INDEX "cities_name_uq" ON "cities" USING btree ("name");--> statement-breakpoint
CREATE INDEX "outbox_recipient_idx" ON "outbox" USING btree ("recipient");--> statement-breakpoint
CREATE INDEX "reset_codes_user_idx" ON "reset_codes" USING btree ("business_user_id");