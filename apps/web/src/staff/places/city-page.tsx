import { type AreaInput, deliveryNote, type StaffArea } from '@shop/domain/places';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { placesApi, placesPaths } from './places-client.ts';

/** Issue 35: one city's areas (role Admin): add, rename, change the store, make inactive, delete an unused one; CSV for hundreds. */
export function CityPage() {
  const cityId = Number(useParams().id);
  const client = useQueryClient();
  const key = ['staff', 'cities', cityId, 'areas'];
  const cities = useQuery({ queryKey: ['staff', 'cities'], queryFn: placesApi.cities });
  const list = useQuery({ queryKey: key, queryFn: () => placesApi.areas(cityId) });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [filter, setFilter] = useState('');
  const remove = useMutation({
    mutationFn: (a: StaffArea) => placesApi.deleteArea(cityId, a.id),
    onSuccess: (areas) => client.setQueryData(key, areas),
  });
  const city = cities.data?.find((c) => c.id === cityId);
  const areas = (list.data ?? []).filter((a) => a.name.toLowerCase().includes(filter.trim().toLowerCase()));
  const current = typeof editing === 'number' ? list.data?.find((a) => a.id === editing) : undefined;

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <Link className={btn.link} to={placesPaths.cities}>
          ← Cities
        </Link>
        <h1 className="text-xl font-semibold">Areas of {city?.name ?? '…'}</h1>
        <Link className={`${btn.secondary} ml-auto`} to={placesPaths.import}>
          Import areas (CSV)
        </Link>
        <a className={btn.secondary} href={placesApi.exportUrl(cityId)} download>
          Download these areas (CSV)
        </a>
        <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
          Add an area
        </button>
      </header>
      {city ? (
        <p className="text-sm text-slate-700">
          {city.active ? 'Active.' : 'Inactive: not offered to buyers.'} {deliveryNote(city)}
        </p>
      ) : null}
      <ErrorLine error={list.error ?? remove.error} />
      {editing !== null ? (
        <AreaForm
          key={String(editing)}
          cityId={cityId}
          area={current}
          onDone={() => {
            setEditing(null);
            void client.invalidateQueries({ queryKey: ['staff', 'cities'] });
          }}
        />
      ) : null}
      <Panel title="Areas">
        <label className="mb-2 flex items-center gap-2 text-sm font-medium">
          Find an area
          <input className={`${field} w-64`} type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <table className="w-full border-collapse text-sm" aria-label="Areas">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1">Area</th>
              <th scope="col" className="px-2 py-1 text-right">Store</th>
              <th scope="col" className="px-2 py-1">Shown</th>
              <th scope="col" className="px-2 py-1 text-right">Businesses</th>
              <th scope="col" className="px-2 py-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {areas.map((a) => (
              <tr key={a.id} className="border-t border-slate-100">
                <td className="px-2 py-1">{a.name}</td>
                <td className="px-2 py-1 text-right tabular-nums">{a.store_id}</td>
                <td className="px-2 py-1">{a.active ? 'Yes' : 'No (inactive)'}</td>
                <td className="px-2 py-1 text-right tabular-nums">{a.businesses}</td>
                <td className="flex gap-2 px-2 py-1">
                  <button type="button" className={btn.secondary} aria-label={`Edit ${a.name}`} onClick={() => setEditing(a.id)}>
                    Edit
                  </button>
                  <button type="button" className={btn.secondary} aria-label={`Delete ${a.name}`} disabled={remove.isPending} onClick={() => remove.mutate(a)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && list.data.length === 0 ? <p className="p-3 text-sm text-slate-600">No area yet: add one, or import them from a CSV file.</p> : null}
      </Panel>
    </div>
  );
}

function AreaForm({ cityId, area, onDone }: { cityId: number; area: StaffArea | undefined; onDone: () => void }) {
  const client = useQueryClient();
  const id = useId();
  const [v, setV] = useState({ name: area?.name ?? '', store_id: area ? String(area.store_id) : '', active: area?.active ?? true });
  const save = useMutation({
    mutationFn: () => {
      const input: AreaInput = { name: v.name, store_id: Number(v.store_id), active: v.active };
      return area ? placesApi.changeArea(cityId, area.id, input) : placesApi.addArea(cityId, input);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: ['staff', 'cities', cityId, 'areas'] });
      onDone();
    },
  });
  return (
    <Panel title={area ? `Edit ${area.name}` : 'New area'}>
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`${id}-name`}>Area name</label>
          <input id={`${id}-name`} className={`${field} w-56`} value={v.name} maxLength={60} required onChange={(e) => setV((x) => ({ ...x, name: e.target.value }))} />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`${id}-store`}>Store number</label>
          <input id={`${id}-store`} className={`${field} w-32`} inputMode="numeric" value={v.store_id} required onChange={(e) => setV((x) => ({ ...x, store_id: e.target.value }))} />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={v.active} onChange={(e) => setV((x) => ({ ...x, active: e.target.checked }))} />
          Active (offered at sign-up)
        </label>
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          {area ? 'Save area' : 'Add area'}
        </button>
        <button type="button" className={btn.secondary} onClick={onDone}>
          Cancel
        </button>
      </form>
      <p className="mt-2 text-xs text-slate-600">The store number is the store (warehouse) that serves the area; it goes on the business and on its orders.</p>
      <div className="mt-2">
        <ErrorLine error={save.error} />
      </div>
    </Panel>
  );
}
