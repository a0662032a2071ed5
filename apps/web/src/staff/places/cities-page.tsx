import { formatRupees } from '@shop/domain/money';
import { countOf } from '@shop/domain/plural';
import { type CityInput, deliveryNote, type StaffCity, WEEKDAYS } from '@shop/domain/places';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { placesApi, placesPaths } from './places-client.ts';

const KEY = ['staff', 'cities'];
const EMPTY: CityInput = { name: '', active: true, delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00', min_order_value: null };
/** "30000.00" as the form shows it ("30000"); '' for none. */
const wholeRupees = (value: string | null | undefined) => (value ? String(Number.parseInt(value, 10)) : '');

/**
 * Issue 35: the cities buyers choose at sign-up and in the marketplace (role Admin): name, shown or
 * not, delivery days and cut-off time. A city something uses is not deleted but made inactive (the
 * server refuses, naming what uses it). Its areas are on the city's page.
 */
export function CitiesPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: KEY, queryFn: placesApi.cities });
  const [editing, setEditing] = useState<number | 'new' | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: (c: StaffCity) => placesApi.deleteCity(c.id),
    onSuccess: (cities, c) => {
      client.setQueryData(KEY, cities);
      setDone(`${c.name} deleted.`);
    },
  });
  const cities = list.data ?? [];
  const current = typeof editing === 'number' ? cities.find((c) => c.id === editing) : undefined;

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Cities and areas</h1>
        <Link className={`${btn.secondary} ml-auto`} to={placesPaths.import}>
          Import areas (CSV)
        </Link>
        <a className={btn.secondary} href={placesApi.exportUrl()} download>
          Download all areas (CSV)
        </a>
        <button type="button" className={btn.primary} onClick={() => setEditing('new')}>
          Add a city
        </button>
      </header>
      <p className="max-w-4xl text-sm text-slate-700">
        Buyers choose an active city and one of its areas when they sign up, and see its delivery days and cut-off time. A minimum order, when set, is shown in
        the cart of the city's buyers with how much more they need, and a smaller order is refused. A city in use is made inactive rather than deleted: it is then
        no longer offered, and what names it keeps its reference.
      </p>
      <ErrorLine error={list.error ?? remove.error} />
      {done ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {done}
        </p>
      ) : null}
      {editing !== null ? (
        <CityForm
          key={String(editing)}
          city={current}
          onDone={(saved) => {
            setEditing(null);
            setDone(saved ? `${saved.name} saved.` : null);
            void client.invalidateQueries({ queryKey: KEY });
            void client.invalidateQueries({ queryKey: ['cities'] });
          }}
        />
      ) : null}
      <Panel title="Cities">
        <table className="w-full border-collapse text-sm" aria-label="Cities">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-1">City</th>
              <th scope="col" className="px-2 py-1">Shown</th>
              <th scope="col" className="px-2 py-1">Buyers read</th>
              <th scope="col" className="px-2 py-1 text-right">Minimum order</th>
              <th scope="col" className="px-2 py-1 text-right">Areas</th>
              <th scope="col" className="px-2 py-1 text-right">Businesses</th>
              <th scope="col" className="px-2 py-1">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {cities.map((c) => (
              <tr key={c.id} className="border-t border-slate-100 align-top">
                <td className="px-2 py-1 font-medium">
                  <Link className={btn.link} to={placesPaths.city(c.id)}>
                    {c.name}
                  </Link>
                </td>
                <td className="px-2 py-1">{c.active ? 'Yes' : 'No (inactive)'}</td>
                <td className="px-2 py-1 text-slate-700">{deliveryNote(c)}</td>
                <td className="px-2 py-1 text-right tabular-nums whitespace-nowrap">{c.min_order_value ? formatRupees(c.min_order_value) : 'None'}</td>
                <td className="px-2 py-1 text-right tabular-nums">
                  {c.active_areas === c.areas ? c.areas : `${c.active_areas} of ${c.areas}`}
                </td>
                <td className="px-2 py-1 text-right tabular-nums">{c.businesses}</td>
                <td className="flex gap-2 px-2 py-1">
                  <button type="button" className={btn.secondary} aria-label={`Edit ${c.name}`} onClick={() => setEditing(c.id)}>
                    Edit
                  </button>
                  <button type="button" className={btn.secondary} aria-label={`Delete ${c.name}`} disabled={remove.isPending} onClick={() => remove.mutate(c)}>
                    Delete
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && cities.length === 0 ? <p className="p-3 text-sm text-slate-600">No city yet: add the first city buyers can register in.</p> : null}
      </Panel>
    </div>
  );
}

function CityForm({ city, onDone }: { city: StaffCity | undefined; onDone: (saved: StaffCity | null) => void }) {
  const [v, setV] = useState<CityInput>(
    city ? { name: city.name, active: city.active, delivery_days: city.delivery_days, cutoff_time: city.cutoff_time, min_order_value: wholeRupees(city.min_order_value) || null } : EMPTY,
  );
  const id = useId();
  const save = useMutation({ mutationFn: () => (city ? placesApi.changeCity(city.id, v) : placesApi.addCity(v)), onSuccess: onDone });
  const toggleDay = (d: number) =>
    setV((x) => ({ ...x, delivery_days: x.delivery_days.includes(d) ? x.delivery_days.filter((y) => y !== d) : [...x.delivery_days, d].sort((a, b) => a - b) }));
  return (
    <Panel title={city ? `Edit ${city.name}` : 'New city'}>
      <form
        className="flex flex-wrap items-end gap-4"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`${id}-name`}>City name</label>
          <input id={`${id}-name`} className={`${field} w-56`} value={v.name} maxLength={60} required onChange={(e) => setV((x) => ({ ...x, name: e.target.value }))} />
        </div>
        <fieldset className="flex flex-col gap-1 text-sm">
          <legend className="font-medium">Delivery days</legend>
          <div className="flex gap-2">
            {WEEKDAYS.map((name, i) => (
              <label key={name} className="flex items-center gap-1">
                <input type="checkbox" checked={v.delivery_days.includes(i + 1)} onChange={() => toggleDay(i + 1)} />
                {name}
              </label>
            ))}
          </div>
        </fieldset>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`${id}-cutoff`}>Cut-off time</label>
          <input id={`${id}-cutoff`} type="time" className={field} value={v.cutoff_time} required onChange={(e) => setV((x) => ({ ...x, cutoff_time: e.target.value }))} />
        </div>
        <div className="flex flex-col gap-1 text-sm font-medium">
          <label htmlFor={`${id}-minimum`}>Minimum order (Rs.)</label>
          <input
            id={`${id}-minimum`}
            inputMode="numeric"
            className={`${field} w-36`}
            value={v.min_order_value ?? ''}
            placeholder="None"
            aria-describedby={`${id}-minimum-note`}
            onChange={(e) => setV((x) => ({ ...x, min_order_value: e.target.value.replace(/[,\s]/g, '') || null }))}
          />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium">
          <input type="checkbox" checked={v.active} onChange={(e) => setV((x) => ({ ...x, active: e.target.checked }))} />
          Active (offered to buyers)
        </label>
        <div className="flex gap-2">
          <button type="submit" className={btn.primary} disabled={save.isPending}>
            {city ? 'Save city' : 'Add city'}
          </button>
          <button type="button" className={btn.secondary} onClick={() => onDone(null)}>
            Cancel
          </button>
        </div>
      </form>
      {v.delivery_days.length > 0 && v.name.trim() ? <p className="mt-2 text-sm text-slate-600">Buyers read: {deliveryNote({ ...v, name: v.name.trim() })}</p> : null}
      <p id={`${id}-minimum-note`} className="mt-1 text-sm text-slate-600">
        {/^\d{1,9}$/.test(v.min_order_value ?? '') && Number(v.min_order_value) > 0
          ? `Minimum order ${formatRupees(v.min_order_value as string)}: a smaller order is refused, and the cart says how much more is needed.`
          : 'No minimum order (whole rupees, e.g. 30000; leave it empty for none).'}
      </p>
      <div className="mt-2">
        <ErrorLine error={save.error} />
      </div>
      {city && city.areas > 0 ? <p className="mt-2 text-xs text-slate-600">{countOf(city.areas, 'area', 'areas')} in this city.</p> : null}
    </Panel>
  );
}
