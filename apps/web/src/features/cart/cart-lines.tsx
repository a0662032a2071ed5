import { type CartLine, removeLine, setQuantity, shownLinePrice } from '@shop/domain/cart';
import { formatRupees } from '@shop/domain/money';
import { lineTotal } from '@shop/domain/order-rules';
import { nextQuantityPrice, PRICE_RULE_LABELS } from '@shop/domain/pricing';
import { Trash2 } from 'lucide-react';
import { ProductImage } from '../../components/ui/product-image.tsx';
import { QuantityControl } from '../../components/ui/quantity-control.tsx';
import { updateCart } from '../../lib/cart-store.ts';

/** SPEC 4: the cart's lines with plus, minus, typed quantity and delete. */
export function CartLines({ lines, missing }: { lines: readonly CartLine[]; missing: readonly number[] }) {
  return (
    <ul className="divide-y rounded-lg border border-slate-200 bg-white" aria-label="Cart items">
      {lines.map((l) => {
        const isMissing = missing.includes(l.product_id);
        const isOut = !isMissing && l.stock <= 0;
        return (
          <li key={l.product_id} className="flex gap-3 p-3" aria-label={l.product_name}>
            <div className="w-16 shrink-0 sm:w-20">
              <ProductImage urlName={l.url_name} alt="" />
            </div>
            <div className="min-w-0 flex-1">
              <p className="text-xs text-slate-600">{l.brand_name}</p>
              <p className="line-clamp-2 text-sm font-semibold">{l.product_name}</p>
              <p className="text-sm">{formatRupees(l.unit_price)} each</p>
              <LinePrice line={l} />
              {isMissing && <p className="text-sm font-semibold text-red-700">This product is no longer available.</p>}
              {isOut && <p className="text-sm font-semibold text-red-700">Out Of Stock</p>}
              <div className="mt-2 flex flex-wrap items-center gap-3">
                <div className="w-36">
                  <QuantityControl
                    label={l.product_name}
                    quantity={l.quantity}
                    stock={isMissing ? undefined : l.stock}
                    onChange={(q) => updateCart((c) => setQuantity(c, l.product_id, q))}
                  />
                </div>
                <button
                  type="button"
                  aria-label={`Delete ${l.product_name}`}
                  className="rounded p-2 text-red-700 hover:bg-red-50"
                  onClick={() => updateCart((c) => removeLine(c, l.product_id))}
                >
                  <Trash2 aria-hidden="true" className="h-5 w-5" />
                </button>
              </div>
            </div>
            <p className="shrink-0 text-right text-sm font-bold whitespace-nowrap">{formatRupees(lineTotal(l.unit_price, l.quantity))}</p>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Issue 36: which price the line is charged (PRICE_RULE_LABELS, the cart's refresh or the prices shown
 * when added) and how many more pieces reach the next Buy More Pay Less price.
 */
function LinePrice({ line }: { line: CartLine }) {
  const rule = line.price_rule ?? shownLinePrice(line)?.rule;
  const next = nextQuantityPrice(line.quantity_prices ?? [], line.quantity);
  if (!rule && !next) return null;
  return (
    <>
      {rule && <p className="text-xs text-slate-600">{PRICE_RULE_LABELS[rule]}</p>}
      {next && (
        <p className="text-xs font-semibold text-emerald-800">
          Add {next.more} more to pay {formatRupees(next.unit_price)} each
        </p>
      )}
    </>
  );
}
