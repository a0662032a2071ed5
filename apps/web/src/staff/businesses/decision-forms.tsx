import { zodResolver } from '@hookform/resolvers/zod';
import type { DocumentKind } from '@shop/domain/account-rules';
import { DOCUMENT_KINDS } from '@shop/domain/account-rules';
import { DOCUMENT_LABELS, REASON_MAX, RequestDocumentsInputSchema, type Terms, TermsSchema } from '@shop/domain/businesses';
import { PAYMENT_MODES } from '@shop/domain/constants';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { btn, ErrorLine, field } from '../orders/desk-ui.tsx';

const Problem = ({ id, text }: { id: string; text?: string }) => (text ? <p id={id} className="text-sm text-rose-800">{text}</p> : null);

/**
 * The terms a business trades on (SPEC 4: what checkout offers). Used by the approval and by the
 * business page; the rules are the domain's TermsSchema, checked again by the server.
 */
export function TermsFields({ form, allowCreditAndAdvance }: { form: ReturnType<typeof useForm<{ terms: Terms }>>; allowCreditAndAdvance: boolean }) {
  const errors = form.formState.errors.terms;
  const mode = form.watch('terms.payment_mode');
  return (
    <fieldset className="grid grid-cols-2 gap-3 2xl:grid-cols-4">
      <legend className="sr-only">Terms</legend>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Payment mode
        <select className={field} {...form.register('terms.payment_mode')}>
          {PAYMENT_MODES.map((m) => (
            <option key={m} value={m} disabled={m !== 'Cash' && !allowCreditAndAdvance}>
              {m}
            </option>
          ))}
        </select>
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Credit limit (Rs.)
        <input className={field} inputMode="decimal" disabled={mode !== 'Credit'} {...form.register('terms.credit_limit')} aria-invalid={errors?.credit_limit ? true : undefined} />
        <Problem id="credit-limit-error" text={errors?.credit_limit?.message} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Payment days
        <input className={field} type="number" min={0} max={365} disabled={mode !== 'Credit'} {...form.register('terms.payment_days', { valueAsNumber: true })} aria-invalid={errors?.payment_days ? true : undefined} />
        <Problem id="payment-days-error" text={errors?.payment_days?.message} />
      </label>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Advance amount (Rs.)
        <input className={field} inputMode="decimal" disabled={mode !== 'Advance'} {...form.register('terms.advance_amount')} aria-invalid={errors?.advance_amount ? true : undefined} />
        <Problem id="advance-error" text={errors?.advance_amount?.message} />
      </label>
    </fieldset>
  );
}

const ApproveFormSchema = z.object({ terms: TermsSchema });

export function ApproveForm({ terms, onSubmit, busy, error }: { terms: Terms; onSubmit: (terms: Terms) => void; busy: boolean; error: unknown }) {
  const form = useForm<{ terms: Terms }>({ resolver: zodResolver(ApproveFormSchema), defaultValues: { terms } });
  return (
    <form noValidate aria-label="Approve" className="flex flex-col gap-3" onSubmit={form.handleSubmit((v) => onSubmit(v.terms))}>
      <p className="text-sm text-slate-700">Approve with the terms the buyer's checkout will offer from now on.</p>
      <TermsFields form={form} allowCreditAndAdvance />
      <ErrorLine error={error} />
      <div>
        <button type="submit" className={btn.primary} disabled={busy}>
          Approve business
        </button>
      </div>
    </form>
  );
}

const RejectSchema = z.object({ reason: z.string().trim().min(5, 'Give the reason the buyer will read (at least 5 characters)').max(REASON_MAX) });

export function RejectForm({ onSubmit, busy, error }: { onSubmit: (reason: string) => void; busy: boolean; error: unknown }) {
  const form = useForm<{ reason: string }>({ resolver: zodResolver(RejectSchema), defaultValues: { reason: '' } });
  const problem = form.formState.errors.reason?.message;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit((v) => onSubmit(v.reason))}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason the buyer will see
        <textarea rows={3} maxLength={REASON_MAX} className={field} {...form.register('reason')} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'reject-error' : undefined} />
      </label>
      <Problem id="reject-error" text={problem} />
      <ErrorLine error={error} />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <button type="button" className={btn.secondary}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={btn.danger} disabled={busy}>
          Reject business
        </button>
      </div>
    </form>
  );
}

const RequestSchema = RequestDocumentsInputSchema.pick({ kinds: true, note: true });
type RequestValues = { kinds: DocumentKind[]; note: string };

export function RequestDocumentsForm({ onSubmit, busy, error }: { onSubmit: (v: RequestValues) => void; busy: boolean; error: unknown }) {
  const form = useForm<RequestValues>({ resolver: zodResolver(RequestSchema) as never, defaultValues: { kinds: [], note: '' } });
  const problem = form.formState.errors.kinds?.message;
  return (
    <form noValidate aria-label="Ask for documents again" className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <fieldset className="flex flex-wrap gap-x-4 gap-y-2" aria-describedby={problem ? 'kinds-error' : undefined}>
        <legend className="mb-1 text-sm font-medium">Documents to send again</legend>
        {DOCUMENT_KINDS.map((kind) => (
          <label key={kind} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" value={kind} {...form.register('kinds')} />
            {DOCUMENT_LABELS[kind]}
          </label>
        ))}
      </fieldset>
      <Problem id="kinds-error" text={problem} />
      <label className="flex flex-col gap-1 text-sm font-medium">
        What is wrong with them (the buyer reads this)
        <input className={field} maxLength={REASON_MAX} {...form.register('note')} />
      </label>
      <ErrorLine error={error} />
      <div>
        <button type="submit" className={btn.secondary} disabled={busy}>
          Ask for documents again
        </button>
      </div>
    </form>
  );
}
