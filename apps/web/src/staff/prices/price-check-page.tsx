import { MAX_ORDER_QUANTITY } from '@shop/domain/order-rules';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { money } from '../finance/finance-format.ts';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { Picker } from './picker.tsx';
import { pricesApi } from './prices-client.ts';
import { useCityNames } from '../../lib/city.ts';

/**
 * Issue 19: what the cart charges a business for a product at a quantity in a city, and which rule
 * produced it. The server answers with the very function the cart and order placement use.
 */
export function PriceCheckPage() {
  const [businessId, setBusinessId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const [quantity, setQuantity] = useState('1');
  const [city, setCity] = useState('');
  const cityNames = useCityNames();
  const [problem, setProblem] = useState<string | null>(null);
  const check = useMutation({ mutationFn: pricesApi.check });
  const submit = () => {
    setProblem(null);
    const q = Number(quantity);
    if (productId == null) return setProblem('Choose a product first.');
    if (!Number.isInteger(q) || q < 1 || q > MAX_ORDER_QUANTITY) return setProblem(`Quantity must be a whole number from 1 to ${MAX_ORDER_QUANTITY}.`);
    check.mutate({ product_id: productId, quantity: q, ...(businessId != null ? { business_id: businessId } : {}), ...(city ? { city } : {}) });
  };
  const answer = check.data;
  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Price check</h1>
        <Link className={`${btn.secondary} ml-auto`} to="/staff/prices">
          Prices
        </Link>
      </header>
      <Panel title="What does the cart charge?">
        <form
          aria-label="Price check"
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <Picker label="Business" find={pricesApi.businesses} value={businessId} onChange={setBusinessId} />
          <Picker label="Product" find={pricesApi.products} value={productId} onChange={setProductId} />
          <div className="flex flex-wrap items-end gap-3">
            <label className="flex flex-col gap-1 text-sm font-medium">
              Quantity
              <input className={`${field} w-24`} inputMode="numeric" value={quantity} onChange={(e) => setQuantity(e.target.value)} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              City
              <select className={field} value={city} onChange={(e) => setCity(e.target.value)}>
                <option value="">The business's own city</option>
                {cityNames.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
            <button type="submit" className={btn.primary} disabled={check.isPending}>
              Check price
            </button>
          </div>
          {problem ? (
            <p role="alert" className="text-sm text-rose-800">
              {problem}
            </p>
          ) : null}
          <ErrorLine error={check.error} />
        </form>
      </Panel>
      {answer ? (
        <section aria-label="Price check answer" className="rounded border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="text-lg font-semibold">
            Unit price: <output>{money(answer.unit_price)}</output>
          </p>
          <p>
            Rule: <strong>{answer.rule_label}</strong>
          </p>
          <p>
            {answer.quantity} × {money(answer.unit_price)} = <strong>{money(answer.line_total)}</strong> (tax included: {money(answer.unit_tax)} per piece)
          </p>
          <p className="text-slate-600">
            {answer.product_name} for {answer.business_name ?? 'a guest'}, priced in {answer.city ?? 'no city'}.
            {answer.business_city && answer.city !== answer.business_city ? ` This business's cart is charged in ${answer.business_city}.` : ''}
          </p>
        </section>
      ) : null}
    </div>
  );
}
