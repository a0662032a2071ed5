import type { MarketplaceCityRecord } from '@shop/domain/marketplace';
import { marketplacePriceDisplay } from '@shop/domain/marketplace-rules';
import { formatRupees } from '@shop/domain/money';

/**
 * SPEC 2 price display. Without discount_threshold: Net Price, Tax Include, Gross Sell Price (old
 * price struck on sale). With it: the two-row table 'x1 Piece' / 'x{threshold} Pieces', With Tax, PKR.
 */
export function PriceBlock({ record }: { record: MarketplaceCityRecord }) {
  const d = marketplacePriceDisplay(record);
  if (d.kind === 'threshold') {
    return (
      <table className="w-full max-w-md border-collapse text-sm" aria-label="Price per quantity">
        <thead>
          <tr className="bg-slate-100 text-left">
            <th scope="col" className="border border-slate-200 px-2 py-1.5">Quantity</th>
            <th scope="col" className="border border-slate-200 px-2 py-1.5">Unit Price</th>
            <th scope="col" className="border border-slate-200 px-2 py-1.5">Total</th>
          </tr>
        </thead>
        <tbody>
          {d.rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="border border-slate-200 px-2 py-1.5 text-left font-semibold">{row.label}</th>
              <td className="border border-slate-200 px-2 py-1.5">
                {formatRupees(row.unitPrice, 'PKR')} <span className="text-xs text-slate-600">With Tax</span>
              </td>
              <td className="border border-slate-200 px-2 py-1.5 font-bold">
                {formatRupees(row.total, 'PKR')} <span className="text-xs font-normal text-slate-600">With Tax</span>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    );
  }
  return (
    <dl className="grid max-w-sm grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      <dt className="text-slate-600">Net Price</dt>
      <dd data-testid="net-price">{formatRupees(d.netPrice)}</dd>
      <dt className="text-slate-600">Tax Include</dt>
      <dd data-testid="tax-include">{formatRupees(d.taxInclude)}</dd>
      <dt className="font-semibold">Gross Sell Price</dt>
      <dd className="flex flex-wrap items-baseline gap-2">
        <span className="text-xl font-bold" data-testid="gross-price">{formatRupees(d.grossSellPrice)}</span>
        {d.oldPrice && (
          <s className="text-slate-500">
            <span className="sr-only">was </span>
            {formatRupees(d.oldPrice)}
          </s>
        )}
      </dd>
    </dl>
  );
}
