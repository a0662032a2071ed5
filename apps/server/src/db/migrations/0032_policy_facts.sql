-- Issue 36, SPEC 9 "Policy facts" (docs/decisions/027-policy-facts.md).
-- A minimum order value per city, set by the Admin on the cities screen: none (null) until set.
ALTER TABLE "cities" ADD COLUMN "min_order_value" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_min_order_value_ck" CHECK ("min_order_value" IS NULL OR "min_order_value" > 0);--> statement-breakpoint
-- The buyer's own reference (purchase order number) and the delivery day asked for at checkout, both
-- optional; when the order was confirmed (placed In Process, or approved), which starts the two hours
-- in which the buyer may ask for it to be cancelled or changed.
ALTER TABLE "orders" ADD COLUMN "order_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "requested_delivery_day" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_reference_ck" CHECK ("order_reference" IS NULL OR char_length("order_reference") BETWEEN 1 AND 40);--> statement-breakpoint
-- Orders placed before: confirmed when approved (the approval's event), else when placed.
UPDATE "orders" o SET "confirmed_at" = coalesce(
  (SELECT min(e."created_at") FROM "order_events" e WHERE e."order_id" = o."id" AND e."to_status" = 'In Process' AND e."actor_kind" = 'buyer'),
  o."created_at")
WHERE o."status" <> 'Pending';--> statement-breakpoint
-- A buyer's request to cancel or change a confirmed order, answered by the order desk (accepted or
-- declined, with a note the buyer reads). At most one waits for an answer per order.
CREATE TABLE "order_change_requests" (
  "id" serial PRIMARY KEY NOT NULL,
  "order_id" integer NOT NULL REFERENCES "orders"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "reason" text NOT NULL,
  "status" text DEFAULT 'open' NOT NULL,
  "requested_by" integer NOT NULL REFERENCES "business_users"("id"),
  "requested_by_name" text NOT NULL,
  "answer_note" text,
  "answered_by" integer REFERENCES "staff_users"("id"),
  "answered_by_name" text,
  "answered_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  CONSTRAINT "order_change_requests_kind_ck" CHECK ("kind" IN ('cancel', 'change')),
  CONSTRAINT "order_change_requests_status_ck" CHECK ("status" IN ('open', 'accepted', 'declined')),
  CONSTRAINT "order_change_requests_answer_ck" CHECK (("status" = 'open') = ("answered_at" IS NULL))
);--> statement-breakpoint
CREATE INDEX "order_change_requests_order_idx" ON "order_change_requests" USING btree ("order_id", "id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_change_requests_open_uq" ON "order_change_requests" USING btree ("order_id") WHERE "status" = 'open';
