import { countOf } from '@shop/domain/plural';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { deskApi } from '../desk-client.ts';
import { rupees } from '../desk-format.ts';
import { btn, ErrorLine } from '../desk-ui.tsx';
import { useDeskCanWrite } from '../use-desk-can.ts';
import { PrintFrame, printTable } from './print-frame.tsx';

/** A delivery run's sheet: its orders in area order, with a signature column; and "Move run to Shipping". */
export function RunSheetPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const canWrite = useDeskCanWrite();
  const run = useQuery({ queryKey: ['staff', 'runs', 'one', id], queryFn: () => deskApi.run(id) });
  const ship = useMutation({
    mutationFn: () => deskApi.shipRun(id),
    onSuccess: (r) => {
      client.setQueryData(['staff', 'runs', 'one', id], r.run);
      void client.invalidateQueries({ queryKey: ['staff', 'orders'] });
    },
  });
  const r = run.data;
  return (
    <PrintFrame title={r ? `Run #${r.id} — ${r.city}, ${r.run_date}` : 'Run sheet'} ready={run.isSuccess}>
      <ErrorLine error={run.error ?? ship.error} />
      {r ? (
        <article className="print-page">
          <div className="no-print mb-3 flex items-center gap-3 text-sm">
            <span>Status: {r.status}</span>
            {canWrite && r.status === 'Planned' ? (
              <button type="button" className={btn.primary} disabled={ship.isPending} onClick={() => ship.mutate()}>
                Move run to Shipping
              </button>
            ) : null}
            {ship.data?.refused.length ? <span role="status">{countOf(ship.data.refused.length, 'order', 'orders')} could not move: {ship.data.refused.map((x) => `#${x.id} ${x.error}`).join('; ')}</span> : null}
          </div>
          <h2 className="text-xl font-bold">
            Run sheet #{r.id} — {r.city}, {r.run_date}
          </h2>
          <p className="mb-3">
            Vehicle {r.vehicle}
            {r.driver ? ` · Driver ${r.driver}` : ''} · {countOf(r.orders.length, 'order', 'orders')}
          </p>
          <table className={printTable} aria-label="Run orders">
            <thead>
              <tr>
                <th>#</th>
                <th>Area</th>
                <th>Order</th>
                <th>Business</th>
                <th>Address</th>
                <th>Phone</th>
                <th>Payment</th>
                <th className="text-right">Total</th>
                <th>Status</th>
                <th className="w-32">Signature</th>
              </tr>
            </thead>
            <tbody>
              {r.orders.map((o, i) => (
                <tr key={o.id}>
                  <td>{i + 1}</td>
                  <td>{o.area ?? ''}</td>
                  <td className="font-mono">{o.order_number}</td>
                  <td>{o.business_name}</td>
                  <td>{o.address}</td>
                  <td>{o.contact_no}</td>
                  <td>{o.payment_mode}</td>
                  <td className="text-right">{rupees(o.total_price)}</td>
                  <td>{o.status}</td>
                  <td className="h-10" />
                </tr>
              ))}
            </tbody>
          </table>
        </article>
      ) : null}
    </PrintFrame>
  );
}
