-- Issue 37: staff sign-in lockout. Failed sign-in steps (password or second factor) are counted in a
-- row per person, apart for browsers the person has signed in on and for all others; reaching
-- STAFF_LOCKOUT_FAILURES locks the account (against other browsers, or everywhere) until an Admin
-- unlocks it or the person uses a new setup link.
ALTER TABLE "staff_users" ADD COLUMN "failed_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "failed_known_sign_ins" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "locked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff_users" ADD COLUMN "locked_scope" text;--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_locked_scope_ck" CHECK ("staff_users"."locked_scope" is null or "staff_users"."locked_scope" in ('unknown', 'all'));
