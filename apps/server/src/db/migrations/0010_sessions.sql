CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"business_user_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business_users" ADD COLUMN "email_proven_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_business_user_id_business_users_id_fk" FOREIGN KEY ("business_user_id") REFERENCES "public"."business_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("business_user_id");--> statement-breakpoint
CREATE INDEX "sessions_revoked_idx" ON "sessions" USING btree ("revoked_at") WHERE "sessions"."revoked_at" is not null;--> statement-breakpoint
-- Accounts made before this migration cannot be told apart (staff-made or self-registered): they keep
-- the sessions they had (docs/decisions/006-sessions.md). Only sign-ups from now on start unproven.
UPDATE "business_users" SET "email_proven_at" = "created_at";
