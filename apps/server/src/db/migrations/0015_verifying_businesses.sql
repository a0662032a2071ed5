ALTER TABLE "businesses" ADD COLUMN "verification" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "verification_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "requested_documents" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "verification_note" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "status" text DEFAULT 'active' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "cnic_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "ntn_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "businesses" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "business_users_mobile_idx" ON "business_users" USING btree ("mobile_no") WHERE "business_users"."mobile_no" <> '';--> statement-breakpoint
CREATE INDEX "businesses_verification_queue_idx" ON "businesses" USING btree ("verification","verification_at","id");--> statement-breakpoint
CREATE INDEX "businesses_cnic_idx" ON "businesses" USING btree ("cnic_number") WHERE "businesses"."cnic_number" <> '';--> statement-breakpoint
CREATE INDEX "businesses_ntn_idx" ON "businesses" USING btree ("ntn_number") WHERE "businesses"."ntn_number" <> '';--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_verification_ck" CHECK ("businesses"."verification" in ('new', 'changed', 'documents_requested', 'approved', 'rejected'));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_status_ck" CHECK ("businesses"."status" in ('active', 'on_hold', 'closed'));--> statement-breakpoint
ALTER TABLE "businesses" ADD CONSTRAINT "businesses_requested_documents_ck" CHECK ("businesses"."requested_documents" <@ array['cnic_image', 'cnic_back_image', 'ntn_certificate_image', 'invoice_image', 'business_card_image']::text[]);--> statement-breakpoint
-- hand-written
-- Businesses that existed before verification: one trading on Credit or Advance was given those terms
-- by a person (in the database), so it counts as approved; a Cash one was never looked at and joins
-- the queue as new, in sign-up order. Nothing about its trading changes.
UPDATE "businesses" SET "verification" = CASE WHEN "payment_mode" = 'Cash' THEN 'new' ELSE 'approved' END, "verification_at" = "created_at";--> statement-breakpoint
-- Duplicate CNIC flags compare users' CNICs by their digits ("35202-1234567-1" is "3520212345671").
CREATE INDEX "business_users_nic_digits_idx" ON "business_users" USING btree ((regexp_replace("national_identity_card", '\D', '', 'g'))) WHERE "national_identity_card" <> '';
