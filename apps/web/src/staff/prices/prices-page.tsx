import { formatKarachiDateTime } from '@shop/domain/karachi-time';
import { AddPriceInputSchema, PRICE_KIND_LABELS, PRICE_KINDS, type PriceKind, type StaffPrice } from '@shop/domain/prices';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { money } from '../finance/finance-format.ts';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { Picker } from './picker.tsx';
import { pricesApi } from './prices-client.ts';
import { useCityNames } from '../../lib/city.ts';

const STATUS_TONE: Record<StaffPrice['status'], string> = {
  current: 'bg-emerald-100 text-emerald-900',
  scheduled: 'bg-sky-100 text-sky-900',
  ended: 'bg-slate-200 text-slate-700',
};

/**
 * Issue 19: customer prices, city prices and Buy More Pay Less thresholds, each with its period. Money
 * is never edited here: a price is ended and a new one added (the server ends the one in effect).
 */
export function PricesPage() {
  const [kind, setKind] = useState<PriceKind>('customer');
  const [search, setSearch] = useState('');
  const [text, setText] = useState('');
  const [includeEnded, setIncludeEnded] = useState(false);
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'prices', kind, search, includeEnded], queryFn: () => pricesApi.list(kind, search, includeEnded) });
  const end = useMutation({
    mutationFn: (p: StaffPrice) => pricesApi.end(p.kind, p.id),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'prices'] }),
  });
  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Prices</h1>
        <Link className={`${btn.secondary} ml-auto`} to="/staff/prices/check">
          Price check
        </Link>
      </header>
      <fieldset className="flex flex-wrap gap-4">
        <legend className="sr-only">Kind of price</legend>
        {PRICE_KINDS.map((k) => (
          <label key={k} className="flex items-center gap-1.5 text-sm font-medium">
            <input type="radio" name="price-kind" value={k} checked={kind === k} onChange={() => setKind(k)} />
            {PRICE_KIND_LABELS[k]}
          </label>
        ))}
      </fieldset>
      <form
        role="search"
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setSearch(text.trim());
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Product, SKU{kind === 'customer' ? ' or business' : ''}
          <input className={`${field} w-72`} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className={btn.primary}>
          Filter
        </button>
        <label className="flex items-center gap-1.5 text-sm">
          <input type="checkbox" checked={includeEnded} onChange={(e) => setIncludeEnded(e.target.checked)} />
          Show ended prices
        </label>
      </form>
      <ErrorLine error={list.error ?? end.error} />
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label={PRICE_KIND_LABELS[kind]}>
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">Product</th>
              <th scope="col" className="px-2 py-2">{kind === 'customer' ? 'Business' : 'City'}</th>
              {kind === 'quantity' ? <th scope="col" className="px-2 py-2 text-right">From pieces</th> : null}
              <th scope="col" className="px-2 py-2 text-right">Price</th>
              <th scope="col" className="px-2 py-2 text-right">List price</th>
              <th scope="col" className="px-2 py-2">From</th>
              <th scope="col" className="px-2 py-2">Until</th>
              <th scope="col" className="px-2 py-2">Status</th>
              <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((p) => (
              <tr key={p.id} className="border-t border-slate-100">
                <td className="px-2 py-1.5">
                  {p.product_name} <span className="text-xs text-slate-500">{p.sku}</span>
                </td>
                <td className="px-2 py-1.5">{p.kind === 'customer' ? p.business_name : p.city}</td>
                {kind === 'quantity' ? <td className="px-2 py-1.5 text-right tabular-nums">{p.min_quantity}</td> : null}
                <td className="px-2 py-1.5 text-right tabular-nums">{money(p.price)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums text-slate-500">{money(p.list_price)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{formatKarachiDateTime(p.starts_at)}</td>
                <td className="px-2 py-1.5 whitespace-nowrap">{p.ends_at ? formatKarachiDateTime(p.ends_at) : '—'}</td>
                <td className="px-2 py-1.5">
                  <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${STATUS_TONE[p.status]}`}>{p.status}</span>
                </td>
                <td className="px-2 py-1.5 text-right">
                  {p.status !== 'ended' ? (
                    <button type="button" className={btn.secondary} disabled={end.isPending} aria-label={`End price of ${p.product_name} (${money(p.price)})`} onClick={() => end.mutate(p)}>
                      {p.status === 'scheduled' ? 'Withdraw' : 'End now'}
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && list.data.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No prices of this kind{search ? ` match “${search}”` : ''}.</p> : null}
        {list.isPending ? <p className="p-6 text-center text-sm text-slate-500">Loading…</p> : null}
      </div>
      <AddPriceForm kind={kind} />
    </div>
  );
}

function AddPriceForm({ kind }: { kind: PriceKind }) {
  const client = useQueryClient();
  const [businessId, setBusinessId] = useState<number | null>(null);
  const [productId, setProductId] = useState<number | null>(null);
  const cityNames = useCityNames();
  const [chosenCity, setCity] = useState('');
  const city = chosenCity || cityNames[0] || '';
  const [minQuantity, setMinQuantity] = useState('10');
  const [price, setPrice] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [endsAt, setEndsAt] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const add = useMutation({
    mutationFn: pricesApi.add,
    onSuccess: () => {
      setPrice('');
      setStartsAt('');
      setEndsAt('');
      return client.invalidateQueries({ queryKey: ['staff', 'prices'] });
    },
  });
  const submit = () => {
    setProblem(null);
    const raw: Record<string, unknown> = { kind, product_id: productId ?? 0, price };
    if (kind === 'customer') raw.business_id = businessId ?? 0;
    else raw.city = city;
    if (kind === 'quantity') raw.min_quantity = Number(minQuantity);
    if (startsAt) raw.starts_at = startsAt;
    if (endsAt) raw.ends_at = endsAt;
    // The very schema the server checks (packages/domain prices.ts).
    const parsed = AddPriceInputSchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(productId == null ? 'Choose a product first.' : kind === 'customer' && businessId == null ? 'Choose a business first.' : `${String(issue?.path[0] ?? 'Input')}: ${issue?.message}`);
      return;
    }
    add.mutate(raw as never);
  };
  return (
    <Panel title={`Add a ${kind === 'quantity' ? 'threshold' : 'price'}`}>
      <form
        aria-label="Add a price"
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        {kind === 'customer' ? <Picker label="Business" find={pricesApi.businesses} value={businessId} onChange={setBusinessId} /> : null}
        <Picker label="Product" find={pricesApi.products} value={productId} onChange={setProductId} />
        <div className="flex flex-wrap items-end gap-3">
          {kind !== 'customer' ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              City
              <select className={field} value={city} onChange={(e) => setCity(e.target.value)}>
                {cityNames.map((c) => (
                  <option key={c}>{c}</option>
                ))}
              </select>
            </label>
          ) : null}
          {kind === 'quantity' ? (
            <label className="flex flex-col gap-1 text-sm font-medium">
              From pieces
              <input className={`${field} w-24`} inputMode="numeric" value={minQuantity} onChange={(e) => setMinQuantity(e.target.value)} />
            </label>
          ) : null}
          <label className="flex flex-col gap-1 text-sm font-medium">
            {kind === 'quantity' ? 'Price per piece (Rs.)' : 'Price (Rs.)'}
            <input className={`${field} w-32`} inputMode="decimal" autoComplete="off" value={price} onChange={(e) => setPrice(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Starts (Pakistan time, empty: now)
            <input type="datetime-local" className={field} value={startsAt} onChange={(e) => setStartsAt(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Ends (empty: until ended)
            <input type="datetime-local" className={field} value={endsAt} onChange={(e) => setEndsAt(e.target.value)} />
          </label>
          <button type="submit" className={btn.primary} disabled={add.isPending}>
            Add price
          </button>
        </div>
        {problem ? (
          <p role="alert" className="text-sm text-rose-800">
            {problem}
          </p>
        ) : null}
        <ErrorLine error={add.error} />
        {add.isSuccess ? (
          <p role="status" className="text-sm text-emerald-800">
            Added: {money(add.data.price)} from {formatKarachiDateTime(add.data.starts_at)}.
          </p>
        ) : null}
      </form>
    </Panel>
  );
}
