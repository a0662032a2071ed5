import {
  AgingSummaryQuerySchema,
  AgingSummarySchema,
  CreditNoteInputSchema,
  FinanceAccountSchema,
  FinanceBusinessRowSchema,
  HoldReleaseInputSchema,
  ReasonInputSchema,
  ReceiptSchema,
  RecordReceiptInputSchema,
  StatementQuerySchema,
  StatementSchema,
} from '@shop/domain/finance';
import type { StaffCapability } from '@shop/domain/staff';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { agingCsv, agingSummary } from './aging.service.ts';
import type { FinanceActor } from './postings.service.ts';
import { readAccount, readReceipt, searchBusinesses } from './finance-reads.service.ts';
import { clearCheque, endHoldRelease, issueCreditNote, recordReceipt, releaseHold, reverseCreditNote, undoReceipt } from './finance-writes.service.ts';
import { readStatement, statementCsv } from './statements.service.ts';

const Id = z.coerce.number().int().positive().max(2_147_483_647);
const IdParams = z.object({ id: Id });
const tags = ['staff: finance'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest, capability: StaffCapability): FinanceActor {
  const staff = requireStaff(request, capability);
  return { staffId: staff.staffId, ip: request.ip };
}

function sendCsv(reply: FastifyReply, fileName: string, csv: string) {
  const safe = fileName.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 120);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${safe}"`)
    .header('cache-control', 'no-store')
    .send(`\uFEFF${csv}`);
}

/** Issue 18: payments and ledgers (role Finance: finance.read, finance.write). */
export async function financeRoutes(app: FastifyInstance, deps: AppDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('/businesses', { schema: { tags, summary: 'Find a business by name or number, with its balance', querystring: z.object({ search: z.string().max(100).optional() }), response: ok(z.array(FinanceBusinessRowSchema)) } }, async (request) => {
    actor(request, 'finance.read');
    return { data: await searchBusinesses(db, request.query.search) };
  });

  r.get('/businesses/:id', { schema: { tags, summary: "A business's account: balance, credit standing and hold, aging, open invoices, receipts, credit notes", params: IdParams, response: ok(FinanceAccountSchema) } }, async (request) => {
    actor(request, 'finance.read');
    return { data: await readAccount(db, request.params.id) };
  });

  r.get(
    '/businesses/:id/statement',
    { schema: { tags, summary: 'Statement for Pakistan days from..to: opening balance, entries with running balance (keyset-paged by after), closing balance', params: IdParams, querystring: StatementQuerySchema, response: ok(StatementSchema) } },
    async (request) => {
      actor(request, 'finance.read');
      return { data: await readStatement(db, request.params.id, request.query) };
    },
  );

  r.get('/businesses/:id/statement.csv', { schema: { tags, summary: 'The statement of from..to as CSV', params: IdParams, querystring: StatementQuerySchema } }, async (request, reply) => {
    actor(request, 'finance.read');
    const q = request.query;
    const { csv } = await statementCsv(db, request.params.id, q);
    return sendCsv(reply, `statement-${request.params.id}-${q.from}-${q.to}.csv`, csv);
  });

  r.post('/businesses/:id/receipts', { schema: { tags, summary: 'Record a receipt (cash, bank transfer, cheque), applied oldest first or to chosen invoices; idempotent by idempotency_key', params: IdParams, body: RecordReceiptInputSchema, response: ok(ReceiptSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    const id = await recordReceipt(db, who, request.params.id, request.body);
    return { data: await readReceipt(db, id) };
  });

  r.post('/businesses/:id/credit-notes', { schema: { tags, summary: 'Credit note for a return within 7 days of delivery (refund as credit)', params: IdParams, body: CreditNoteInputSchema, response: ok(z.object({ id: z.number().int() })) } }, async (request) => {
    const who = actor(request, 'finance.write');
    return { data: { id: await issueCreditNote(db, who, request.params.id, request.body) } };
  });

  r.post('/businesses/:id/hold-release', { schema: { tags, summary: 'Release the credit hold for a number of days, up to an amount above the credit limit, with a reason', params: IdParams, body: HoldReleaseInputSchema, response: ok(FinanceAccountSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await releaseHold(db, who, request.params.id, request.body);
    return { data: await readAccount(db, request.params.id) };
  });

  r.post('/businesses/:id/hold-release/end', { schema: { tags, summary: 'End the running release of the credit hold now, with a reason', params: IdParams, body: ReasonInputSchema, response: ok(FinanceAccountSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await endHoldRelease(db, who, request.params.id, request.body.reason);
    return { data: await readAccount(db, request.params.id) };
  });

  r.get('/receipts/:id', { schema: { tags, summary: 'One receipt (the printable receipt)', params: IdParams, response: ok(ReceiptSchema) } }, async (request) => {
    actor(request, 'finance.read');
    return { data: await readReceipt(db, request.params.id) };
  });

  r.post('/receipts/:id/reverse', { schema: { tags, summary: 'Reverse a receipt posted by mistake, with a reason (its invoices open again)', params: IdParams, body: ReasonInputSchema, response: ok(ReceiptSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await undoReceipt(db, who, request.params.id, 'receipt_reversal', request.body.reason);
    return { data: await readReceipt(db, request.params.id) };
  });

  r.post('/receipts/:id/bounce', { schema: { tags, summary: 'Mark a cheque bounced, with a reason (its invoices open again)', params: IdParams, body: ReasonInputSchema, response: ok(ReceiptSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await undoReceipt(db, who, request.params.id, 'cheque_bounce', request.body.reason);
    return { data: await readReceipt(db, request.params.id) };
  });

  r.post('/receipts/:id/clear', { schema: { tags, summary: 'Mark a cheque cleared', params: IdParams, response: ok(ReceiptSchema) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await clearCheque(db, who, request.params.id);
    return { data: await readReceipt(db, request.params.id) };
  });

  r.post('/credit-notes/:id/reverse', { schema: { tags, summary: 'Reverse a credit note, with a reason', params: IdParams, body: ReasonInputSchema, response: ok(z.object({ id: z.number().int() })) } }, async (request) => {
    const who = actor(request, 'finance.write');
    await reverseCreditNote(db, who, request.params.id, request.body.reason);
    return { data: { id: request.params.id } };
  });

  r.get('/aging', { schema: { tags, summary: 'Aging of every business that owes, sortable by overdue amount', querystring: AgingSummaryQuerySchema, response: ok(AgingSummarySchema) } }, async (request) => {
    actor(request, 'finance.read');
    return { data: await agingSummary(db, request.query) };
  });

  r.get('/aging.csv', { schema: { tags, summary: 'The aging summary as CSV', querystring: AgingSummaryQuerySchema } }, async (request, reply) => {
    actor(request, 'finance.read');
    const summary = await agingSummary(db, request.query);
    return sendCsv(reply, `aging-${summary.as_of}.csv`, agingCsv(summary));
  });
}
