import type { OrderStatus } from '@shop/domain/constants';
import type { DeskLine, DeskOrder } from '@shop/domain/order-desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ChangeRequestsPanel } from './change-requests-panel.tsx';
import { DeskDialog } from './desk-dialog.tsx';
import { DeskError, deskApi } from './desk-client.ts';
import { karachiDateTime } from './desk-format.ts';
import { deskPaths } from './desk-paths.ts';
import { btn, ErrorLine, Panel, StatusBadge } from './desk-ui.tsx';
import { RejectForm } from './order-forms.tsx';
import { OrderLines } from './order-lines.tsx';
import { BusinessPanel, HistoryPanel, NotesPanel, OrdererPanel } from './order-panels.tsx';
import { useDeskCanWrite } from './use-desk-can.ts';

/** Issue 16, one order at the desk: lines, business, orderer, history, notes and the moves it may make. */
export function OrderPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const canWrite = useDeskCanWrite();
  const key = ['staff', 'orders', 'one', id];
  const order = useQuery({ queryKey: key, queryFn: () => deskApi.order(id), enabled: Number.isInteger(id) && id > 0 });
  // Every change answers with the order as it now is: show that, and let the queue refetch.
  const settle = (next: DeskOrder) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: ['staff', 'orders'], predicate: (q) => q.queryKey[2] !== 'one' });
  };
  const [rejecting, setRejecting] = useState(false);
  const move = useMutation({ mutationFn: (v: { to: OrderStatus; from: OrderStatus; reason?: string }) => deskApi.move(id, v.to, v.from, v.reason), onSuccess: (o) => {
      settle(o);
      setRejecting(false);
    },
  });
  const line = useMutation({ mutationFn: (v: { line: DeskLine; quantity: number; reason: string; from: OrderStatus }) => deskApi.changeLine(id, v.line.id, v.quantity, v.reason, v.from), onSuccess: settle });
  const note = useMutation({ mutationFn: (text: string) => deskApi.addNote(id, text), onSuccess: settle });
  const request = useMutation({ mutationFn: (v: { requestId: number; decision: 'accepted' | 'declined'; note: string }) => deskApi.answerRequest(id, v.requestId, v.decision, v.note), onSuccess: settle });

  if (order.isPending) return <p className="p-4 text-sm text-slate-500">Loading order…</p>;
  if (order.error || !order.data) return <div className="p-4"><ErrorLine error={order.error ?? new Error('Order not found')} /></div>;
  const o = order.data;
  const stale = [move.error, line.error].some((e) => e instanceof DeskError && e.status === 409);
  const reload = () => {
    move.reset();
    line.reset();
    void order.refetch();
  };
  const next = canWrite ? o.next_statuses : [];
  const forward = next.filter((s) => s !== 'Rejected');

  return (
    <div className="flex flex-col gap-3 p-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className={btn.link} to={deskPaths.queue}>
          ← Orders
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-xl font-semibold">{o.order_number}</h1>
        <StatusBadge status={o.status} />
        <span className="text-sm text-slate-600">Placed {karachiDateTime(o.created_on)} (PKT)</span>
        <div className="ml-auto flex flex-wrap gap-2">
          {forward.map((to) => (
            <button key={to} type="button" className={btn.primary} disabled={move.isPending} onClick={() => move.mutate({ to, from: o.status })}>
              Move to {to}
            </button>
          ))}
          {next.includes('Rejected') ? (
            <button type="button" className={btn.danger} onClick={() => {
                move.reset();
                setRejecting(true);
              }}>
              Reject…
            </button>
          ) : null}
          <Link className={btn.secondary} to={deskPaths.slips([o.id])}>
            Print slip
          </Link>
        </div>
      </header>
      {o.status === 'Pending' ? <p className="text-sm text-slate-600">Pending: the buyer's Approver decides this order.</p> : null}
      {o.rejection_reason ? (
        <p className="rounded border border-rose-200 bg-rose-50 px-3 py-2 text-sm">
          <strong>Rejection reason (shown to the buyer):</strong> {o.rejection_reason}
        </p>
      ) : null}
      {!rejecting ? <ErrorLine error={move.error} /> : null}
      {stale ? (
        <button type="button" className={`${btn.secondary} self-start`} onClick={reload}>
          Reload the order
        </button>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-[minmax(0,2fr)_minmax(20rem,1fr)]">
        <div className="flex flex-col gap-3">
          <Panel title="Lines">
            <OrderLines order={o} canWrite={canWrite} busy={line.isPending} error={line.error} onChangeLine={(l, v) => line.mutateAsync({ line: l, ...v, from: o.status })} />
          </Panel>
          <HistoryPanel order={o} />
        </div>
        <div className="flex flex-col gap-3">
          <ChangeRequestsPanel order={o} canWrite={canWrite} busy={request.isPending} error={request.error} onAnswer={(requestId, decision, text) => request.mutateAsync({ requestId, decision, note: text })} />
          <BusinessPanel order={o} />
          <OrdererPanel order={o} />
          <NotesPanel order={o} canWrite={canWrite} busy={note.isPending} error={note.error} onAdd={(t) => note.mutateAsync(t)} />
        </div>
      </div>
      <DeskDialog open={rejecting} onOpenChange={setRejecting} title={`Reject ${o.order_number}`} description="The buyer sees this reason on the order. It cannot be undone.">
        <RejectForm status={o.status} busy={move.isPending} error={move.error} onSubmit={(reason) => move.mutate({ to: 'Rejected', from: o.status, reason })} />
      </DeskDialog>
    </div>
  );
}
