import type { Order } from '@shop/domain/orders';
import {
  CHANGE_REQUEST_KIND_LABEL,
  CHANGE_REQUEST_REASON_MAX,
  ChangeRequestInputSchema,
  type ChangeRequestKind,
  changeRequestRefusal,
  changeRequestWindowEnd,
} from '@shop/domain/policy-facts';
import { formatKarachiDayTime } from '@shop/domain/karachi-time';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Modal } from '../../components/ui/modal.tsx';
import { api } from '../../lib/api.ts';
import { notify } from '../../lib/toast.ts';

/**
 * SPEC 2/5: Cancel opens the Contact dialog with its chat link to the help number. Issue 36 (SPEC 9:
 * "an order can be cancelled or changed within the first two hours after confirmation"): within those
 * two hours the dialog also sends the order desk a request to cancel or change the order, with the
 * buyer's reason; the desk's answer shows on the order. Outside them it says why, and the chat remains.
 * Sending asks; it cancels nothing by itself.
 */
export function CancelDialog({ order, chatUrl, open, onClose }: { order: Order; chatUrl: string; open: boolean; onClose: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const [kind, setKind] = useState<ChangeRequestKind>('cancel');
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const waiting = order.change_requests.find((r) => r.status === 'open');
  const refusal = changeRequestRefusal(order, new Date());
  const until = changeRequestWindowEnd(order.confirmed_on);
  const canAsk = !waiting && !refusal;

  async function send() {
    const input = ChangeRequestInputSchema.safeParse({ kind, reason });
    if (!input.success) return setProblem(input.error.issues[0]?.message ?? 'Please check your request.');
    setProblem(null);
    setSending(true);
    try {
      await api<Order>(`/api/orders/${order.id}/change-requests`, { body: input.data });
      setReason('');
      notify.success(`Your request for ${order.order_number} was sent to the order desk.`);
      await client.invalidateQueries({ queryKey: ['orders'] });
    } catch (err) {
      setProblem(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      open={open}
      title="Contact"
      onClose={onClose}
      footer={
        <>
          <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold">
            Close
          </button>
          {canAsk ? (
            <button type="submit" form={`${id}-form`} disabled={isSending} className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
              {isSending ? 'Sending…' : 'Send request'}
            </button>
          ) : null}
        </>
      }
    >
      <p>To cancel or change order {order.order_number}, please message us. Orders can be changed within two hours of confirmation.</p>
      <a href={chatUrl} target="_blank" rel="noopener noreferrer" className="mt-3 inline-block rounded bg-green-700 px-4 py-2 font-semibold text-white">
        Chat with us
      </a>
      <div className="mt-4 border-t border-slate-200 pt-3">
        {waiting ? (
          <p role="status" className="rounded bg-amber-50 px-3 py-2 text-amber-950">
            Your {CHANGE_REQUEST_KIND_LABEL[waiting.kind].toLowerCase()} request of {formatKarachiDayTime(waiting.requested_on)} is waiting for our answer. You will see it on the order.
          </p>
        ) : refusal ? (
          <p className="rounded bg-slate-100 px-3 py-2 text-slate-800">{refusal}</p>
        ) : (
          <form
            id={`${id}-form`}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void send();
            }}
            className="space-y-3"
          >
            <h3 className="font-semibold">Or send the order desk a request</h3>
            {until ? <p className="text-slate-600">You can send one until {formatKarachiDayTime(until)} (Pakistan time).</p> : null}
            <fieldset className="space-y-1">
              <legend className="font-medium">What would you like?</legend>
              {(['cancel', 'change'] as const).map((k) => (
                <label key={k} className="flex items-center gap-2">
                  <input type="radio" name={`${id}-kind`} value={k} checked={kind === k} onChange={() => setKind(k)} />
                  {k === 'cancel' ? 'Cancel the order' : 'Change the order'}
                </label>
              ))}
            </fieldset>
            <label className="flex flex-col gap-1">
              <span className="font-medium">{kind === 'cancel' ? 'Why would you like to cancel it?' : 'What should change, and why?'}</span>
              <textarea
                value={reason}
                onChange={(e) => setReason(e.target.value)}
                rows={3}
                maxLength={CHANGE_REQUEST_REASON_MAX}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-problem` : undefined}
                className="rounded border border-slate-300 px-2 py-1.5"
              />
            </label>
            {problem ? (
              <p id={`${id}-problem`} role="alert" className="rounded bg-red-50 px-3 py-2 text-red-900">
                {problem}
              </p>
            ) : null}
          </form>
        )}
      </div>
    </Modal>
  );
}
