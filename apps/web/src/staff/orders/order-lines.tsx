import { type DeskOrder, type DeskLine, isEditableStatus } from '@shop/domain/order-desk';
import { useState } from 'react';
import { DeskDialog } from './desk-dialog.tsx';
import { rupees } from './desk-format.ts';
import { btn } from './desk-ui.tsx';
import { PickShortForm } from './order-forms.tsx';

interface Props {
  order: DeskOrder;
  canWrite: boolean;
  onChangeLine: (line: DeskLine, v: { quantity: number; reason: string }) => Promise<unknown>;
  error: unknown;
  busy: boolean;
}

/** The order's lines: ordered vs sent, unit price, tax, totals; a line can be picked short before delivery. */
export function OrderLines({ order, canWrite, onChangeLine, error, busy }: Props) {
  const [editing, setEditing] = useState<DeskLine | null>(null);
  const editable = canWrite && isEditableStatus(order.status);
  const num = 'whitespace-nowrap px-2 py-1.5 text-right tabular-nums';
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-sm" aria-label="Order lines">
        <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-2">Product</th>
            <th scope="col" className="px-2 py-2">SKU</th>
            <th scope="col" className="px-2 py-2 text-right">Ordered</th>
            <th scope="col" className="px-2 py-2 text-right">Sent</th>
            <th scope="col" className="px-2 py-2 text-right">Unit price</th>
            <th scope="col" className="px-2 py-2 text-right">Tax / unit</th>
            <th scope="col" className="px-2 py-2 text-right">Total</th>
            {editable ? <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th> : null}
          </tr>
        </thead>
        <tbody>
          {order.lines.map((line) => (
            <tr key={line.id} className={`border-t border-slate-100 ${line.quantity === 0 ? 'text-slate-400 line-through' : ''}`}>
              <td className="px-2 py-1.5">
                {line.product_name}
                {line.change_reason ? <div className="text-xs text-amber-800 no-underline">Changed: {line.change_reason}</div> : null}
              </td>
              <td className="whitespace-nowrap px-2 py-1.5 font-mono text-xs">{line.sku ?? '—'}</td>
              <td className={num}>{line.ordered_quantity}</td>
              <td className={`${num} ${line.quantity !== line.ordered_quantity ? 'font-semibold text-amber-800' : ''}`}>{line.quantity}</td>
              <td className={num}>{rupees(line.unit_price)}</td>
              <td className={num}>{rupees(line.tax)}</td>
              <td className={num}>{rupees(line.total_price)}</td>
              {editable ? (
                <td className="px-2 py-1.5 text-right">
                  {line.quantity > 0 ? (
                    <button type="button" className={`${btn.link} whitespace-nowrap`} aria-label={`Pick short ${line.product_name}`} onClick={() => setEditing(line)}>
                      Pick short
                    </button>
                  ) : null}
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 text-sm">
          <tr>
            <th scope="row" colSpan={6} className="px-2 py-1 text-right font-normal text-slate-600">Before tax</th>
            <td className={num}>{rupees(order.sell_price_total)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={6} className="px-2 py-1 text-right font-normal text-slate-600">Tax</th>
            <td className={num}>{rupees(order.tax_total)}</td>
          </tr>
          <tr>
            <th scope="row" colSpan={6} className="px-2 py-1 text-right">Total</th>
            <td className={`${num} font-semibold`} data-testid="order-total">{rupees(order.total_price)}</td>
          </tr>
        </tfoot>
      </table>
      <DeskDialog open={editing !== null} onOpenChange={(o) => !o && setEditing(null)} title={`Pick short: ${editing?.product_name ?? ''}`} description="Lower the quantity sent, or 0 to remove the line. The buyer sees the change and the reason.">
        {editing ? <PickShortForm line={editing} busy={busy} error={error} onSubmit={(v) => void onChangeLine(editing, v).then(() => setEditing(null), () => undefined)} /> : null}
      </DeskDialog>
    </div>
  );
}
