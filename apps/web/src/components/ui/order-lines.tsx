import { formatRupees } from '@shop/domain/money';
import type { Order } from '@shop/domain/orders';

/** SPEC 2: the detail lines of an order (Order History, Pending Approvals). */
export function OrderLines({ order }: { order: Pick<Order, 'order_details' | 'total_price'> }) {
  if (order.order_details.length === 0) return <p className="py-4 text-sm text-slate-600">There is no detail for this Order!</p>;
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable).
    <div className="overflow-x-auto" role="region" aria-label="Order lines" tabIndex={0}>
      <table className="w-full text-left text-sm">
        <thead className="border-b text-xs text-slate-600 uppercase">
          <tr>
            <th scope="col" className="py-2 pr-2">Product</th>
            <th scope="col" className="px-2 py-2 text-right">Qty</th>
            <th scope="col" className="px-2 py-2 text-right">Unit Price</th>
            <th scope="col" className="py-2 pl-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {order.order_details.map((d) => (
            <tr key={d.id}>
              <td className="py-2 pr-2">
                {d.product_name}
                {/* Issue 16: a line the wholesaler picked short or removed, and why. */}
                {d.ordered_quantity !== undefined && d.ordered_quantity !== d.quantity && (
                  <span className="block text-xs text-amber-800">
                    {d.quantity === 0 ? 'Removed' : `Ordered ${d.ordered_quantity}`}
                    {d.change_reason ? `: ${d.change_reason}` : ''}
                  </span>
                )}
              </td>
              <td className="px-2 py-2 text-right">{d.quantity}</td>
              <td className="px-2 py-2 text-right whitespace-nowrap">{formatRupees(d.unit_price)}</td>
              <td className="py-2 pl-2 text-right whitespace-nowrap">{formatRupees(d.total_price)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr className="border-t font-semibold">
            <td className="py-2 pr-2" colSpan={3}>Total Bill</td>
            <td className="py-2 pl-2 text-right whitespace-nowrap">{formatRupees(order.total_price)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
