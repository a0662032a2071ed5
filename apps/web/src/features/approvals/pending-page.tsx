import { formatRupees } from '@shop/domain/money';
import { orderDate } from '@shop/domain/order-rules';
import { describeOrderChange, type OrderChange } from '@shop/domain/order-version';
import type { Order } from '@shop/domain/orders';
import { CANNOT_APPROVE, pendingOrderRights } from '@shop/domain/roles';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AccountSideNav } from '../../components/ui/account-side-nav.tsx';
import { MessageDialog } from '../../components/ui/message-dialog.tsx';
import { OrderLines } from '../../components/ui/order-lines.tsx';
import { ApiError } from '../../lib/api.ts';
import { useOrders } from '../../lib/orders-query.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';
import { useIsDesktop } from '../../lib/use-media.ts';
import { decideOrder, loadIntoCart } from './pending-actions.ts';

/** SPEC 2 Pending Approvals: Pending orders only, the first selected on opening. */
export function PendingPage() {
  const { user } = useSession();
  const isDesktop = useIsDesktop();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pending = useOrders(user, 'Pending');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [isBusy, setBusy] = useState(false);
  /** Issue 37: the order changed after it was shown; what the server said and what changed. */
  const [changed, setChanged] = useState<{ orderId: number; text: string; change: OrderChange } | null>(null);
  const list = pending.data ?? [];
  const selected = list.find((o) => o.id === selectedId) ?? list[0] ?? null;
  const rights = pendingOrderRights(user?.type);

  const reload = () => queryClient.invalidateQueries({ queryKey: ['orders'] });

  /** The Pending list read again; the order `id` in it as it is now, or null when it is no longer Pending. */
  async function reloadedPending(id: number): Promise<Order | null> {
    const fresh = await pending.refetch();
    return fresh.data?.find((o) => o.id === id) ?? null;
  }

  async function decide(status: 'In Process' | 'Rejected') {
    if (!selected) return;
    // SPEC 6: a non-Approver sees this; the server refuses it too.
    if (!rights.canDecide) return setMessage(CANNOT_APPROVE);
    const shown = selected;
    setBusy(true);
    try {
      await decideOrder(shown, status);
      notify.success(status === 'Rejected' ? `Order ${shown.order_number} rejected.` : `Order ${shown.order_number} approved.`);
      setSelectedId(null);
      setChanged(null);
    } catch (err) {
      // Issue 37: changed since it was shown (still Pending, another version): show it as it is now and what changed.
      const now = err instanceof ApiError && err.status === 409 ? await reloadedPending(shown.id) : null;
      if (now && now.version !== shown.version) {
        setSelectedId(now.id);
        setChanged({ orderId: now.id, text: err instanceof Error ? err.message : '', change: describeOrderChange(shown, now) });
        return;
      }
      setMessage(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setBusy(false);
      // SPEC 4: the lists reload after a decision, also when another Approver was first (409).
      void reload();
    }
  }

  function openInCart(to: '/home' | '/cart') {
    // SPEC 2/6: whoever may see /pending goes on with the approver flag; Place order's rules apply there.
    if (!selected || !rights.canOpenInCart) return;
    loadIntoCart(selected);
    navigate(to, { state: { approverFlag: true } });
  }

  return (
    <main className="mx-auto flex max-w-6xl gap-6 px-4 py-6">
      <AccountSideNav />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold">Pending Approvals</h1>
        {pending.isLoading ? (
          <p role="status" className="mt-4 text-sm text-slate-600">Loading orders…</p>
        ) : list.length === 0 || !selected ? (
          <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">
            {isDesktop ? 'There is no Pending orders!' : 'You have no Pending orders!'}
          </p>
        ) : (
          <div className="mt-4 grid gap-4 md:grid-cols-[16rem_1fr]">
            <ul className="space-y-2" aria-label="Pending orders">
              {list.map((o) => (
                <li key={o.id}>
                  <button
                    type="button"
                    aria-pressed={o.id === selected.id}
                    onClick={() => {
                      setSelectedId(o.id);
                      if (o.id !== changed?.orderId) setChanged(null);
                    }}
                    className={`w-full rounded-lg border p-3 text-left text-sm ${o.id === selected.id ? 'border-brand bg-blue-50' : 'border-slate-200 bg-white'}`}
                  >
                    <span className="block font-semibold">{o.order_number}</span>
                    <span className="block text-slate-600">{orderDate(o.created_on)} · {o.order_by}</span>
                    <span className="block font-bold">{formatRupees(o.total_price)}</span>
                  </button>
                </li>
              ))}
            </ul>
            <section className="rounded-lg border border-slate-200 bg-white p-4" aria-label={`Order ${selected.order_number}`}>
              <div className="flex flex-wrap items-baseline justify-between gap-2">
                <h2 className="text-lg font-bold">{selected.order_number}</h2>
                <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">{selected.status}</span>
              </div>
              <p className="text-sm text-slate-600">
                {orderDate(selected.created_on)} · Ordered by {selected.order_by} · {selected.payment_mode}
              </p>
              {changed?.orderId === selected.id && <ChangedNotice text={changed.text} change={changed.change} />}
              <div className="mt-3">
                <OrderLines order={selected} />
              </div>
              <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                <button type="button" onClick={() => openInCart('/home')} className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
                  Edit Order
                </button>
                <button type="button" onClick={() => openInCart('/cart')} className="rounded-md border border-brand px-4 py-2 font-semibold text-brand">
                  Review And Payment Address
                </button>
                <button type="button" disabled={isBusy} onClick={() => void decide('In Process')} className="rounded-md bg-green-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
                  Approve
                </button>
                <button type="button" disabled={isBusy} onClick={() => void decide('Rejected')} className="rounded-md bg-red-700 px-4 py-2 font-semibold text-white disabled:opacity-60">
                  Reject
                </button>
              </div>
            </section>
          </div>
        )}
      </div>
      <MessageDialog open={message != null} title="Alert" onClose={() => setMessage(null)}>
        <p>{message}</p>
      </MessageDialog>
    </main>
  );
}

/** Issue 37: the order was changed after the Approver opened it; nothing was decided. */
function ChangedNotice({ text, change }: { text: string; change: OrderChange }) {
  return (
    <div role="alert" aria-label="Order changed" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
      <p className="font-semibold">{text}</p>
      {change.total && <p className="mt-1">Total: {change.total}</p>}
      {change.lines.length > 0 && (
        <ul className="mt-1 list-disc ps-5" aria-label="Lines changed">
          {change.lines.map((l) => (
            <li key={l}>{l}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
