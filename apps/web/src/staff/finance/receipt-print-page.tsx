import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { karachiDateTime } from '../orders/desk-format.ts';
import { ErrorLine } from '../orders/desk-ui.tsx';
import { PrintFrame, printTable } from '../orders/print/print-frame.tsx';
import { financeApi } from './finance-client.ts';
import { money } from './finance-format.ts';

/** Issue 18: the printable receipt the business gets (A4, black on white). */
export function ReceiptPrintPage() {
  const id = Number(useParams().id);
  const receipt = useQuery({ queryKey: ['staff', 'finance', 'receipt', id], queryFn: () => financeApi.receipt(id) });
  const r = receipt.data;
  return (
    <PrintFrame title={r ? `Receipt ${r.receipt_number}` : 'Receipt'} ready={receipt.isSuccess}>
      <ErrorLine error={receipt.error} />
      {r ? (
        <article className="print-page max-w-2xl">
          <p className="text-sm uppercase tracking-wide">Wholesale Shop · Payment receipt</p>
          <h2 className="mt-1 text-2xl font-bold">{r.receipt_number}</h2>
          {r.state === 'Reversed' || r.state === 'Cheque bounced' ? <p className="mt-2 border-2 border-black p-2 font-bold uppercase">{r.state}: {r.undo_reason}</p> : null}
          <dl className="mt-4 grid grid-cols-[12rem_1fr] gap-y-1 text-sm">
            <dt>Received from</dt>
            <dd className="font-semibold">{r.business_name} (#{r.business_id})</dd>
            <dt>Amount</dt>
            <dd className="text-lg font-bold">{money(r.amount)}</dd>
            <dt>Method</dt>
            <dd>{r.method}</dd>
            {r.cheque_number ? (
              <>
                <dt>Cheque</dt>
                <dd>
                  No. {r.cheque_number}, {r.cheque_bank}, dated {r.cheque_date} ({r.state === 'Cheque cleared' ? 'cleared' : r.state === 'Cheque pending' ? 'subject to clearing' : r.state.toLowerCase()})
                </dd>
              </>
            ) : null}
            {r.reference ? (
              <>
                <dt>Reference</dt>
                <dd>{r.reference}</dd>
              </>
            ) : null}
            <dt>Received on</dt>
            <dd>{r.received_on}</dd>
            <dt>Recorded</dt>
            <dd>
              {karachiDateTime(r.created_at)} (PKT) by {r.recorded_by}
            </dd>
            {r.note ? (
              <>
                <dt>Note</dt>
                <dd>{r.note}</dd>
              </>
            ) : null}
          </dl>
          <h3 className="mt-5 font-semibold">Applied to</h3>
          <table className={`${printTable} mt-1`}>
            <thead>
              <tr>
                <th>Invoice</th>
                <th className="text-right">Amount</th>
              </tr>
            </thead>
            <tbody>
              {r.allocations.map((x) => (
                <tr key={x.ledger_id}>
                  <td>{x.invoice_number ?? `Entry ${x.ledger_id}`}</td>
                  <td className="text-right">{money(x.amount)}</td>
                </tr>
              ))}
              <tr>
                <td>Credit on account</td>
                <td className="text-right">{money(r.unapplied)}</td>
              </tr>
            </tbody>
          </table>
          <p className="mt-10 w-64 border-t border-black pt-1 text-sm">Signature</p>
        </article>
      ) : null}
    </PrintFrame>
  );
}
