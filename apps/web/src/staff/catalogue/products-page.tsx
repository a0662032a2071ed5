import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { btn, ErrorLine, field } from '../orders/desk-ui.tsx';
import { catalogueApi, cataloguePaths, rupees } from './catalogue-client.ts';

/** Issue 19: the Catalogue person finds a product by SKU or words of its name and opens it. */
export function ProductsPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const offset = Number(params.get('offset') ?? 0) || 0;
  const [text, setText] = useState(search);
  const list = useQuery({ queryKey: ['staff', 'catalogue', 'products', search, offset], queryFn: () => catalogueApi.products(search, offset) });
  const page = list.data;
  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Products</h1>
        <Link className={`${btn.secondary} ml-auto`} to={cataloguePaths.imports}>
          Import or export CSV
        </Link>
      </header>
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { search: text.trim() } : {});
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          SKU or product name
          <input className={`${field} w-96`} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className={btn.primary}>
          Find
        </button>
      </form>
      <ErrorLine error={list.error} />
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Products">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">SKU</th>
              <th scope="col" className="px-2 py-2">Name</th>
              <th scope="col" className="px-2 py-2">Brand</th>
              <th scope="col" className="px-2 py-2">Category</th>
              <th scope="col" className="px-2 py-2 text-right">Price</th>
              <th scope="col" className="px-2 py-2 text-right">Sale price</th>
              <th scope="col" className="px-2 py-2 text-right">Stock</th>
              <th scope="col" className="px-2 py-2">Active</th>
            </tr>
          </thead>
          <tbody>
            {(page?.products ?? []).map((p) => (
              <tr key={p.id} className="border-t border-slate-100 hover:bg-slate-50">
                <td className="px-2 py-1.5 font-mono text-xs">{p.sku}</td>
                <td className="px-2 py-1.5">
                  <Link className={btn.link} to={cataloguePaths.product(p.id)}>
                    {p.name}
                  </Link>
                </td>
                <td className="px-2 py-1.5">{p.brand_name}</td>
                <td className="px-2 py-1.5 text-xs text-slate-600">{p.category_path}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{rupees(p.price)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{p.sale_price ? rupees(p.sale_price) : '—'}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{p.stock}</td>
                <td className="px-2 py-1.5">{p.active ? 'Yes' : <span className="font-medium text-rose-800">No</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && page?.products.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No product matches “{search}”.</p> : null}
        {list.isPending ? <p className="p-6 text-center text-sm text-slate-500">Loading…</p> : null}
      </div>
      {page && page.total > 50 ? (
        <nav aria-label="Pages" className="flex items-center gap-2 text-sm">
          <span>
            {offset + 1}–{Math.min(offset + 50, page.total)} of {page.total}
          </span>
          <button type="button" className={btn.secondary} disabled={offset === 0} onClick={() => setParams({ ...(search ? { search } : {}), offset: String(Math.max(0, offset - 50)) })}>
            Previous
          </button>
          <button type="button" className={btn.secondary} disabled={offset + 50 >= page.total} onClick={() => setParams({ ...(search ? { search } : {}), offset: String(offset + 50) })}>
            Next
          </button>
        </nav>
      ) : null}
    </div>
  );
}
