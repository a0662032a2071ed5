-- Issue 37: a credit hold release lets the business owe on Credit up to `amount` above its limit until
-- `until` (docs/decisions/012). Releases made before keep amount 0 (they only lifted the overdue hold);
-- new ones name their amount. An early end is an appended row with days 0, amount 0 and until its instant.
ALTER TABLE "credit_hold_releases" ADD COLUMN "amount" numeric(12, 2) DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_hold_releases" ALTER COLUMN "amount" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "credit_hold_releases" DROP CONSTRAINT "credit_hold_releases_days_ck";--> statement-breakpoint
ALTER TABLE "credit_hold_releases" ADD CONSTRAINT "credit_hold_releases_days_ck" CHECK ("credit_hold_releases"."days" > 0 or ("credit_hold_releases"."days" = 0 and "credit_hold_releases"."amount" = 0));--> statement-breakpoint
ALTER TABLE "credit_hold_releases" ADD CONSTRAINT "credit_hold_releases_amount_ck" CHECK ("credit_hold_releases"."amount" >= 0);--> statement-breakpoint
CREATE INDEX "credit_hold_releases_latest_idx" ON "credit_hold_releases" USING btree ("business_id","id");
