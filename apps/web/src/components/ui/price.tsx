import { formatRupees, toPaisa } from '@shop/domain/money';
import { displayPrice, type PriceFields, saleBadgePercent } from '@shop/domain/pricing';

/**
 * SPEC 9 and issue 36: the displayed price, what the cart charges for one piece (customer-specific,
 * else the city's, else sale, else list), with the price it is below struck (the city's or the list
 * price) when a locked or sale price is shown.
 */
export function Price({ product, className = '' }: { product: PriceFields; className?: string }) {
  const shown = displayPrice(product);
  const before = displayPrice({ ...product, customer_specific_pricing: null, sale: false });
  const isReduced = toPaisa(shown) < toPaisa(before);
  return (
    <span className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-bold text-slate-900" data-testid="price">{formatRupees(shown)}</span>
      {isReduced && (
        <s className="text-sm text-slate-500">
          <span className="sr-only">was </span>
          {formatRupees(before)}
        </s>
      )}
    </span>
  );
}

/** SPEC 9: SALE badge with percent off, when the sale price is the price shown and a reduction (pricing.ts saleBadgePercent). */
export function SaleBadge({ product }: { product: Pick<PriceFields, 'price' | 'sale' | 'sale_price'> & Partial<PriceFields> }) {
  const percent = saleBadgePercent(product);
  if (percent == null) return null;
  return <span className="rounded bg-sale px-1.5 py-0.5 text-xs font-bold text-white">SALE {percent}% OFF</span>;
}
