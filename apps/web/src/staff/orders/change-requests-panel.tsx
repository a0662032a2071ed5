import type { DeskOrder } from '@shop/domain/order-desk';
import {
  AnswerChangeRequestInputSchema,
  CHANGE_ANSWER_NOTE_MAX,
  CHANGE_REQUEST_KIND_LABEL,
  CHANGE_REQUEST_STATUS_LABEL,
} from '@shop/domain/policy-facts';
import { useState } from 'react';
import { karachiDateTime } from './desk-format.ts';
import { btn, ErrorLine, field, Panel } from './desk-ui.tsx';

type Decision = 'accepted' | 'declined';

/**
 * Issue 36: the buyer's requests to cancel or change the order (sent within two hours of its
 * confirmation). The desk answers the waiting one with a note the buyer reads; the answer does not move
 * the order: cancel it with Reject, change it by lowering lines (decision 027).
 */
export function ChangeRequestsPanel({
  order,
  canWrite,
  busy,
  error,
  onAnswer,
}: {
  order: DeskOrder;
  canWrite: boolean;
  busy: boolean;
  error: unknown;
  onAnswer: (requestId: number, decision: Decision, note: string) => Promise<unknown>;
}) {
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  if (order.change_requests.length === 0) return null;
  const waiting = order.change_requests.find((r) => r.status === 'open');
  const answer = (decision: Decision) => {
    if (!waiting) return;
    const input = AnswerChangeRequestInputSchema.safeParse({ decision, note });
    if (!input.success) return setProblem(input.error.issues[0]?.message ?? 'Check the note.');
    setProblem(null);
    void onAnswer(waiting.id, decision, input.data.note).then(() => setNote(''), () => undefined);
  };
  return (
    <Panel title="Buyer's requests" className={waiting ? 'border-rose-300 ring-1 ring-rose-200' : ''}>
      <ul className="flex flex-col gap-2 text-sm">
        {order.change_requests.map((r) => (
          <li key={r.id} className="rounded border border-slate-200 px-2 py-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <strong>{CHANGE_REQUEST_KIND_LABEL[r.kind]} request</strong>
              <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${r.status === 'open' ? 'bg-rose-100 text-rose-900' : r.status === 'accepted' ? 'bg-emerald-100 text-emerald-900' : 'bg-slate-200 text-slate-800'}`}>
                {r.status === 'open' ? 'Waiting for an answer' : CHANGE_REQUEST_STATUS_LABEL[r.status]}
              </span>
            </div>
            <div className="text-xs text-slate-500">
              {karachiDateTime(r.requested_on)} · {r.requested_by}
            </div>
            <div className="whitespace-pre-wrap">“{r.reason}”</div>
            {r.answer_note ? (
              <div className="mt-1 text-slate-700">
                Answer{r.answered_by ? ` by ${r.answered_by}` : ''}
                {r.answered_on ? ` (${karachiDateTime(r.answered_on)})` : ''}: {r.answer_note}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
      {waiting && canWrite ? (
        <form
          className="mt-2 flex flex-col gap-1"
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
          }}
        >
          <label htmlFor="request-answer" className="text-xs text-slate-600">
            Answer (the buyer reads it on the order)
          </label>
          <textarea id="request-answer" className={field} rows={2} maxLength={CHANGE_ANSWER_NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} />
          <p className="text-xs text-slate-600">
            {waiting.kind === 'cancel' ? 'Accepting does not cancel the order: Reject it too, with the reason.' : 'Accepting does not change the order: lower its lines too.'}
          </p>
          {problem ? (
            <p role="alert" className="text-sm text-rose-800">
              {problem}
            </p>
          ) : null}
          <ErrorLine error={error} />
          <div className="flex gap-2">
            <button type="button" className={btn.primary} disabled={busy} onClick={() => answer('accepted')}>
              Accept request
            </button>
            <button type="button" className={btn.secondary} disabled={busy} onClick={() => answer('declined')}>
              Decline request
            </button>
          </div>
        </form>
      ) : null}
    </Panel>
  );
}
