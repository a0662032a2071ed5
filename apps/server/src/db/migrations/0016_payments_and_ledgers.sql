CREATE TABLE "cheque_clearances" (
	"receipt_id" integer PRIMARY KEY NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_hold_releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"days" integer NOT NULL,
	"reason" text NOT NULL,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_hold_releases_days_ck" CHECK ("credit_hold_releases"."days" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"business_id" integer NOT NULL,
	"ledger_id" integer NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"reason" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_amount_ck" CHECK ("credit_notes"."amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_allocations" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"ledger_id" integer NOT NULL,
	"source_posting_id" bigint NOT NULL,
	"posting_id" bigint NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_allocations_amount_ck" CHECK ("ledger_allocations"."amount" <> 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_postings" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"business_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"balance" numeric(14, 2) NOT NULL,
	"ledger_id" integer,
	"receipt_id" integer,
	"credit_note_id" integer,
	"reference" text NOT NULL,
	"memo" text DEFAULT '' NOT NULL,
	"reason" text,
	"staff_id" integer,
	"posted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_postings_kind_ck" CHECK ("ledger_postings"."kind" in ('invoice', 'receipt', 'receipt_reversal', 'cheque_bounce', 'credit_note', 'credit_note_reversal')),
	CONSTRAINT "ledger_postings_sign_ck" CHECK (("ledger_postings"."kind" in ('receipt', 'credit_note') and "ledger_postings"."amount" < 0) or ("ledger_postings"."kind" in ('receipt_reversal', 'cheque_bounce', 'credit_note_reversal') and "ledger_postings"."amount" > 0) or ("ledger_postings"."kind" = 'invoice' and "ledger_postings"."amount" >= 0))
);
--> statement-breakpoint
CREATE TABLE "receipts" (
	"id" serial PRIMARY KEY NOT NULL,
	"receipt_number" text NOT NULL,
	"business_id" integer NOT NULL,
	"method" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"received_on" date NOT NULL,
	"cheque_number" text,
	"cheque_bank" text,
	"cheque_date" date,
	"reference" text,
	"note" text,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"recorded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "receipts_method_ck" CHECK ("receipts"."method" in ('Cash', 'Bank transfer', 'Cheque')),
	CONSTRAINT "receipts_amount_ck" CHECK ("receipts"."amount" > 0),
	CONSTRAINT "receipts_cheque_ck" CHECK (("receipts"."method" = 'Cheque') = ("receipts"."cheque_number" is not null and "receipts"."cheque_bank" is not null and "receipts"."cheque_date" is not null))
);
--> statement-breakpoint
ALTER TABLE "cheque_clearances" ADD CONSTRAINT "cheque_clearances_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cheque_clearances" ADD CONSTRAINT "cheque_clearances_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_releases" ADD CONSTRAINT "credit_hold_releases_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_hold_releases" ADD CONSTRAINT "credit_hold_releases_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_ledger_id_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_ledger_id_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_source_posting_id_ledger_postings_id_fk" FOREIGN KEY ("source_posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_allocations" ADD CONSTRAINT "ledger_allocations_posting_id_ledger_postings_id_fk" FOREIGN KEY ("posting_id") REFERENCES "public"."ledger_postings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_ledger_id_ledgers_id_fk" FOREIGN KEY ("ledger_id") REFERENCES "public"."ledgers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_receipt_id_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."receipts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_postings" ADD CONSTRAINT "ledger_postings_staff_id_staff_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "receipts" ADD CONSTRAINT "receipts_recorded_by_staff_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff_users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_hold_releases_business_idx" ON "credit_hold_releases" USING btree ("business_id","until");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_uq" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_idempotency_uq" ON "credit_notes" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "credit_notes_business_idx" ON "credit_notes" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "credit_notes_ledger_idx" ON "credit_notes" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_ledger_idx" ON "ledger_allocations" USING btree ("ledger_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_business_idx" ON "ledger_allocations" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "ledger_allocations_source_idx" ON "ledger_allocations" USING btree ("source_posting_id");--> statement-breakpoint
CREATE INDEX "ledger_postings_statement_idx" ON "ledger_postings" USING btree ("business_id","posted_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_invoice_uq" ON "ledger_postings" USING btree ("ledger_id") WHERE "ledger_postings"."kind" = 'invoice';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_receipt_uq" ON "ledger_postings" USING btree ("receipt_id") WHERE "ledger_postings"."kind" = 'receipt';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_receipt_undo_uq" ON "ledger_postings" USING btree ("receipt_id") WHERE "ledger_postings"."kind" in ('receipt_reversal', 'cheque_bounce');--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_credit_note_uq" ON "ledger_postings" USING btree ("credit_note_id") WHERE "ledger_postings"."kind" = 'credit_note';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_postings_credit_note_undo_uq" ON "ledger_postings" USING btree ("credit_note_id") WHERE "ledger_postings"."kind" = 'credit_note_reversal';--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_number_uq" ON "receipts" USING btree ("receipt_number");--> statement-breakpoint
CREATE UNIQUE INDEX "receipts_idempotency_uq" ON "receipts" USING btree ("business_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "receipts_business_idx" ON "receipts" USING btree ("business_id","id");
--> statement-breakpoint
-- hand-written
-- Issue 18: numbers of receipts and credit notes come from sequences (gaps are allowed, repeats are not).
CREATE SEQUENCE "receipt_number_seq";
--> statement-breakpoint
CREATE SEQUENCE "credit_note_number_seq";
--> statement-breakpoint
-- Postings are appended, never edited (ARCHITECTURE "Data"): the database refuses to change or remove
-- them, and the invoices and ledger entries they are posted against, whatever the code tries.
CREATE FUNCTION "finance_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only: % is not allowed', TG_TABLE_NAME, TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "receipts_no_update_delete" BEFORE UPDATE OR DELETE ON "receipts" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "receipts_no_truncate" BEFORE TRUNCATE ON "receipts" FOR EACH STATEMENT EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_update_delete" BEFORE UPDATE OR DELETE ON "credit_notes" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_notes_no_truncate" BEFORE TRUNCATE ON "credit_notes" FOR EACH STATEMENT EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "cheque_clearances_no_update_delete" BEFORE UPDATE OR DELETE ON "cheque_clearances" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "cheque_clearances_no_truncate" BEFORE TRUNCATE ON "cheque_clearances" FOR EACH STATEMENT EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_postings" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_postings_no_truncate" BEFORE TRUNCATE ON "ledger_postings" FOR EACH STATEMENT EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_allocations_no_update_delete" BEFORE UPDATE OR DELETE ON "ledger_allocations" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledger_allocations_no_truncate" BEFORE TRUNCATE ON "ledger_allocations" FOR EACH STATEMENT EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "credit_hold_releases_no_update_delete" BEFORE UPDATE OR DELETE ON "credit_hold_releases" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "ledgers_no_update_delete" BEFORE UPDATE OR DELETE ON "ledgers" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
CREATE TRIGGER "invoices_no_update_delete" BEFORE UPDATE OR DELETE ON "invoices" FOR EACH ROW EXECUTE FUNCTION "finance_refuse_change"();
--> statement-breakpoint
-- Every ledger entry made before this migration is posted to its business's journal once, on the day it
-- was made, so statements and balances include it (its payable already nets what was paid then).
-- Each posting carries the business's running balance after it, in statement order (posted_at, id).
INSERT INTO "ledger_postings" ("business_id", "kind", "amount", "balance", "ledger_id", "reference", "memo", "posted_at")
SELECT l."business_id", 'invoice', l."payable",
  sum(l."payable") OVER (PARTITION BY l."business_id" ORDER BY l."created_at", l."id"),
  l."id", coalesce(i."invoice_number", 'Ledger ' || l."id"), l."payment_mode" || ' invoice', l."created_at"
FROM "ledgers" l LEFT JOIN "invoices" i ON i."id" = l."invoice_id"
ORDER BY l."created_at", l."id";
