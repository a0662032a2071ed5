import { countOf } from '@shop/domain/plural';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { deskApi } from '../desk-client.ts';
import { idsFromSearch } from '../desk-paths.ts';
import { ErrorLine } from '../desk-ui.tsx';
import { PrintFrame, printTable } from './print-frame.tsx';

/** The warehouse's picking list: the chosen orders' lines summed per product. */
export function PickingPage() {
  const ids = idsFromSearch(useSearchParams()[0]);
  const list = useQuery({ queryKey: ['staff', 'orders', 'picking', ids.join(',')], queryFn: () => deskApi.pickingList(ids), enabled: ids.length > 0 });
  const data = list.data;
  return (
    <PrintFrame title="Picking list" ready={list.isSuccess}>
      <ErrorLine error={list.error ?? (ids.length === 0 ? new Error('No orders chosen.') : null)} />
      {data ? (
        <article className="print-page">
          <h2 className="mb-1 text-xl font-bold">Picking list — {countOf(data.orders.length, 'order', 'orders')}</h2>
          <p className="mb-3 text-sm">{data.orders.map((o) => `${o.order_number} (${o.business_name})`).join(' · ')}</p>
          <table className={printTable} aria-label="Products to pick">
            <thead>
              <tr>
                <th className="w-8">✓</th>
                <th>Product</th>
                <th>SKU</th>
                <th className="text-right">Quantity</th>
                <th className="text-right">Orders</th>
              </tr>
            </thead>
            <tbody>
              {data.lines.map((l) => (
                <tr key={l.product_id}>
                  <td />
                  <td>{l.product_name}</td>
                  <td>{l.sku ?? ''}</td>
                  <td className="text-right font-semibold">{l.quantity}</td>
                  <td className="text-right">{l.orders}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ) : null}
    </PrintFrame>
  );
}
