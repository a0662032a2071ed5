import { fromPaisa, toPaisa } from '@shop/domain/money';
import { decideOrderStatus } from '@shop/domain/order-rules';
import type { Order } from '@shop/domain/orders';
import type { Proposal } from '@shop/domain/reorder';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Modal } from '../../components/ui/modal.tsx';
import { lineKey, ProposalTotal, ProposedLines } from '../../components/ui/proposed-lines.tsx';
import { api } from '../../lib/api.ts';
import { addCartLines } from '../../lib/cart-store.ts';
import { notify } from '../../lib/toast.ts';

type Priced = Proposal & { order_number: string };

/**
 * Issue 21: a past order back in the cart at today's prices. The server prices the whole order first,
 * so every line shows what goes in and any problem (no longer sold, out of stock, fewer in stock)
 * before anything is added; the buyer keeps all lines or chooses some, and the chosen lines are
 * priced again as they go into the cart.
 */
export function ReorderDialog({ order, open, onClose }: { order: Order; open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [priced, setPriced] = useState<Priced | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [isAdding, setAdding] = useState(false);

  useEffect(() => {
    if (!open) return;
    const controller = new AbortController();
    setPriced(null);
    setError(null);
    api<Priced>(`/api/orders/${order.id}/reorder`, { body: {}, signal: controller.signal })
      .then((p) => {
        setPriced(p);
        setSelected(new Set(p.lines.filter((l) => l.cart_line).map(lineKey)));
      })
      .catch((err: Error) => err.name !== 'AbortError' && setError(err.message));
    return () => controller.abort();
  }, [open, order.id]);

  const chosen = priced?.lines.filter((l) => l.cart_line && selected.has(lineKey(l))) ?? [];
  const total = chosen.reduce((sum, l) => sum + toPaisa(l.line_total), 0);
  const overLimit =
    priced?.limit != null && decideOrderStatus({ userType: 'Orderer', paymentMode: 'Cash', limit: priced.limit, total }) === 'Pending';

  async function addToCart() {
    if (!priced || chosen.length === 0) return;
    setAdding(true);
    try {
      // All addable lines kept: the whole order; else the chosen lines (order_details ids).
      const all = chosen.length === priced.lines.filter((l) => l.cart_line).length;
      const ids = new Set(chosen.map((l) => l.product_id));
      const lineIds = order.order_details.filter((d) => ids.has(d.product_id)).map((d) => d.id);
      const fresh = await api<Priced>(`/api/orders/${order.id}/reorder`, { body: all ? {} : { line_ids: lineIds } });
      const added = addCartLines(fresh.lines.flatMap((l) => (l.cart_line && (all || ids.has(l.product_id)) ? [l.cart_line] : [])));
      notify.success(`${added} ${added === 1 ? 'product' : 'products'} from ${order.order_number} added to your cart`);
      // Sold out while the dialog was open: named too, never left out silently.
      const missed = fresh.lines.filter((l) => !l.cart_line && (all || ids.has(l.product_id)) && l.problem);
      if (missed.length) notify.error(missed.map((l) => l.problem?.text).join(' '));
      onClose();
      navigate('/cart');
    } catch (err) {
      setError(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setAdding(false);
    }
  }

  const toggle = (key: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={`Reorder ${order.order_number}`}
      description="Today's prices and stock. Untick what you do not need this time."
      footer={
        <>
          <button type="button" onClick={onClose} className="rounded-md border border-slate-300 px-4 py-2 font-semibold">
            Cancel
          </button>
          <button
            type="button"
            onClick={() => void addToCart()}
            disabled={!priced || chosen.length === 0 || isAdding}
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {isAdding ? 'Adding…' : `Add ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'} to cart`}
          </button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="text-red-700">{error}</p>
      ) : !priced ? (
        <p role="status" className="text-slate-600">Checking today's prices and stock…</p>
      ) : (
        <>
          <ProposedLines lines={priced.lines} label={`Lines of ${order.order_number}`} selected={selected} onToggle={toggle} />
          <ProposalTotal total={fromPaisa(total)} limit={priced.limit} overLimit={overLimit} />
        </>
      )}
    </Modal>
  );
}
