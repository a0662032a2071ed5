import { formatRupees } from '@shop/domain/money';
import { displayPrice, type PriceFields, salePercent } from '@shop/domain/pricing';

/** SPEC 9: the displayed price (customer-specific, else sale, else list), with the old price struck on sale. */
export function Price({ product, className = '' }: { product: PriceFields; className?: string }) {
  const shown = displayPrice(product);
  const isReduced = shown !== displayPrice({ ...product, customer_specific_pricing: null, sale: false });
  return (
    <span className={`flex flex-wrap items-baseline gap-x-2 ${className}`}>
      <span className="font-bold text-slate-900" data-testid="price">{formatRupees(shown)}</span>
      {isReduced && (
        <s className="text-sm text-slate-500">
          <span className="sr-only">was </span>
          {formatRupees(product.price)}
        </s>
      )}
    </span>
  );
}

export function SaleBadge({ product }: { product: Pick<PriceFields, 'price' | 'sale' | 'sale_price'> }) {
  const percent = salePercent(product);
  if (percent == null) return null;
  return <span className="rounded bg-sale px-1.5 py-0.5 text-xs font-bold text-white">SALE {percent}% OFF</span>;
}
