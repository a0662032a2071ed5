import type { StaffBrand, StaffCategory } from '@shop/domain/catalogue-admin';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { PictureUpload } from '../picture-upload.tsx';
import { useStaffSession } from '../staff-session.tsx';
import { catalogueApi } from './catalogue-client.ts';

/** Issue 19: categories (add, rename, reorder) and brands (add, rename, merge). */
export function CategoriesPage() {
  const canWrite = useStaffSession().can('catalogue.write');
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Categories and brands</h1>
      <p className="max-w-4xl text-sm text-slate-700">
        A renamed category keeps its address (its slug) so links and bookmarks keep working. Merging a brand moves all its products to the other brand and removes it.
      </p>
      <div className="grid grid-cols-1 gap-3 2xl:grid-cols-2">
        <CategoriesPanel canWrite={canWrite} />
        <BrandsPanel canWrite={canWrite} />
      </div>
    </div>
  );
}

function CategoriesPanel({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'catalogue', 'categories'], queryFn: catalogueApi.categories });
  const [name, setName] = useState('');
  const [parent, setParent] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const done = (data: StaffCategory[]) => {
    queryClient.setQueryData(['staff', 'catalogue', 'categories'], data);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'options'] });
  };
  const add = useMutation({ mutationFn: () => catalogueApi.addCategory(name.trim(), parent === '' ? null : Number(parent)), onSuccess: (d) => {
      done(d);
      setName('');
    },
  });
  const rename = useMutation({ mutationFn: (e: { id: number; name: string }) => catalogueApi.renameCategory(e.id, e.name.trim()), onSuccess: (d) => {
      done(d);
      setEditing(null);
    },
  });
  const move = useMutation({ mutationFn: (m: { id: number; direction: 'up' | 'down' }) => catalogueApi.moveCategory(m.id, m.direction), onSuccess: done });
  // Issue 35: a category's picture is uploaded, with a preview, then saved to the category.
  const [picturing, setPicturing] = useState<{ id: number; image: string | null } | null>(null);
  const picture = useMutation({ mutationFn: (p: { id: number; image: string }) => catalogueApi.setCategoryPicture(p.id, p.image), onSuccess: (d) => {
      done(d);
      setPicturing(null);
    },
  });
  const rows = list.data ?? [];
  return (
    <Panel title="Categories">
      {canWrite ? (
        <form
          className="mb-3 flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            New category
            <input className={`${field} w-56`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Under
            <select className={`${field} w-96`} value={parent} onChange={(e) => setParent(e.target.value)}>
              <option value="">(top level)</option>
              {rows
                .filter((c) => c.level < 4)
                .map((c) => (
                  <option key={c.id} value={String(c.id)}>
                    {c.path}
                  </option>
                ))}
            </select>
          </label>
          <button type="submit" className={btn.primary} disabled={name.trim().length < 2 || add.isPending}>
            Add category
          </button>
        </form>
      ) : null}
      <ErrorLine error={list.error ?? add.error ?? rename.error ?? move.error ?? picture.error} />
      <table className="w-full border-collapse text-sm" aria-label="Categories">
        <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1">Category</th>
            <th scope="col" className="px-2 py-1">Address (slug)</th>
            <th scope="col" className="px-2 py-1 text-right">Products</th>
            {canWrite ? <th scope="col" className="px-2 py-1">Change</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((c) => (
            <Fragment key={c.id}>
            <tr className="border-t border-slate-100">
              <td className="px-2 py-1" style={{ paddingLeft: `${0.5 + (c.level - 1) * 1.25}rem` }}>
                {editing?.id === c.id ? (
                  <form
                    className="flex gap-1"
                    onSubmit={(e) => {
                      e.preventDefault();
                      rename.mutate(editing);
                    }}
                  >
                    <input aria-label={`New name of ${c.name}`} className={field} value={editing.name} maxLength={80} onChange={(e) => setEditing({ id: c.id, name: e.target.value })} />
                    <button type="submit" className={btn.primary} disabled={rename.isPending}>
                      Save
                    </button>
                    <button type="button" className={btn.secondary} onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  c.name
                )}
              </td>
              <td className="px-2 py-1 font-mono text-xs text-slate-600">{c.slug}</td>
              <td className="px-2 py-1 text-right tabular-nums">{c.products}</td>
              {canWrite ? (
                <td className="px-2 py-1">
                  <div className="flex gap-1">
                    <button type="button" className={btn.secondary} aria-label={`Rename ${c.name}`} onClick={() => setEditing({ id: c.id, name: c.name })}>
                      Rename
                    </button>
                    <button type="button" className={btn.secondary} aria-label={`Picture of ${c.name}`} onClick={() => setPicturing({ id: c.id, image: c.image })}>
                      Picture
                    </button>
                    <button type="button" className={btn.secondary} aria-label={`Move ${c.name} up`} disabled={move.isPending} onClick={() => move.mutate({ id: c.id, direction: 'up' })}>
                      ↑
                    </button>
                    <button type="button" className={btn.secondary} aria-label={`Move ${c.name} down`} disabled={move.isPending} onClick={() => move.mutate({ id: c.id, direction: 'down' })}>
                      ↓
                    </button>
                  </div>
                </td>
              ) : null}
            </tr>
            {picturing?.id === c.id ? (
              <tr>
                <td colSpan={4} className="bg-slate-50 px-2 py-2">
                  <form
                    className="flex flex-wrap items-end gap-3"
                    aria-label={`Picture of ${c.name}`}
                    onSubmit={(e) => {
                      e.preventDefault();
                      if (picturing.image) picture.mutate({ id: c.id, image: picturing.image });
                    }}
                  >
                    <PictureUpload kind="picture" label={`Picture of ${c.name}`} value={picturing.image} onChange={(image) => setPicturing({ id: c.id, image })} previewClass="h-20 w-20" />
                    <button type="submit" className={btn.primary} disabled={!picturing.image || picturing.image === c.image || picture.isPending}>
                      Save picture
                    </button>
                    <button type="button" className={btn.secondary} onClick={() => setPicturing(null)}>
                      Cancel
                    </button>
                  </form>
                </td>
              </tr>
            ) : null}
            </Fragment>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

function BrandsPanel({ canWrite }: { canWrite: boolean }) {
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'catalogue', 'brands'], queryFn: catalogueApi.brands });
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<{ id: number; name: string } | null>(null);
  const [merge, setMerge] = useState<{ from: string; into: string }>({ from: '', into: '' });
  const done = (data: StaffBrand[]) => {
    queryClient.setQueryData(['staff', 'catalogue', 'brands'], data);
    void queryClient.invalidateQueries({ queryKey: ['staff', 'catalogue', 'options'] });
  };
  const add = useMutation({ mutationFn: () => catalogueApi.addBrand(name.trim()), onSuccess: (d) => {
      done(d);
      setName('');
    },
  });
  const rename = useMutation({ mutationFn: (e: { id: number; name: string }) => catalogueApi.renameBrand(e.id, e.name.trim()), onSuccess: (d) => {
      done(d);
      setEditing(null);
    },
  });
  const join = useMutation({ mutationFn: () => catalogueApi.mergeBrand(Number(merge.from), Number(merge.into)), onSuccess: (d) => {
      done(d);
      setMerge({ from: '', into: '' });
    },
  });
  const rows = list.data ?? [];
  const brandSelect = (label: string, value: string, onChange: (v: string) => void) => (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <select className={`${field} w-56`} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose a brand</option>
        {rows.map((b) => (
          <option key={b.id} value={String(b.id)}>
            {b.name} ({b.products})
          </option>
        ))}
      </select>
    </label>
  );
  return (
    <Panel title="Brands">
      {canWrite ? (
        <div className="mb-3 flex flex-col gap-3">
          <form
            className="flex flex-wrap items-end gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              add.mutate();
            }}
          >
            <label className="flex flex-col gap-1 text-sm font-medium">
              New brand
              <input className={`${field} w-56`} value={name} maxLength={80} onChange={(e) => setName(e.target.value)} />
            </label>
            <button type="submit" className={btn.primary} disabled={name.trim() === '' || add.isPending}>
              Add brand
            </button>
          </form>
          <form
            className="flex flex-wrap items-end gap-2"
            aria-label="Merge two brands"
            onSubmit={(e) => {
              e.preventDefault();
              join.mutate();
            }}
          >
            {brandSelect('Merge brand', merge.from, (from) => setMerge({ ...merge, from }))}
            {brandSelect('into', merge.into, (into) => setMerge({ ...merge, into }))}
            <button type="submit" className={btn.danger} disabled={!merge.from || !merge.into || merge.from === merge.into || join.isPending}>
              Merge
            </button>
          </form>
        </div>
      ) : null}
      <ErrorLine error={list.error ?? add.error ?? rename.error ?? join.error} />
      <table className="w-full border-collapse text-sm" aria-label="Brands">
        <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
          <tr>
            <th scope="col" className="px-2 py-1">Brand</th>
            <th scope="col" className="px-2 py-1 text-right">Products</th>
            <th scope="col" className="px-2 py-1 text-right">Marketplace</th>
            {canWrite ? <th scope="col" className="px-2 py-1">Change</th> : null}
          </tr>
        </thead>
        <tbody>
          {rows.map((b) => (
            <tr key={b.id} className="border-t border-slate-100">
              <td className="px-2 py-1">
                {editing?.id === b.id ? (
                  <form
                    className="flex gap-1"
                    onSubmit={(e) => {
                      e.preventDefault();
                      rename.mutate(editing);
                    }}
                  >
                    <input aria-label={`New name of ${b.name}`} className={field} value={editing.name} maxLength={80} onChange={(e) => setEditing({ id: b.id, name: e.target.value })} />
                    <button type="submit" className={btn.primary} disabled={rename.isPending}>
                      Save
                    </button>
                    <button type="button" className={btn.secondary} onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </form>
                ) : (
                  b.name
                )}
              </td>
              <td className="px-2 py-1 text-right tabular-nums">{b.products}</td>
              <td className="px-2 py-1 text-right tabular-nums">{b.marketplace_products}</td>
              {canWrite ? (
                <td className="px-2 py-1">
                  <button type="button" className={btn.secondary} aria-label={`Rename ${b.name}`} onClick={() => setEditing({ id: b.id, name: b.name })}>
                    Rename
                  </button>
                </td>
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}
