import type { BulkMoveResult, QueueRow } from '@shop/domain/order-desk';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { deskApi } from './desk-client.ts';
import { deskPaths } from './desk-paths.ts';
import { btn, ErrorLine } from './desk-ui.tsx';
import { bulkStepOf } from './queue-filters.ts';
import { useDeskCanWrite } from './use-desk-can.ts';

interface Props {
  selected: QueueRow[];
  onClear: () => void;
}

/** What to do with the selected orders: move them one step, print their picking list or slips. */
/** The selection stays after a move, so the next step is one more click (Arrange, then Shipping, …). */
export function BulkBar({ selected, onClear }: Props) {
  const client = useQueryClient();
  const [result, setResult] = useState<{ to: string; value: BulkMoveResult } | null>(null);
  const canWrite = useDeskCanWrite();
  const step = bulkStepOf(selected);
  const ids = selected.map((r) => r.id);
  const move = useMutation({
    mutationFn: (to: NonNullable<typeof step.to>) => deskApi.bulkMove(ids, to).then((value) => ({ to, value })),
    onSuccess: (done) => {
      setResult(done);
      void client.invalidateQueries({ queryKey: ['staff', 'orders'] });
    },
  });

  return (
    <section aria-label="Selected orders" className="flex flex-col gap-2 rounded border border-sky-200 bg-sky-50 px-3 py-2">
      <div className="flex flex-wrap items-center gap-2">
        <strong className="text-sm">{selected.length} selected</strong>
        {!canWrite ? null : step.to ? (
          <button type="button" className={btn.primary} disabled={move.isPending} onClick={() => move.mutate(step.to)}>
            {move.isPending ? 'Moving…' : `Move to ${step.to}`}
          </button>
        ) : (
          <span className="text-sm text-slate-700">{step.why}</span>
        )}
        <Link className={btn.secondary} to={deskPaths.picking(ids)}>
          Print picking list
        </Link>
        <Link className={btn.secondary} to={deskPaths.slips(ids)}>
          Print slips
        </Link>
        <button type="button" className={btn.secondary} onClick={onClear}>
          Clear selection
        </button>
      </div>
      <ErrorLine error={move.error} />
      {result ? <BulkSummary to={result.to} result={result.value} /> : null}
    </section>
  );
}

export function BulkSummary({ to, result }: { to: string; result: BulkMoveResult }) {
  return (
    <div role="status" className="text-sm">
      <p>
        {result.moved.length} {result.moved.length === 1 ? 'order' : 'orders'} moved to {to}.
        {result.refused.length ? ` ${result.refused.length} refused:` : ''}
      </p>
      {result.refused.length ? (
        <ul className="ml-5 list-disc text-rose-900">
          {result.refused.map((r) => (
            <li key={r.id}>
              {r.order_number ?? `#${r.id}`}: {r.error}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
