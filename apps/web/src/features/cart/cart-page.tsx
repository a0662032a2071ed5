import type { PaymentMode } from '@shop/domain/constants';
import { itemCount } from '@shop/domain/cart';
import { formatRupees } from '@shop/domain/money';
import { CONFIRMATION_TITLE, ORDER_ALREADY_CHECKED, ORDER_CONFIRMED_TEXT, ORDER_CONFIRMED_TITLE, orderRefusal } from '@shop/domain/order-rules';
import { NOT_ALLOWED_TO_ORDER, pendingOrderRights, pendingPlacement } from '@shop/domain/roles';
import { countOf } from '@shop/domain/plural';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { MessageDialog } from '../../components/ui/message-dialog.tsx';
import { ApiError } from '../../lib/api.ts';
import { updateCart, useCart } from '../../lib/cart-store.ts';
import { setPendingCart, usePendingCart } from '../../lib/pending-cart.ts';
import { useSession } from '../../lib/session.tsx';
import { useOnline } from '../../lib/use-online.ts';
import { CartLines } from './cart-lines.tsx';
import { CheckoutFacts } from './checkout-facts.tsx';
import { checkoutFactsPayload, resetCheckoutFacts } from './checkout-facts-store.ts';
import { CheckoutView } from './checkout-view.tsx';
import { MinimumOrderNotice } from './minimum-order-notice.tsx';
import { MostAddToCart } from './most-add-to-cart.tsx';
import { buildOrder, newIdempotencyKey, sendOrder } from './place-order.ts';
import { useCartRefresh } from './use-cart-refresh.ts';
import { useCheckoutData, useCreditStanding } from './use-checkout-data.ts';

type View = 'cart' | 'checkout';
interface Message {
  title: string;
  text: string;
}

export function CartPage() {
  const { user, isGuest } = useSession();
  const online = useOnline();
  const lines = useCart();
  const pending = usePendingCart();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [view, setView] = useState<View>('cart');
  const [chosenMode, setChosenMode] = useState<PaymentMode>('Cash');
  const [message, setMessage] = useState<Message | null>(null);
  const [confirmed, setConfirmed] = useState<string | null>(null);
  const [isSending, setSending] = useState(false);
  const attempt = useRef<{ key: string; signature: string } | null>(null);

  // SPEC 4: the approver flag comes with the navigation state from Pending Approvals, and is kept
  // with the pending order's data while the cart is edited; whoever may see /pending may carry it.
  const approverFlag =
    pendingOrderRights(user?.type).canOpenInCart && ((location.state as { approverFlag?: boolean } | null)?.approverFlag === true || pending != null);
  const confirming = approverFlag ? pending : null;
  const placement = confirming ? pendingPlacement(user?.type, confirming.business_user_id === user?.id) : null;

  const refresh = useCartRefresh(`${user?.id ?? 'none'}:${user?.type ?? ''}`, lines.map((l) => `${l.product_id}x${l.quantity}`).join(','));
  const checkout = useCheckoutData(isGuest ? null : (user?.businessId ?? null), isGuest ? null : (confirming?.business_user_id ?? user?.id ?? null));
  const paymentMode: PaymentMode = chosenMode === 'Cash' || chosenMode === checkout.paymentMode ? chosenMode : 'Cash';
  const credit = useCreditStanding(!isGuest && view === 'checkout' && paymentMode === 'Credit');

  const clearCart = () => {
    updateCart(() => []);
    setPendingCart(null);
    resetCheckoutFacts();
  };

  async function placeOrder() {
    const refusal = orderRefusal(user?.type, approverFlag, lines.length);
    if (refusal === 'not-allowed') return setMessage({ title: 'Alert', text: NOT_ALLOWED_TO_ORDER });
    if (refusal === 'empty') return setMessage({ title: CONFIRMATION_TITLE, text: ORDER_ALREADY_CHECKED });
    if (!user) return;
    const blocked = lines.find((l) => refresh.missing.includes(l.product_id) || l.stock <= 0 || l.quantity > l.stock);
    if (blocked) {
      return setMessage({ title: 'Alert', text: `Please update ${blocked.product_name}: it is not available in that quantity.` });
    }
    const order = { ...buildOrder(lines, { id: user.id, type: user.type, limit: user.limit, businessId: user.businessId }, paymentMode, confirming), ...checkoutFactsPayload() };
    // A retry of the same cart reuses its key, so a lost answer never makes a second order.
    const signature = JSON.stringify(order);
    if (attempt.current?.signature !== signature) attempt.current = { key: newIdempotencyKey(), signature };
    setSending(true);
    try {
      const placed = await sendOrder(order, attempt.current.key);
      attempt.current = null;
      clearCart();
      void queryClient.invalidateQueries({ queryKey: ['orders'] });
      void queryClient.invalidateQueries({ queryKey: ['credit-standing'] });
      if (placed.status === 'Pending') {
        // SPEC 4: a pending order goes to /home.
        navigate('/home');
        return;
      }
      setView('cart');
      setConfirmed(placed.order_number);
      navigate('/cart', { replace: true, state: null });
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['orders'] });
        void queryClient.invalidateQueries({ queryKey: ['credit-standing'] });
      }
      setMessage({ title: 'Alert', text: err instanceof Error ? err.message : 'Something went wrong.' });
    } finally {
      setSending(false);
    }
  }

  const count = itemCount(lines);
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <h1 className="text-2xl font-bold">{view === 'cart' ? 'Your Cart' : 'Check Out'}</h1>
        <div role="tablist" aria-label="Cart views" className="flex rounded-md border border-slate-300 text-sm">
          {(['cart', 'checkout'] as const).map((v) => (
            <button
              key={v}
              type="button"
              role="tab"
              aria-selected={view === v}
              onClick={() => setView(v)}
              className={`px-3 py-1.5 ${view === v ? 'bg-brand font-semibold text-white' : 'bg-white text-slate-800'}`}
            >
              {v === 'cart' ? 'Your Cart' : 'Check Out'}
            </button>
          ))}
        </div>
      </div>

      {confirming && (
        <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          Reviewing pending order {confirming.order_number} by {confirming.order_by}.{' '}
          {placement === 'confirm' ? 'Placing it confirms the order.' : 'Placing it sends the changed order again.'}
        </p>
      )}
      {refresh.changes.length > 0 && (
        <div role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm">
          <p className="font-semibold">Prices have changed since you added these items:</p>
          <ul className="mt-1 list-disc pl-5">
            {refresh.changes.map((c) => (
              <li key={c.productId}>
                {c.name}: {formatRupees(c.from)} → {formatRupees(c.to)}
              </li>
            ))}
          </ul>
        </div>
      )}

      <MinimumOrderNotice lines={lines} />

      <div className="mt-4">
        {view === 'cart' ? (
          lines.length === 0 ? (
            <p className="rounded-lg border border-slate-200 bg-white p-6 text-center">Looks like you haven't made any choice yet!</p>
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600">{countOf(count, 'item', 'items')}</p>
              <CartLines lines={lines} missing={refresh.missing} />
            </>
          )
        ) : (
          <CheckoutView
            lines={lines}
            isGuest={isGuest}
            businessMode={checkout.paymentMode}
            paymentMode={paymentMode}
            onPaymentMode={setChosenMode}
            address={isGuest ? '' : checkout.address}
            credit={credit}
          >
            <CheckoutFacts />
          </CheckoutView>
        )}
      </div>

      <div className="mt-4 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:justify-end">
        <Link to="/home" className="rounded-md border border-slate-300 bg-white px-4 py-2 text-center font-semibold">
          Continue Shopping
        </Link>
        <button type="button" onClick={clearCart} className="rounded-md border border-red-300 bg-white px-4 py-2 font-semibold text-red-700">
          Clear Cart
        </button>
        {view === 'cart' ? (
          <button type="button" onClick={() => setView('checkout')} className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            Review Payment and Address
          </button>
        ) : (
          <>
            {/* Issue 15 (14): an order is never queued offline; the buyer sees that it cannot be sent. */}
            {!online && (
              <p id="offline-order" role="alert" className="rounded-md bg-amber-100 px-3 py-2 text-sm font-semibold text-amber-950 sm:basis-full sm:text-right">
                You are offline: this order cannot be sent. Place it again when you are back online.
              </p>
            )}
            <button
              type="button"
              onClick={() => void placeOrder()}
              disabled={isSending || refresh.isRefreshing || !online}
              aria-describedby={online ? undefined : 'offline-order'}
              className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
            >
              {isSending ? 'Placing order…' : 'Place order'}
            </button>
          </>
        )}
      </div>

      <MostAddToCart />

      <MessageDialog open={message != null} title={message?.title ?? ''} onClose={() => setMessage(null)}>
        <p>{message?.text}</p>
      </MessageDialog>
      <MessageDialog open={confirmed != null} title={ORDER_CONFIRMED_TITLE} onClose={() => setConfirmed(null)}>
        <p>{ORDER_CONFIRMED_TEXT}</p>
        <p className="mt-1">Order number: {confirmed}</p>
      </MessageDialog>
    </main>
  );
}
