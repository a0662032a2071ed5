import type { MarketplaceCandidate, MarketplaceListResult, MarketplaceOverview } from '@shop/domain/marketplace-listing';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { StaffCombobox } from '../combobox.tsx';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { rupees } from './catalogue-client.ts';
import { listedWords, MARKETPLACE_KEY, marketplaceApi } from './marketplace-client.ts';

/**
 * Issue 35: list storefront products in the marketplace of the chosen cities: one found by SKU or
 * name, or a whole category of Food in one action. The server makes the marketplace product from the
 * product and prices each city by the one price rule; it refuses (with the reason) what it cannot
 * list, and the finder shows that reason, and where a product is listed, before it is asked.
 */
export function MarketplaceListPanel({ overview, cityId }: { overview: MarketplaceOverview; cityId: number }) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<Set<number>>(() => new Set([cityId]));
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [done, setDone] = useState<{ text: string; result: MarketplaceListResult } | null>(null);
  const cityIds = [...chosen].filter((id) => overview.cities.some((c) => c.id === id));
  const cityNames = overview.cities.filter((c) => chosen.has(c.id)).map((c) => c.name);
  const options = useMemo(() => overview.categories.map((c) => ({ id: c.id, label: c.path })), [overview.categories]);
  const list = useMutation({
    mutationFn: (input: { product_ids: number[]; what: string } | { category_id: number; what: string }) => {
      const { what: _, ...which } = input;
      return marketplaceApi.list({ city_ids: cityIds, ...which });
    },
    onSuccess: async (result, input) => {
      setDone({ text: listedWords(result, cityNames, input.what), result });
      await client.invalidateQueries({ queryKey: MARKETPLACE_KEY });
    },
    onMutate: () => setDone(null),
  });
  const toggle = (id: number) =>
    setChosen((was) => {
      const next = new Set(was);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const category = overview.categories.find((c) => c.id === categoryId);
  return (
    <Panel title="List products in the marketplace">
      <div className="flex flex-col gap-3 text-sm">
        <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <legend className="mb-1 font-medium">In the cities</legend>
          {overview.cities.map((c) => (
            <label key={c.id} className="flex items-center gap-1.5">
              <input type="checkbox" checked={chosen.has(c.id)} onChange={() => toggle(c.id)} />
              {c.name}
              {c.active ? null : <span className="text-xs text-slate-500">(inactive)</span>}
            </label>
          ))}
        </fieldset>
        {cityIds.length === 0 ? <p className="text-amber-800">Choose at least one city.</p> : null}
        {done ? (
          <div role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-emerald-900">
            <p>{done.text}</p>
            {done.result.skipped.length > 0 ? (
              <ul className="mt-1 list-disc ps-5 text-slate-800">
                {done.result.skipped.map((s) => (
                  <li key={s.product_id}>{s.reason}</li>
                ))}
                {done.result.skipped_total > done.result.skipped.length ? <li>… and {done.result.skipped_total - done.result.skipped.length} more.</li> : null}
              </ul>
            ) : null}
          </div>
        ) : null}
        <ErrorLine error={list.error} />
        <div className="grid gap-4 xl:grid-cols-2">
          <ProductFinder cities={overview.cities} chosen={chosen} busy={list.isPending || cityIds.length === 0} onList={(p) => list.mutate({ product_ids: [p.id], what: p.name })} />
          <div className="flex flex-col gap-2">
            <StaffCombobox label="A whole category" options={options} value={categoryId} onChange={setCategoryId} placeholder="Type a category's name" className="w-full max-w-md" />
            {category ? (
              <p className="text-slate-600">
                {category.products} active {category.products === 1 ? 'product' : 'products'} in {category.path} and below.
              </p>
            ) : null}
            <div>
              <button
                type="button"
                className={btn.primary}
                disabled={!category || cityIds.length === 0 || list.isPending}
                onClick={() => category && list.mutate({ category_id: category.id, what: category.path })}
              >
                List its products in {cityNames.length === 1 ? cityNames[0] : `${cityNames.length} cities`}
              </button>
            </div>
          </div>
        </div>
      </div>
    </Panel>
  );
}

/**
 * Find a storefront product by SKU or words of its name and list it: each found product says where it
 * is listed already, and one that cannot be listed says why (the server's reason).
 */
function ProductFinder({ cities, chosen, busy, onList }: { cities: MarketplaceOverview['cities']; chosen: ReadonlySet<number>; busy: boolean; onList: (p: MarketplaceCandidate) => void }) {
  const [text, setText] = useState('');
  const search = text.trim();
  const found = useQuery({
    queryKey: [...MARKETPLACE_KEY, 'candidates', search],
    queryFn: () => marketplaceApi.candidates(search),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
  const nameOf = new Map(cities.map((c) => [c.id, c.name]));
  const chosenNames = cities.filter((c) => chosen.has(c.id)).map((c) => c.name);
  const where = chosenNames.length === 1 ? chosenNames[0] : `${chosenNames.length} cities`;
  return (
    <div className="flex flex-col gap-2">
      <label className="flex flex-col gap-1 font-medium">
        A product (SKU or name)
        <input className={`${field} w-full max-w-md`} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      </label>
      {search.length >= 2 && found.data ? (
        <ul className="flex flex-col gap-1.5" aria-label="Products found">
          {found.data.length === 0 ? <li className="text-slate-500">No product matches.</li> : null}
          {found.data.map((p) => {
            const everywhere = chosen.size > 0 && [...chosen].every((id) => p.listed_city_ids.includes(id));
            return (
              <li key={p.id} className="flex items-start gap-2">
                <button
                  type="button"
                  className={`${btn.secondary} w-16 shrink-0`}
                  disabled={busy || p.refusal !== null || everywhere}
                  aria-label={`List ${p.name} in ${where}`}
                  onClick={() => onList(p)}
                >
                  {everywhere ? 'Listed' : 'List'}
                </button>
                <span>
                  <span className="font-mono text-xs">{p.sku}</span> {p.name} <span className="text-slate-500">· {p.category} · {rupees(p.price)}</span>
                  {p.listed_city_ids.length > 0 ? (
                    <span className="block text-xs text-slate-600">Listed in {p.listed_city_ids.map((id) => nameOf.get(id) ?? id).join(', ')}</span>
                  ) : null}
                  {p.refusal ? <span className="block text-xs text-amber-800">{p.refusal}</span> : null}
                </span>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
