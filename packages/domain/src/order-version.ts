// Issue 37: an approval binds to the order as the Approver saw it. Every change of a Pending order's
// lines or totals moves its version on; an approve or reject names the version it was shown, and the
// server refuses one the order no longer has. The texts and the description of a change, shared by
// the server (its 409) and the Pending Approvals page (its notice).
import { formatRupees, toPaisa } from './money.ts';

export const ORDER_VERSION_REQUIRED = "Send the order's version as you were shown it (version). Reload Pending Approvals and decide again.";
export const ORDER_VERSION_INVALID = 'The order version must be a whole number of at least 1.';

/**
 * The server's 409 to an approve or reject of a version the order no longer has. `was` is the total
 * of the version the Approver was shown, when the server still knows it (null: it does not).
 */
export function orderChangedText(now: string, was: string | null): string {
  const what =
    was == null
      ? `it now totals ${formatRupees(now)}`
      : toPaisa(was) === toPaisa(now)
        ? `its lines changed and it still totals ${formatRupees(now)}`
        : `it now totals ${formatRupees(now)} (was ${formatRupees(was)})`;
  return `This order was changed after you opened it: ${what}. Review it and decide again.`;
}

interface OrderLike {
  total_price: string;
  order_details: readonly { product_id: number; product_name: string; quantity: number; unit_price: string }[];
}

export interface OrderChange {
  /** "Rs. 86,940 → Rs. 101,430", or null when the total is the same. */
  total: string | null;
  /** One entry per line added, removed or changed, in the order's line order (removed ones last). */
  lines: string[];
}

/** What changed between the order the Approver was shown and the order as it is now. */
export function describeOrderChange(shown: OrderLike, now: OrderLike): OrderChange {
  const before = new Map(shown.order_details.map((l) => [l.product_id, l]));
  const after = new Set(now.order_details.map((l) => l.product_id));
  const lines: string[] = [];
  for (const l of now.order_details) {
    const was = before.get(l.product_id);
    if (!was) lines.push(`${l.product_name}: added (${l.quantity})`);
    else if (was.quantity !== l.quantity) lines.push(`${l.product_name}: ${was.quantity} → ${l.quantity}`);
    else if (toPaisa(was.unit_price) !== toPaisa(l.unit_price)) {
      lines.push(`${l.product_name}: ${formatRupees(was.unit_price)} → ${formatRupees(l.unit_price)} each`);
    }
  }
  for (const l of shown.order_details) if (!after.has(l.product_id)) lines.push(`${l.product_name}: removed (was ${l.quantity})`);
  const total = toPaisa(shown.total_price) === toPaisa(now.total_price) ? null : `${formatRupees(shown.total_price)} → ${formatRupees(now.total_price)}`;
  return { total, lines };
}
