import type { MarketplaceCityProduct, MarketplaceOverview } from '@shop/domain/marketplace-listing';
import { DEFAULT_CITY } from '@shop/domain/constants';
import { MARKETPLACE_TOP_CATEGORY } from '@shop/domain/marketplace-listing';
import { countOf } from '@shop/domain/plural';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { useStaffSession } from '../staff-session.tsx';
import { rupees } from './catalogue-client.ts';
import { MARKETPLACE_KEY, MARKETPLACE_PAGE_SIZE, marketplaceApi } from './marketplace-client.ts';
import { MarketplaceListPanel } from './marketplace-list-panel.tsx';

type City = MarketplaceOverview['cities'][number];

/**
 * Issue 35: what the marketplace (/bmpl) lists in each city (role Catalogue). Per city: how many
 * products it shows and in which categories (a category of Food shows on the city's marketplace home
 * when it has products listed there); list a product or a whole category in chosen cities, take one
 * or a category out of a city. Prices are never typed here: they are the city's (the Prices screen).
 */
export function MarketplacePage() {
  const canWrite = useStaffSession().can('catalogue.write');
  const overview = useQuery({ queryKey: MARKETPLACE_KEY, queryFn: marketplaceApi.overview });
  const [params, setParams] = useSearchParams();
  const data = overview.data;
  const cities = data?.cities ?? [];
  const asked = Number(params.get('city'));
  // The city asked for (?city=), else the one a new visitor starts in (SPEC 2: Lahore), else the first active one.
  const city = cities.find((c) => c.id === asked) ?? cities.find((c) => c.active && c.name === DEFAULT_CITY) ?? cities.find((c) => c.active) ?? cities[0];
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Marketplace listing</h1>
      <p className="max-w-4xl text-sm text-slate-700">
        The marketplace (Buy More Pay Less, /bmpl) shows in each city the storefront products listed there, at that city's prices (set on{' '}
        <Link className={btn.link} to="/staff/prices">
          Prices
        </Link>
        ). Its categories are the categories under {MARKETPLACE_TOP_CATEGORY}: a category appears on a city's marketplace home when products are listed in it there.
        Taking a product out of a city removes its listing there; the product itself stays in the catalogue.
      </p>
      <ErrorLine error={overview.error} />
      {data && data.top_category === null ? (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          There is no top category named {MARKETPLACE_TOP_CATEGORY} yet: the marketplace lists the products under it. Add it on{' '}
          <Link className={btn.link} to="/staff/catalogue/categories">
            Categories and brands
          </Link>
          , with the categories below it.
        </p>
      ) : null}
      {data && cities.length === 0 ? (
        <p role="note" className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          There are no cities yet: the Admin adds them on Cities and areas. The marketplace lists products per city.
        </p>
      ) : null}
      {data && city ? (
        <>
          <CityTabs cities={cities} current={city} onPick={(id) => setParams({ city: String(id) }, { replace: true })} />
          {canWrite ? <MarketplaceListPanel key={city.id} overview={data} cityId={city.id} /> : null}
          <div className="grid items-start gap-3 2xl:grid-cols-[minmax(34rem,1fr)_minmax(0,1.5fr)]">
            <CategoriesPanel overview={data} city={city} canWrite={canWrite} />
            <ListedPanel key={city.id} overview={data} city={city} canWrite={canWrite} />
          </div>
        </>
      ) : null}
    </div>
  );
}

/** The cities as buttons, each with what its marketplace shows; the pressed one is the city below. */
function CityTabs({ cities, current, onPick }: { cities: readonly City[]; current: City; onPick: (id: number) => void }) {
  return (
    <nav aria-label="Cities">
      <ul className="flex flex-wrap gap-2">
        {cities.map((c) => (
          <li key={c.id}>
            <button
              type="button"
              aria-pressed={c.id === current.id}
              onClick={() => onPick(c.id)}
              className={`flex min-w-40 flex-col items-start rounded border px-3 py-2 text-left text-sm ${c.id === current.id ? 'border-sky-700 bg-sky-50 ring-1 ring-sky-700' : 'border-slate-300 bg-white hover:bg-slate-50'}`}
            >
              <span className="font-semibold">
                {c.name}
                {c.active ? null : <span className="ms-1 text-xs font-normal text-slate-500">(inactive)</span>}
              </span>
              <span className="text-slate-700">{countOf(c.listed, 'product', 'products')} · {countOf(c.categories, 'category', 'categories')}</span>
              {c.hidden > 0 ? <span className="text-xs text-slate-500">{countOf(c.hidden, 'hidden: its product is inactive', 'hidden: their products are inactive')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Food's categories with the products each city shows in them; list or take out a whole category in the city. */
function CategoriesPanel({ overview, city, canWrite }: { overview: MarketplaceOverview; city: City; canWrite: boolean }) {
  const client = useQueryClient();
  const [done, setDone] = useState<string | null>(null);
  // Taking a whole category out asks once more, naming how many listings go.
  const [confirming, setConfirming] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: async (input: { action: 'list' | 'unlist'; id: number; path: string }) => {
      if (input.action === 'list') {
        const r = await marketplaceApi.list({ city_ids: [city.id], category_id: input.id });
        return `${input.path}: ${countOf(r.listed, 'product', 'products')} listed in ${city.name}${r.skipped_total ? `; ${countOf(r.skipped_total, 'product', 'products')} left out (inactive, or not in a category of ${MARKETPLACE_TOP_CATEGORY})` : ''}.`;
      }
      const r = await marketplaceApi.unlist({ city_ids: [city.id], category_id: input.id });
      return `${input.path}: ${countOf(r.removed, 'product', 'products')} taken out of ${city.name}.`;
    },
    onMutate: () => {
      setDone(null);
      setConfirming(null);
    },
    onSuccess: async (text) => {
      setDone(text);
      await client.invalidateQueries({ queryKey: MARKETPLACE_KEY });
    },
  });
  const listedHere = (c: MarketplaceOverview['categories'][number]) => c.listed[String(city.id)] ?? 0;
  return (
    <Panel title={`Categories in ${city.name}`}>
      <div className="flex flex-col gap-2 text-sm">
        {done ? <p role="status" className="text-emerald-800">{done}</p> : null}
        <ErrorLine error={change.error} />
        {overview.categories.length === 0 ? <p className="text-slate-600">No categories under {MARKETPLACE_TOP_CATEGORY} yet.</p> : null}
        {overview.categories.length > 0 ? (
          <div className="max-h-[36rem] overflow-auto rounded border border-slate-100">
            <table className="w-full border-collapse" aria-label={`Categories in ${city.name}`}>
              <thead className="sticky top-0 bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-2 py-1">Category</th>
                  <th scope="col" className="px-2 py-1 text-right">Products</th>
                  <th scope="col" className="whitespace-nowrap px-2 py-1 text-right">Listed here</th>
                  <th scope="col" className="px-2 py-1"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {overview.categories.map((c) => {
                  const n = listedHere(c);
                  return (
                    <tr key={c.id} className="border-t border-slate-100">
                      <td className="px-2 py-1" style={{ paddingInlineStart: `${0.5 + (c.level - 1) * 0.9}rem` }}>
                        <span className={`whitespace-nowrap ${c.level <= 2 ? 'font-medium' : ''}`}>{c.name}</span>
                        {c.level === 2 ? <span className="block whitespace-nowrap text-xs text-slate-500">{n > 0 ? 'on the marketplace home' : 'not on the marketplace home'}</span> : null}
                      </td>
                      <td className="px-2 py-1 text-right tabular-nums">{c.products}</td>
                      <td className={`px-2 py-1 text-right tabular-nums ${n > 0 ? 'font-semibold' : 'text-slate-400'}`}>{n}</td>
                      <td className="whitespace-nowrap px-2 py-1 text-right">
                        {canWrite ? (
                          <>
                            <button type="button" className={btn.link} disabled={change.isPending || c.products === 0} aria-label={`List all of ${c.path} in ${city.name}`} onClick={() => change.mutate({ action: 'list', id: c.id, path: c.path })}>
                              List all
                            </button>
                            {n > 0 && confirming !== c.id ? (
                              <button type="button" className={`${btn.link} ms-3`} disabled={change.isPending} aria-label={`Take all of ${c.path} out of ${city.name}`} onClick={() => setConfirming(c.id)}>
                                Take out
                              </button>
                            ) : null}
                            {n > 0 && confirming === c.id ? (
                              <span className="ms-3 inline-flex items-center gap-2">
                                <button type="button" className={btn.danger} disabled={change.isPending} onClick={() => change.mutate({ action: 'unlist', id: c.id, path: c.path })}>
                                  Take {countOf(n, 'product', 'products')} out of {city.name}
                                </button>
                                <button type="button" className={btn.link} onClick={() => setConfirming(null)}>
                                  Cancel
                                </button>
                              </span>
                            ) : null}
                          </>
                        ) : null}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}

/** The city's listed products by name, a page at a time, found by SKU or name and narrowed to a category. */
function ListedPanel({ overview, city, canWrite }: { overview: MarketplaceOverview; city: City; canWrite: boolean }) {
  const client = useQueryClient();
  const [text, setText] = useState('');
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [offset, setOffset] = useState(0);
  const search = text.trim();
  const page = useQuery({
    queryKey: [...MARKETPLACE_KEY, city.id, search, categoryId, offset],
    queryFn: () => marketplaceApi.cityProducts(city.id, { search, category_id: categoryId, offset }),
    placeholderData: keepPreviousData,
  });
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (p: MarketplaceCityProduct) => marketplaceApi.unlist({ city_ids: [city.id], marketplace_product_ids: [p.marketplace_product_id] }),
    onMutate: () => setDone(null),
    onSuccess: async (_r, p) => {
      setDone(`${p.name} taken out of ${city.name}.`);
      await client.invalidateQueries({ queryKey: MARKETPLACE_KEY });
    },
  });
  const total = page.data?.total ?? 0;
  const products = page.data?.products ?? [];
  return (
    <Panel title={`Listed in ${city.name}`}>
      <div className="flex flex-col gap-2 text-sm">
        <div className="flex flex-wrap items-end gap-2">
          <label className="flex flex-col gap-1 font-medium">
            Find (SKU or name)
            <input
              className={`${field} w-64`}
              value={text}
              maxLength={200}
              onChange={(e) => {
                setText(e.target.value);
                setOffset(0);
              }}
            />
          </label>
          <label className="flex flex-col gap-1 font-medium">
            Category
            <select
              className={`${field} max-w-72`}
              value={categoryId ?? ''}
              onChange={(e) => {
                setCategoryId(e.target.value ? Number(e.target.value) : null);
                setOffset(0);
              }}
            >
              <option value="">All</option>
              {overview.categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.path}
                </option>
              ))}
            </select>
          </label>
        </div>
        {done ? <p role="status" className="text-emerald-800">{done}</p> : null}
        <ErrorLine error={page.error ?? remove.error} />
        {page.isSuccess && total === 0 ? (
          <p className="text-slate-600">{search || categoryId ? 'Nothing listed here matches.' : `Nothing is listed in ${city.name} yet: list products above.`}</p>
        ) : null}
        {products.length > 0 ? (
          <div className="overflow-x-auto rounded border border-slate-100">
            <table className="w-full border-collapse" aria-label={`Products listed in ${city.name}`}>
              <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
                <tr>
                  <th scope="col" className="px-2 py-1">SKU</th>
                  <th scope="col" className="px-2 py-1">Product</th>
                  <th scope="col" className="px-2 py-1">Category</th>
                  <th scope="col" className="px-2 py-1 text-right">Price</th>
                  <th scope="col" className="px-2 py-1 text-right">Stock</th>
                  <th scope="col" className="px-2 py-1"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {products.map((p) => (
                  <tr key={p.marketplace_product_id} className={`border-t border-slate-100 ${p.shown ? '' : 'text-slate-400'}`}>
                    <td className="px-2 py-1 font-mono text-xs">{p.sku ?? <span className="font-sans text-slate-500">marketplace only</span>}</td>
                    <td className="px-2 py-1">
                      {p.name}
                      {p.shown ? null : <span className="ms-1 text-xs">(hidden: the product is inactive)</span>}
                    </td>
                    <td className="px-2 py-1 text-slate-600">{p.category}</td>
                    <td className="whitespace-nowrap px-2 py-1 text-right tabular-nums">
                      {rupees(p.sale_price ?? p.price)}
                      {p.discount_threshold !== null && p.discount_price !== null ? (
                        <span className="block text-xs text-slate-500">
                          {p.discount_threshold}+ pieces: {rupees(p.discount_price)}
                        </span>
                      ) : null}
                    </td>
                    <td className="px-2 py-1 text-right tabular-nums">{p.stock}</td>
                    <td className="whitespace-nowrap px-2 py-1 text-right">
                      {canWrite ? (
                        <button type="button" className={btn.link} disabled={remove.isPending} aria-label={`Take ${p.name} out of ${city.name}`} onClick={() => remove.mutate(p)}>
                          Take out
                        </button>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
        {total > MARKETPLACE_PAGE_SIZE ? (
          <div className="flex items-center gap-2">
            <span className="text-slate-600">
              {offset + 1}–{Math.min(offset + MARKETPLACE_PAGE_SIZE, total)} of {total}
            </span>
            <button type="button" className={btn.secondary} disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - MARKETPLACE_PAGE_SIZE))}>
              Previous
            </button>
            <button type="button" className={btn.secondary} disabled={offset + MARKETPLACE_PAGE_SIZE >= total} onClick={() => setOffset(offset + MARKETPLACE_PAGE_SIZE)}>
              Next
            </button>
          </div>
        ) : null}
      </div>
    </Panel>
  );
}
