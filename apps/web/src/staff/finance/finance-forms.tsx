import { zodResolver } from '@hookform/resolvers/zod';
import {
  CreditNoteInputSchema,
  type FinanceAccount,
  HOLD_RELEASE_MAX_DAYS,
  type HoldReleaseInput,
  HoldReleaseInputSchema,
  RECEIPT_METHODS,
  ReasonInputSchema,
  type RecordReceiptInput,
  RecordReceiptInputSchema,
} from '@shop/domain/finance';
import { releaseTerms } from '@shop/domain/credit';
import { toPaisa } from '@shop/domain/money';
import * as Dialog from '@radix-ui/react-dialog';
import { useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { z } from 'zod';
import { btn, ErrorLine, field } from '../orders/desk-ui.tsx';
import { newFormKey } from './finance-client.ts';
import { karachiDay, money } from './finance-format.ts';

// Finance's forms. Each is checked with the very schema the server checks (packages/domain/finance.ts);
// empty optional fields are left out rather than sent as "".
const OPTIONAL = new Set(['cheque_number', 'cheque_bank', 'cheque_date', 'reference', 'note']);
const withoutEmpty = (v: unknown) => (v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).filter(([k, x]) => !(OPTIONAL.has(k) && (x === '' || x === undefined)))) : v);

function Problem({ id, text }: { id: string; text?: string }) {
  return text ? (
    <p id={id} className="text-sm text-rose-800">
      {text}
    </p>
  ) : null;
}

type ReceiptValues = { method: (typeof RECEIPT_METHODS)[number]; amount: string; received_on: string; cheque_number: string; cheque_bank: string; cheque_date: string; reference: string; note: string; idempotency_key: string };
const ReceiptFormSchema = z.preprocess((v) => withoutEmpty(v) as Record<string, unknown>, RecordReceiptInputSchema) as unknown as z.ZodType<RecordReceiptInput, ReceiptValues>;
const receiptResolver = zodResolver(ReceiptFormSchema) as unknown as Resolver<ReceiptValues>;

/** Record a receipt: cash, bank transfer or cheque; applied to the ticked invoices, else oldest first. */
export function ReceiptForm({ chosen, busy, error, onSubmit }: { chosen: number[]; busy: boolean; error: unknown; onSubmit: (input: RecordReceiptInput) => Promise<unknown> }) {
  const blank = (): ReceiptValues => ({ method: 'Cash', amount: '', received_on: karachiDay(), cheque_number: '', cheque_bank: '', cheque_date: karachiDay(), reference: '', note: '', idempotency_key: newFormKey() });
  const form = useForm<ReceiptValues>({ resolver: receiptResolver, defaultValues: blank() });
  const method = form.watch('method');
  const e = form.formState.errors;
  const submit = form.handleSubmit(async (values) => {
    const input = { ...(values as unknown as RecordReceiptInput), ...(chosen.length ? { apply_to: chosen } : {}) };
    await onSubmit(input);
    form.reset(blank());
  });
  return (
    <form noValidate aria-label="Record a receipt" className="flex flex-col gap-2" onSubmit={(ev) => void submit(ev).catch(() => {})}>
      <div className="grid grid-cols-2 gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Method
          <select className={field} {...form.register('method')}>
            {RECEIPT_METHODS.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Amount (Rs.)
          <input className={field} inputMode="decimal" autoComplete="off" {...form.register('amount')} aria-invalid={e.amount ? true : undefined} aria-describedby="receipt-amount-error" />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Received on
          <input type="date" className={field} {...form.register('received_on')} />
        </label>
        {method === 'Bank transfer' ? (
          <label className="flex flex-col gap-1 text-sm font-medium">
            Bank reference
            <input className={field} maxLength={80} {...form.register('reference')} />
          </label>
        ) : null}
      </div>
      <Problem id="receipt-amount-error" text={e.amount?.message} />
      {method === 'Cheque' ? (
        <div className="grid grid-cols-3 gap-2">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Cheque number
            <input className={field} maxLength={30} {...form.register('cheque_number')} aria-invalid={e.cheque_number ? true : undefined} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Bank
            <input className={field} maxLength={80} {...form.register('cheque_bank')} aria-invalid={e.cheque_bank ? true : undefined} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Cheque date
            <input type="date" className={field} {...form.register('cheque_date')} aria-invalid={e.cheque_date ? true : undefined} />
          </label>
        </div>
      ) : null}
      <Problem id="receipt-cheque-error" text={e.cheque_number?.message ?? e.cheque_bank?.message ?? e.cheque_date?.message} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Note
        <input className={field} maxLength={300} {...form.register('note')} />
      </label>
      <p className="text-sm text-slate-600">{chosen.length ? `Applied to the ${chosen.length} ticked invoice${chosen.length === 1 ? '' : 's'}; any rest stays as credit on account.` : 'Applied to the oldest open invoices first; any rest stays as credit on account.'}</p>
      <ErrorLine error={error} />
      <button type="submit" className={`${btn.primary} self-start`} disabled={busy}>
        Record receipt
      </button>
    </form>
  );
}

/** A reason for an undoing entry (reverse, bounce); the entry itself is never changed. */
export function ReasonForm({ action, busy, error, onSubmit, danger = true }: { action: string; busy: boolean; error: unknown; onSubmit: (reason: string) => void; danger?: boolean }) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(ReasonInputSchema), defaultValues: { reason: '' } });
  const problem = form.formState.errors.reason?.message;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit((v) => onSubmit(v.reason))}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason
        <textarea rows={2} maxLength={300} className={field} {...form.register('reason')} aria-invalid={problem ? true : undefined} />
      </label>
      <Problem id="reason-error" text={problem} />
      <ErrorLine error={error} />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <button type="button" className={btn.secondary}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={danger ? btn.danger : btn.primary} disabled={busy}>
          {action}
        </button>
      </div>
    </form>
  );
}

type NoteValues = { ledger_id: number; amount: string; reason: string; idempotency_key: string };

/** A credit note for a return (within 7 days of delivery; refund as credit). */
export function CreditNoteForm({ returnable, busy, error, onSubmit }: { returnable: FinanceAccount['returnable']; busy: boolean; error: unknown; onSubmit: (v: NoteValues) => Promise<unknown> }) {
  const blank = (): NoteValues => ({ ledger_id: returnable[0]?.ledger_id ?? 0, amount: '', reason: '', idempotency_key: newFormKey() });
  const form = useForm<NoteValues>({ resolver: zodResolver(CreditNoteInputSchema) as unknown as Resolver<NoteValues>, defaultValues: blank() });
  const e = form.formState.errors;
  if (returnable.length === 0) return <p className="text-sm text-slate-600">No invoice was delivered within the last 7 days: returns are taken within 7 days of delivery.</p>;
  const submit = form.handleSubmit(async (v) => {
    await onSubmit(v);
    form.reset(blank());
  });
  return (
    <form noValidate aria-label="Credit note" className="flex flex-col gap-2" onSubmit={(ev) => void submit(ev).catch(() => {})}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Invoice returned
        <select className={field} {...form.register('ledger_id', { valueAsNumber: true })}>
          {returnable.map((r) => (
            <option key={r.ledger_id} value={r.ledger_id}>
              {r.invoice_number ?? `Entry ${r.ledger_id}`} · {money(r.total)} · delivered {r.invoiced_on}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Credit amount (Rs.)
        <input className={field} inputMode="decimal" autoComplete="off" {...form.register('amount')} aria-invalid={e.amount ? true : undefined} />
      </label>
      <Problem id="note-amount-error" text={e.amount?.message} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason for the return
        <input className={field} maxLength={300} {...form.register('reason')} aria-invalid={e.reason ? true : undefined} />
      </label>
      <Problem id="note-reason-error" text={e.reason?.message} />
      <ErrorLine error={error} />
      <button type="submit" className={`${btn.secondary} self-start`} disabled={busy}>
        Give credit note
      </button>
    </form>
  );
}

/**
 * Release a credit hold for N days, up to an amount above the credit limit, with a reason (audited;
 * issue 37). A new release replaces the running one. The form says what the release will allow in the
 * words the buyer's checkout will use.
 */
export function HoldReleaseForm({ running, busy, error, onSubmit }: { running: boolean; busy: boolean; error: unknown; onSubmit: (v: HoldReleaseInput) => void }) {
  const form = useForm<HoldReleaseInput>({ resolver: zodResolver(HoldReleaseInputSchema), defaultValues: { days: 7, amount: '', reason: '' } });
  const e = form.formState.errors;
  const [open, setOpen] = useState(false);
  const preview = HoldReleaseInputSchema.safeParse({ ...form.watch(), reason: 'preview' });
  if (!open)
    return (
      <button type="button" className={btn.secondary} onClick={() => setOpen(true)}>
        {running ? 'Replace the release…' : 'Release hold…'}
      </button>
    );
  return (
    <form noValidate aria-label="Release the credit hold" className="flex flex-col gap-2" onSubmit={form.handleSubmit(onSubmit)}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Days (at most {HOLD_RELEASE_MAX_DAYS})
        <input type="number" min={1} max={HOLD_RELEASE_MAX_DAYS} className={`${field} w-24`} {...form.register('days', { valueAsNumber: true })} aria-invalid={e.days ? true : undefined} />
      </label>
      <Problem id="release-days-error" text={e.days?.message} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Amount above the credit limit (Rs.)
        <input inputMode="decimal" className={`${field} w-40`} {...form.register('amount')} aria-invalid={e.amount ? true : undefined} />
      </label>
      <Problem id="release-amount-error" text={e.amount?.message} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason for the release
        <input className={field} maxLength={300} {...form.register('reason')} aria-invalid={e.reason ? true : undefined} />
      </label>
      <Problem id="release-reason-error" text={e.reason?.message} />
      {preview.success ? (
        <p className="text-sm text-slate-700" data-testid="release-preview">
          The business may order on Credit {releaseTerms({ amount: toPaisa(preview.data.amount), until: new Date(Date.now() + preview.data.days * 86_400_000).toISOString() })}.
          {running ? ' This replaces the running release.' : ''}
        </p>
      ) : null}
      <ErrorLine error={error} />
      <div className="flex gap-2">
        <button type="submit" className={btn.primary} disabled={busy}>
          Release hold
        </button>
        <button type="button" className={btn.secondary} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </form>
  );
}
