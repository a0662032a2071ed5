import { type BusinessTypeProducts, type BusinessTypeProductsInput, isLeafType, type StaffBusinessType } from '@shop/domain/business-types';
import type { StaffCategory, StaffProductPage } from '@shop/domain/catalogue-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { StaffCombobox } from '../combobox.tsx';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { staffApi, staffUrl } from '../staff-api.ts';

/** Issue 35: which products a business type is offered to; a leaf type is offered a whole category or picked products. */
export function BusinessTypeProductsPanel({ type, canWrite }: { type: StaffBusinessType; canWrite: boolean }) {
  const client = useQueryClient();
  const key = ['staff', 'business-types', type.id, 'products'];
  const list = useQuery({ queryKey: key, queryFn: () => staffApi<BusinessTypeProducts>(`/api/staff/business-types/${type.id}/products`) });
  const categories = useQuery({ queryKey: ['staff', 'catalogue', 'categories'], queryFn: () => staffApi<StaffCategory[]>('/api/staff/catalogue/categories') });
  const options = useMemo(() => (categories.data ?? []).map((c) => ({ id: c.id, label: c.path })), [categories.data]);
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const change = useMutation({
    mutationFn: (input: BusinessTypeProductsInput) => staffApi<{ changed: number; total: number }>(`/api/staff/business-types/${type.id}/products`, { body: input }),
    onSuccess: () => Promise.all([client.invalidateQueries({ queryKey: key }), client.invalidateQueries({ queryKey: ['staff', 'business-types'], exact: true })]),
  });
  const leaf = isLeafType(type);
  return (
    <Panel title={`Products of ${type.name}`}>
      <div className="flex flex-col gap-3 text-sm">
        <p className="text-slate-700">
          {leaf
            ? `${list.data?.total ?? type.products} products are offered to ${type.name}; its page on the storefront lists them.`
            : `${type.name} has sub-types: its page on the storefront lists the products offered to the types below it.`}
        </p>
        {canWrite && leaf ? (
          <div className="flex flex-wrap items-end gap-2">
            <StaffCombobox label="Category" options={options} value={categoryId} onChange={setCategoryId} placeholder="Type a category's name" className="w-80" />
            <button type="button" className={btn.primary} disabled={categoryId == null || change.isPending} onClick={() => categoryId != null && change.mutate({ action: 'add', category_id: categoryId })}>
              Offer its products
            </button>
            <button type="button" className={btn.secondary} disabled={categoryId == null || change.isPending} onClick={() => categoryId != null && change.mutate({ action: 'remove', category_id: categoryId })}>
              Take its products away
            </button>
          </div>
        ) : null}
        {canWrite && leaf ? <ProductFinder typeId={type.id} typeName={type.name} onOffer={(id) => change.mutate({ action: 'add', product_ids: [id] })} busy={change.isPending} /> : null}
        {change.isSuccess ? (
          <p role="status" className="text-emerald-800">
            {change.data.changed} products changed; {type.name} is offered {change.data.total}.
          </p>
        ) : null}
        <ErrorLine error={list.error ?? change.error} />
        {(list.data?.products.length ?? 0) > 0 ? (
          <div className="max-h-96 overflow-y-auto rounded border border-slate-100">
          <table className="w-full border-collapse" aria-label={`Products offered to ${type.name}`}>
            <thead className="sticky top-0 bg-white text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-1">SKU</th>
                <th scope="col" className="py-1">Product</th>
                <th scope="col" className="py-1">Category</th>
                <th scope="col" className="py-1"><span className="sr-only">Actions</span></th>
              </tr>
            </thead>
            <tbody>
              {list.data?.products.map((p) => (
                <tr key={p.id} className={`border-t border-slate-100 ${p.active ? '' : 'text-slate-400'}`}>
                  <td className="py-1 pe-2 font-mono text-xs">{p.sku}</td>
                  <td className="py-1 pe-2">{p.name}</td>
                  <td className="py-1 pe-2 text-slate-600">{p.category}</td>
                  <td className="py-1 text-right">
                    {canWrite ? (
                      <button type="button" className={btn.link} aria-label={`Take ${p.name} away from ${type.name}`} disabled={change.isPending} onClick={() => change.mutate({ action: 'remove', product_ids: [p.id] })}>
                        Take away
                      </button>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          </div>
        ) : null}
        {list.data && list.data.total > list.data.products.length ? <p className="text-slate-600">The first {list.data.products.length} by name are shown.</p> : null}
      </div>
    </Panel>
  );
}

/** Find a product by SKU or words of its name and offer it to the type. */
function ProductFinder({ typeId, typeName, onOffer, busy }: { typeId: number; typeName: string; onOffer: (id: number) => void; busy: boolean }) {
  const [text, setText] = useState('');
  const search = text.trim();
  const found = useQuery({
    queryKey: ['staff', 'catalogue', 'products', search],
    queryFn: () => staffApi<StaffProductPage>(staffUrl('/api/staff/catalogue/products', { search, limit: 8 })),
    enabled: search.length >= 2,
    placeholderData: keepPreviousData,
  });
  return (
    <div className="flex flex-col gap-1">
      <label className="flex flex-col gap-1 font-medium">
        Find a product (SKU or name)
        <input className={`${field} w-80`} value={text} maxLength={200} onChange={(e) => setText(e.target.value)} />
      </label>
      {search.length >= 2 && found.data ? (
        <ul className="flex flex-col gap-1" aria-label="Products found">
          {found.data.products.length === 0 ? <li className="text-slate-500">No product matches.</li> : null}
          {found.data.products.map((p) => (
            <li key={p.id} className="flex items-center gap-2">
              <button type="button" className={btn.secondary} disabled={busy || p.business_type_ids.includes(typeId)} aria-label={`Offer ${p.name} to ${typeName}`} onClick={() => onOffer(p.id)}>
                {p.business_type_ids.includes(typeId) ? 'Offered' : 'Offer'}
              </button>
              <span className="font-mono text-xs">{p.sku}</span> {p.name}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
