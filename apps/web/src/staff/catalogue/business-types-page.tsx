import { type BusinessTypeInput, businessTypeUsage, type StaffBusinessType } from '@shop/domain/business-types';
import { uploadedImageSources } from '@shop/domain/product-images';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { PictureUpload } from '../picture-upload.tsx';
import { staffApi } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';
import { BusinessTypeProductsPanel } from './business-type-products.tsx';

const KEY = ['staff', 'business-types'];
const depthOf = (types: readonly StaffBusinessType[], t: StaffBusinessType) => {
  let depth = 0;
  for (let at = t; at.parent_id != null && depth < 10; depth++) {
    const parent = types.find((x) => x.id === at.parent_id);
    if (!parent) break;
    at = parent;
  }
  return depth;
};

/**
 * Issue 35: the business types buyers choose at sign-up and browse by on the storefront (role
 * Catalogue): name, picture, order, parent, shown or not, and the products each is offered to. A type
 * something uses is not deleted but made inactive (the server refuses, naming what uses it).
 */
export function BusinessTypesPage() {
  const canWrite = useStaffSession().can('catalogue.write');
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: () => staffApi<StaffBusinessType[]>('/api/staff/business-types') });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const remove = useMutation({
    mutationFn: (t: StaffBusinessType) => staffApi<StaffBusinessType[]>(`/api/staff/business-types/${t.id}`, { method: 'DELETE' }),
    onSuccess: (types) => {
      client.setQueryData(KEY, types);
      setEditing(null);
    },
  });
  const types = list.data ?? [];
  const current = typeof editing === 'number' ? types.find((t) => t.id === editing) : undefined;
  return (
    <div className="flex flex-col gap-3 p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-xl font-semibold">Business types</h1>
        {canWrite ? (
          <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
            Add a business type
          </button>
        ) : null}
      </div>
      <p className="max-w-3xl text-sm text-slate-600">
        Buyers choose their business type when they sign up, and browse the shop by it: the storefront home shows the first two top types as tiles, and a type's page lists the products
        offered to it and to the types below it. Products are offered to types without sub-types.
      </p>
      <ErrorLine error={list.error ?? remove.error} />
      {editing === 'new' ? <BusinessTypeForm types={types} onDone={() => setEditing(null)} /> : null}
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Business types">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">Picture</th>
              <th scope="col" className="px-2 py-2">Name</th>
              <th scope="col" className="px-2 py-2 text-right">Order</th>
              <th scope="col" className="px-2 py-2">In the shop</th>
              <th scope="col" className="px-2 py-2">Used by</th>
              <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {list.isSuccess && types.length === 0 ? (
              <tr>
                <td colSpan={6} className="px-2 py-4 text-slate-600">
                  There are no business types yet. Buyers cannot choose one at sign-up until you add one.
                </td>
              </tr>
            ) : null}
            {types.map((t) => (
              <tr key={t.id} className={`border-t border-slate-100 ${t.active ? '' : 'text-slate-400'} ${editing === t.id ? 'bg-sky-50' : ''}`}>
                <td className="px-2 py-1.5">
                  {t.image ? <img src={t.image} srcSet={uploadedImageSources(t.image)?.webp} sizes="96px" alt="" className="h-10 w-20 rounded object-cover" /> : <span className="text-xs text-slate-400">none</span>}
                </td>
                <td className="px-2 py-1.5 font-medium" style={{ paddingInlineStart: `${0.5 + depthOf(types, t) * 1.25}rem` }}>
                  {t.name}
                </td>
                <td className="px-2 py-1.5 text-right tabular-nums">{t.sort_order}</td>
                <td className="px-2 py-1.5">{t.active ? 'Shown' : 'Hidden'}</td>
                <td className="px-2 py-1.5">{businessTypeUsage(t) || 'nothing yet'}</td>
                <td className="whitespace-nowrap px-2 py-1.5 text-right">
                  <button type="button" className={btn.secondary} aria-label={`Open ${t.name}`} onClick={() => setEditing(editing === t.id ? null : t.id)}>
                    {editing === t.id ? 'Close' : canWrite ? 'Edit' : 'Products'}
                  </button>{' '}
                  {canWrite ? (
                    <button type="button" className={btn.secondary} aria-label={`Delete ${t.name}`} disabled={remove.isPending} onClick={() => remove.mutate(t)}>
                      Delete
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {current ? (
        <div className="grid items-start gap-3 2xl:grid-cols-2">
          {canWrite ? <BusinessTypeForm key={current.id} types={types} type={current} onDone={() => setEditing(current.id)} /> : null}
          <BusinessTypeProductsPanel type={current} canWrite={canWrite} />
        </div>
      ) : null}
    </div>
  );
}

/** Add a type, or change one (`type` given). */
function BusinessTypeForm({ types, type, onDone }: { types: readonly StaffBusinessType[]; type?: StaffBusinessType; onDone: () => void }) {
  const client = useQueryClient();
  const [name, setName] = useState(type?.name ?? '');
  const [parent, setParent] = useState(type?.parent_id == null ? '' : String(type.parent_id));
  const [order, setOrder] = useState(String(type?.sort_order ?? types.filter((t) => t.parent_id == null).length + 1));
  const [active, setActive] = useState(type?.active ?? true);
  const [image, setImage] = useState<string | null>(type?.image ?? null);
  const save = useMutation({
    mutationFn: () => {
      const body: BusinessTypeInput = { name: name.trim(), image, parent_id: parent ? Number(parent) : null, sort_order: Number(order) || 0, active };
      return type ? staffApi<StaffBusinessType>(`/api/staff/business-types/${type.id}`, { method: 'PUT', body }) : staffApi<StaffBusinessType>('/api/staff/business-types', { body });
    },
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: KEY });
      if (!type) onDone();
    },
  });
  // A type cannot go under itself or a type below it.
  const below = new Set<number>(type ? [type.id] : []);
  for (const t of types) if (t.parent_id != null && below.has(t.parent_id)) below.add(t.id);
  const title = type ? `Change ${type.name}` : 'New business type';
  return (
    <Panel title={title}>
      <form
        aria-label={title}
        noValidate
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="flex flex-col gap-1 text-sm font-medium">
            Name
            <input className={`${field} w-56`} value={name} maxLength={60} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Under
            <select className={field} value={parent} onChange={(e) => setParent(e.target.value)}>
              <option value="">(a top type)</option>
              {types
                .filter((t) => !below.has(t.id))
                .map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Order
            <input className={`${field} w-20`} inputMode="numeric" value={order} onChange={(e) => setOrder(e.target.value)} />
          </label>
          <label className="flex items-center gap-1.5 text-sm font-medium">
            <input type="checkbox" checked={active} onChange={(e) => setActive(e.target.checked)} />
            Shown in the shop
          </label>
        </div>
        <PictureUpload kind="picture" label="Picture" value={image} onChange={setImage} previewClass="h-20 w-40" />
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={btn.primary} disabled={save.isPending}>
            {type ? 'Save changes' : 'Add business type'}
          </button>
          {save.isSuccess ? (
            <p role="status" className="text-sm text-emerald-800">
              {type ? 'Saved.' : `${save.data.name} added.`} The shop shows it within a few seconds{save.data.active ? '' : ' (while it is hidden, it does not)'}.
            </p>
          ) : null}
        </div>
        <ErrorLine error={save.error} />
      </form>
    </Panel>
  );
}
