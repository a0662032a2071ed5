import type { CartLine } from '@shop/domain/cart';
import type { PaymentMode } from '@shop/domain/constants';
import { checkCredit, exposureOf, formatExactRupees, releaseNotice } from '@shop/domain/credit';
import { formatRupees, fromPaisa } from '@shop/domain/money';
import type { CreditStanding } from '@shop/domain/orders';
import { allowedPaymentModes, DELIVERY_FEE, orderTotals, pricedCartLine } from '@shop/domain/order-rules';
import type { ReactNode } from 'react';

const MODE_LABEL: Record<PaymentMode, string> = { Cash: 'Cash on Delivery', Credit: 'Credit', Advance: 'Advance' };

/** SPEC 2 Check Out: payment options, address, delivery fee Rs. 0, total bill; sell-price and tax totals for non-Guests. */
export function CheckoutView({
  lines,
  isGuest,
  businessMode,
  paymentMode,
  onPaymentMode,
  address,
  credit,
  children,
}: {
  lines: readonly CartLine[];
  isGuest: boolean;
  businessMode: PaymentMode;
  paymentMode: PaymentMode;
  onPaymentMode: (m: PaymentMode) => void;
  address: string;
  /** The business's credit standing while Credit is chosen (issue 14.12); undefined otherwise. */
  credit?: CreditStanding;
  /** Issue 36: the delivery day and reference fields, under the address. */
  children?: ReactNode;
}) {
  const totals = orderTotals(lines.map(pricedCartLine));
  const modes = allowedPaymentModes(businessMode);
  // Issue 18: a business on credit hold is told why before Place order (the server refuses it too).
  const fit = paymentMode === 'Credit' && credit ? (credit.hold ? { ok: false as const, message: credit.hold } : checkCredit(totals.total, exposureOf(credit))) : null;
  // Issue 37: while Finance's release runs, the buyer is told until when and how far above the limit.
  const release = paymentMode === 'Credit' && credit && !credit.hold ? exposureOf(credit).release : null;
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="payment-heading">
        <h2 id="payment-heading" className="text-lg font-bold">Payment Method</h2>
        <fieldset className="mt-2 space-y-2">
          <legend className="sr-only">Payment Method</legend>
          {modes.map((m) => (
            <label key={m} className="flex cursor-pointer items-center gap-2 rounded border border-slate-200 p-2 text-sm">
              <input type="radio" name="payment_mode" value={m} checked={paymentMode === m} onChange={() => onPaymentMode(m)} />
              {MODE_LABEL[m]}
            </label>
          ))}
        </fieldset>
        {release && (
          <p data-testid="credit-release" className="mt-2 rounded border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900">
            {releaseNotice(release)}
          </p>
        )}
        {fit && (
          <p
            data-testid="credit-available"
            role={fit.ok ? undefined : 'alert'}
            className={`mt-2 rounded border p-2 text-sm ${fit.ok ? 'border-slate-200 text-slate-700' : 'border-red-300 bg-red-50 text-red-800'}`}
          >
            {fit.ok ? `Credit available: ${formatExactRupees(fit.available)}` : fit.message}
          </p>
        )}
        <h2 className="mt-4 text-lg font-bold">Delivery Address</h2>
        <p className="mt-1 text-sm text-slate-700" data-testid="delivery-address">{address || 'No address on file.'}</p>
        {children}
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4" aria-labelledby="summary-heading">
        <h2 id="summary-heading" className="text-lg font-bold">Order Summary</h2>
        <dl className="mt-2 space-y-1 text-sm">
          {!isGuest && (
            <>
              <div className="flex justify-between">
                <dt>Sell Price</dt>
                <dd data-testid="sell-total">{formatRupees(fromPaisa(totals.sell))}</dd>
              </div>
              <div className="flex justify-between">
                <dt>Tax</dt>
                <dd data-testid="tax-total">{formatRupees(fromPaisa(totals.tax))}</dd>
              </div>
            </>
          )}
          <div className="flex justify-between">
            <dt>Delivery Fee</dt>
            <dd>{formatRupees(DELIVERY_FEE)}</dd>
          </div>
          <div className="flex justify-between border-t pt-2 text-base font-bold">
            <dt>Total Bill</dt>
            <dd data-testid="total-bill">{formatRupees(fromPaisa(totals.total))}</dd>
          </div>
        </dl>
      </section>
    </div>
  );
}
