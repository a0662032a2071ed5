import type { CartLine } from '@shop/domain/cart';
import { formatRupees } from '@shop/domain/money';
import { orderTotals, pricedCartLine } from '@shop/domain/order-rules';
import { minimumOrderRefusal } from '@shop/domain/policy-facts';
import { useSession } from '../../lib/session.tsx';
import { useOrderPolicy } from './use-order-policy.ts';

/**
 * Issue 36, SPEC 9: the minimum order of the buyer's city (set by staff; none until they do), and how
 * much more the cart needs. The server refuses a smaller order with the same sentence.
 */
export function MinimumOrderNotice({ lines }: { lines: readonly CartLine[] }) {
  const { user, isGuest } = useSession();
  const policy = useOrderPolicy(user != null && !isGuest);
  if (!policy?.min_order_value || lines.length === 0) return null;
  const total = orderTotals(lines.map(pricedCartLine)).total;
  const short = minimumOrderRefusal(policy, total);
  if (!short) {
    return (
      <p data-testid="minimum-order" className="mt-3 rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900">
        The minimum order in {policy.city} ({formatRupees(policy.min_order_value)}) is reached.
      </p>
    );
  }
  return (
    <p data-testid="minimum-order" role="status" className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm font-semibold text-amber-950">
      {short}
    </p>
  );
}
