import { todayKarachi } from '@shop/domain/ledgers';
import { type QueueRow, RUNNABLE_STATUSES } from '@shop/domain/order-desk';
import { countOf } from '@shop/domain/plural';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { deskApi } from './desk-client.ts';
import { rupees } from './desk-format.ts';
import { deskPaths } from './desk-paths.ts';
import { btn, ErrorLine, field, Panel, StatusBadge } from './desk-ui.tsx';
import { useDeskCanWrite } from './use-desk-can.ts';
import { useCities } from '../../lib/city.ts';

/** Orders of a city not yet on a run, grouped by area in area order (the order a vehicle drives them). */
export function groupByArea(rows: readonly QueueRow[]): [string, QueueRow[]][] {
  const groups = new Map<string, QueueRow[]>();
  for (const r of rows) {
    if (r.run_id) continue;
    const area = r.area ?? 'No area';
    groups.set(area, [...(groups.get(area) ?? []), r]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Issue 16, delivery runs: a day's orders of one city grouped by area into one run per vehicle. */
export function RunsPage() {
  const [params, setParams] = useSearchParams();
  const date = /^\d{4}-\d{2}-\d{2}$/.test(params.get('date') ?? '') ? (params.get('date') as string) : todayKarachi();
  const { cities, default_city } = useCities();
  const city = cities.find((c) => c.name === params.get('city'))?.name ?? default_city ?? '';
  const set = (k: string, v: string) => setParams((p) => {
      p.set(k, v);
      return p;
    });
  const client = useQueryClient();
  const canWrite = useDeskCanWrite();
  const runs = useQuery({ queryKey: ['staff', 'runs', date], queryFn: () => deskApi.runs(date) });
  // The orders a run may take (RUNNABLE_STATUSES). The queue pages at 100 at most: a city's open work for
  // one day fits in one page of each status.
  const open = useQuery({
    queryKey: ['staff', 'orders', 'run-candidates', city],
    queryFn: async () => (await Promise.all(RUNNABLE_STATUSES.map((status) => deskApi.queue({ city, status }, undefined, 100)))).flatMap((p) => p.rows),
  });
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [vehicle, setVehicle] = useState('');
  const [driver, setDriver] = useState('');
  const create = useMutation({
    mutationFn: () => deskApi.createRun({ run_date: date, city, vehicle: vehicle.trim(), driver: driver.trim() || undefined, order_ids: [...chosen] }),
    onSuccess: () => {
      setChosen(new Set());
      setVehicle('');
      setDriver('');
      void client.invalidateQueries({ queryKey: ['staff'] });
    },
  });
  const groups = groupByArea(open.data ?? []);
  const toggle = (ids: number[], on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      for (const id of ids) on ? next.add(id) : next.delete(id);
      return next;
    });

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-end gap-3">
        <h1 className="text-xl font-semibold">Delivery runs</h1>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          Day
          <input type="date" className={field} value={date} onChange={(e) => e.target.value && set('date', e.target.value)} />
        </label>
        <label className="flex flex-col text-xs font-medium text-slate-600">
          City
          <select className={field} value={city} onChange={(e) => set('city', e.target.value)}>
            {cities.map((c) => (
              <option key={c.id}>{c.name}</option>
            ))}
          </select>
        </label>
        <Link className={btn.link} to={deskPaths.queue}>
          Orders
        </Link>
      </header>
      <div className="grid gap-3 lg:grid-cols-[minmax(0,3fr)_minmax(20rem,2fr)]">
        <Panel title={`Orders to deliver in ${city}`}>
          <ErrorLine error={open.error} />
          {groups.length === 0 && open.isSuccess ? <p className="text-sm text-slate-500">No In Process or Arrange orders in {city} without a run.</p> : null}
          {groups.map(([area, rows]) => {
            const all = rows.every((r) => chosen.has(r.id));
            return (
              <fieldset key={area} className="mb-3">
                <legend className="flex items-center gap-2 text-sm font-semibold">
                  <input type="checkbox" className="size-4 accent-sky-700" aria-label={`Select all in ${area}`} checked={all} onChange={(e) => toggle(rows.map((r) => r.id), e.target.checked)} />
                  {area} ({rows.length})
                </legend>
                <ul className="ml-6 flex flex-col gap-0.5 text-sm">
                  {rows.map((r) => (
                    <li key={r.id}>
                      <label className="flex items-center gap-2">
                        <input type="checkbox" className="size-4 accent-sky-700" checked={chosen.has(r.id)} onChange={(e) => toggle([r.id], e.target.checked)} />
                        <span className="font-mono">{r.order_number}</span> {r.business_name} · {rupees(r.total_price)} <StatusBadge status={r.status} />
                      </label>
                    </li>
                  ))}
                </ul>
              </fieldset>
            );
          })}
          {canWrite ? (
          <form
            className="mt-3 flex flex-wrap items-end gap-2 border-t border-slate-200 pt-3"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <label className="flex flex-col text-xs font-medium text-slate-600">
              Vehicle
              <input className={field} required maxLength={60} value={vehicle} onChange={(e) => setVehicle(e.target.value)} placeholder="LEA-1234" />
            </label>
            <label className="flex flex-col text-xs font-medium text-slate-600">
              Driver
              <input className={field} maxLength={80} value={driver} onChange={(e) => setDriver(e.target.value)} />
            </label>
            <button type="submit" className={btn.primary} disabled={chosen.size === 0 || !vehicle.trim() || create.isPending}>
              Create run ({chosen.size})
            </button>
            <ErrorLine error={create.error} />
          </form>
          ) : null}
        </Panel>
        <Panel title={`Runs on ${date}`}>
          <ErrorLine error={runs.error} />
          {(runs.data ?? []).length === 0 ? <p className="text-sm text-slate-500">No runs yet for this day.</p> : null}
          <ul className="flex flex-col gap-2 text-sm">
            {(runs.data ?? []).map((r) => (
              <li key={r.id} className="rounded border border-slate-200 px-2 py-1.5">
                <Link className={btn.link} to={deskPaths.run(r.id)}>
                  Run #{r.id}: {r.city}, {r.vehicle}
                </Link>
                <div className="text-slate-600">
                  {r.driver ? `${r.driver} · ` : ''}
                  {countOf(r.orders.length, 'order', 'orders')} · {r.status}
                </div>
              </li>
            ))}
          </ul>
        </Panel>
      </div>
    </div>
  );
}
