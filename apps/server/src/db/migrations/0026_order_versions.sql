-- Issue 37: an approval binds to the order the Approver saw. orders.version is 1 when placed and one
-- more on every change of the order's lines or totals; order_revisions keeps the total of each version
-- of a Pending order that a change replaced (its Orderer resubmitting it, an Approver confirming it at
-- the cart), so a refused approval can say what the order totalled when the Approver saw it.
ALTER TABLE "orders" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_version_ck" CHECK ("orders"."version" >= 1);--> statement-breakpoint
CREATE TABLE "order_revisions" (
	"order_id" integer NOT NULL,
	"version" integer NOT NULL,
	"total_price" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_revisions_order_id_version_pk" PRIMARY KEY("order_id","version")
);
--> statement-breakpoint
ALTER TABLE "order_revisions" ADD CONSTRAINT "order_revisions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
