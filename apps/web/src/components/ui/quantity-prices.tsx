import { formatRupees } from '@shop/domain/money';
import type { QuantityTier } from '@shop/domain/pricing';

/** Issue 36: what a Buy More Pay Less price says, written once: "12 or more: Rs. 1,770 each". */
export const quantityPriceText = (tier: QuantityTier) => `${tier.min_quantity} or more: ${formatRupees(tier.unit_price)} each`;

/**
 * Issue 36: the Buy More Pay Less prices a buyer reaches (the row's quantity_prices, which the cart
 * charges), one line each; nothing when there are none. `compact` for a product card.
 */
export function QuantityPrices({ prices, compact = false, className = '' }: { prices: readonly QuantityTier[] | undefined; compact?: boolean; className?: string }) {
  if (!prices || prices.length === 0) return null;
  return (
    <ul aria-label="Buy More Pay Less prices" className={`${compact ? 'text-[11px] leading-tight' : 'text-sm'} font-semibold text-emerald-800 ${className}`}>
      {prices.map((tier) => (
        <li key={tier.min_quantity}>{quantityPriceText(tier)}</li>
      ))}
    </ul>
  );
}
