import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatDeliveryDay } from '@shop/domain/policy-facts';
import { deskApi } from '../desk-client.ts';
import { karachiDateTime, rupees } from '../desk-format.ts';
import { idsFromSearch } from '../desk-paths.ts';
import { ErrorLine } from '../desk-ui.tsx';
import { PrintFrame, printTable } from './print-frame.tsx';

/** Delivery slips: one sheet per order with its lines, totals, address, phone and a signature box. */
export function SlipsPage() {
  const ids = idsFromSearch(useSearchParams()[0]);
  const slips = useQuery({ queryKey: ['staff', 'orders', 'slips', ids.join(',')], queryFn: () => deskApi.slips(ids), enabled: ids.length > 0 });
  return (
    <PrintFrame title={`Delivery slips (${ids.length})`} ready={slips.isSuccess}>
      <ErrorLine error={slips.error ?? (ids.length === 0 ? new Error('No orders chosen.') : null)} />
      {(slips.data ?? []).map((o) => (
        <article key={o.id} aria-label={`Slip ${o.order_number}`} className="print-page mb-8 border-b border-dashed border-black pb-6">
          <header className="mb-3 flex justify-between gap-4">
            <div>
              <h2 className="text-xl font-bold">Delivery slip {o.order_number}</h2>
              <p>Placed {karachiDateTime(o.created_on)}</p>
              <p>Payment: {o.payment_mode}</p>
              {/* Issue 36: what the buyer asked for at checkout. */}
              {o.order_reference ? <p>Buyer's reference: {o.order_reference}</p> : null}
              <p>Delivery day: {o.requested_delivery_day ? `${formatDeliveryDay(o.requested_delivery_day)} (asked by the buyer)` : 'next delivery day'}</p>
            </div>
            <div className="text-right">
              <p className="font-semibold">{o.business.name}</p>
              <p>{o.address}</p>
              <p>Phone: {o.contact_no}</p>
              <p>{[o.business.city, o.business.area].filter(Boolean).join(', ')}</p>
            </div>
          </header>
          <table className={printTable}>
            <thead>
              <tr>
                <th>Product</th>
                <th>SKU</th>
                <th className="text-right">Qty</th>
                <th className="text-right">Unit price</th>
                <th className="text-right">Tax / unit</th>
                <th className="text-right">Total</th>
              </tr>
            </thead>
            <tbody>
              {o.lines
                .filter((l) => l.quantity > 0)
                .map((l) => (
                  <tr key={l.id}>
                    <td>{l.product_name}</td>
                    <td>{l.sku ?? ''}</td>
                    <td className="text-right">{l.quantity}</td>
                    <td className="text-right">{rupees(l.unit_price)}</td>
                    <td className="text-right">{rupees(l.tax)}</td>
                    <td className="text-right">{rupees(l.total_price)}</td>
                  </tr>
                ))}
            </tbody>
            <tfoot>
              <tr>
                <th colSpan={5} className="text-right">Before tax</th>
                <td className="text-right">{rupees(o.sell_price_total)}</td>
              </tr>
              <tr>
                <th colSpan={5} className="text-right">Tax</th>
                <td className="text-right">{rupees(o.tax_total)}</td>
              </tr>
              <tr>
                <th colSpan={5} className="text-right">Total</th>
                <td className="text-right font-bold">{rupees(o.total_price)}</td>
              </tr>
            </tfoot>
          </table>
          <div className="mt-6 grid grid-cols-2 gap-6">
            <div className="h-24 border border-black p-2 text-sm" role="group" aria-label="Signature box">
              Received in good order — signature
            </div>
            <div className="h-24 border border-black p-2 text-sm">Name and date</div>
          </div>
        </article>
      ))}
    </PrintFrame>
  );
}
