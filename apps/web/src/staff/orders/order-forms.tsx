import { zodResolver } from '@hookform/resolvers/zod';
import type { OrderStatus } from '@shop/domain/constants';
import { ChangeLineInputSchema, type DeskLine, type MoveOrderInput, MoveOrderInputSchema, REJECTION_REASON_MAX } from '@shop/domain/order-desk';
import * as Dialog from '@radix-ui/react-dialog';
import { useForm } from 'react-hook-form';
import { btn, ErrorLine, field } from './desk-ui.tsx';

// The desk's two forms with a reason. The rules are the domain's (the server checks them again).
// The rejection is checked with the very schema of the move (its refine asks for the reason).
export function RejectForm({ status, onSubmit, error, busy }: { status: OrderStatus; onSubmit: (reason: string) => void; error: unknown; busy: boolean }) {
  const form = useForm<MoveOrderInput>({ resolver: zodResolver(MoveOrderInputSchema), defaultValues: { to: 'Rejected', expected_status: status, reason: '' } });
  const problem = form.formState.errors.reason?.message;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit((v) => onSubmit(v.reason ?? ''))}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason the buyer will see
        <textarea {...form.register('reason')} rows={3} maxLength={REJECTION_REASON_MAX} className={field} aria-invalid={problem ? true : undefined} aria-describedby={problem ? 'reject-reason-error' : undefined} />
      </label>
      {problem ? (
        <p id="reject-reason-error" className="text-sm text-rose-800">
          {problem}
        </p>
      ) : null}
      <ErrorLine error={error} />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <button type="button" className={btn.secondary}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={btn.danger} disabled={busy}>
          Reject order
        </button>
      </div>
    </form>
  );
}

export function PickShortForm({ line, onSubmit, error, busy }: { line: DeskLine; onSubmit: (v: { quantity: number; reason: string }) => void; error: unknown; busy: boolean }) {
  // Picking short only lowers: the field's own bound, so both fields' problems show at once.
  const schema = ChangeLineInputSchema.pick({ quantity: true, reason: true }).extend({
    quantity: ChangeLineInputSchema.shape.quantity.max(line.quantity - 1, `Enter less than the ${line.quantity} now on the order (0 removes the line)`),
  });
  const form = useForm<{ quantity: number; reason: string }>({ resolver: zodResolver(schema), defaultValues: { quantity: Math.max(0, line.quantity - 1), reason: '' } });
  const errors = form.formState.errors;
  return (
    <form noValidate className="flex flex-col gap-3" onSubmit={form.handleSubmit(onSubmit)}>
      <label className="flex flex-col gap-1 text-sm font-medium">
        Quantity to send (now {line.quantity})
        <input type="number" min={0} max={line.quantity - 1} className={`${field} w-32`} {...form.register('quantity', { valueAsNumber: true })} aria-invalid={errors.quantity ? true : undefined} />
      </label>
      {errors.quantity ? <p className="text-sm text-rose-800">{errors.quantity.message}</p> : null}
      <label className="flex flex-col gap-1 text-sm font-medium">
        Reason
        <input className={field} maxLength={300} placeholder="Picked short, out of stock…" {...form.register('reason')} aria-invalid={errors.reason ? true : undefined} />
      </label>
      {errors.reason ? <p className="text-sm text-rose-800">{errors.reason.message}</p> : null}
      <ErrorLine error={error} />
      <div className="flex justify-end gap-2">
        <Dialog.Close asChild>
          <button type="button" className={btn.secondary}>
            Cancel
          </button>
        </Dialog.Close>
        <button type="submit" className={btn.primary} disabled={busy}>
          Save change
        </button>
      </div>
    </form>
  );
}
