import { ORDER_STATUSES, PAYMENT_MODES } from '@shop/domain/constants';
import type { QueueFilters } from '@shop/domain/order-desk';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { deskApi } from './desk-client.ts';
import { btn, field } from './desk-ui.tsx';

interface Props {
  filters: QueueFilters;
  onChange: (key: keyof QueueFilters, value: string | undefined) => void;
  onClear: () => void;
  /** The name of the business filtered on, when the list shows it. */
  businessName?: string;
}

/** The queue's filters; each change is written to the address bar by the page. */
export function QueueFilterBar({ filters, onChange, onClear, businessName }: Props) {
  const places = useQuery({ queryKey: ['staff', 'places'], queryFn: deskApi.places, staleTime: Number.POSITIVE_INFINITY });
  const cityId = places.data?.cities.find((c) => c.name === filters.city)?.id;
  const areas = cityId ? (places.data?.areas ?? []).filter((a) => a.city_id === cityId) : [];
  const [q, setQ] = useState(filters.q ?? '');
  useEffect(() => setQ(filters.q ?? ''), [filters.q]);

  const select = (key: keyof QueueFilters, label: string, options: readonly { value: string; label: string }[], disabled = false) => (
    <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
      {label}
      <select className={field} value={String(filters[key] ?? '')} disabled={disabled} onChange={(e) => onChange(key, e.target.value || undefined)}>
        <option value="">All</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </label>
  );
  const asOptions = (list: readonly string[]) => list.map((v) => ({ value: v, label: v }));

  return (
    <div className="flex flex-wrap items-end gap-2" role="group" aria-label="Filters">
      <form
        role="search"
        className="flex flex-col gap-0.5 text-xs font-medium text-slate-600"
        onSubmit={(e) => {
          e.preventDefault();
          onChange('q', q.trim() || undefined);
        }}
      >
        <label htmlFor="queue-search">Order number or business</label>
        <div className="flex gap-1">
          <input id="queue-search" type="search" className={`${field} w-56`} value={q} maxLength={100} onChange={(e) => setQ(e.target.value)} placeholder="ORD-2024-… or name" />
          <button type="submit" className={btn.secondary}>
            Search
          </button>
        </div>
      </form>
      {select('status', 'Status', asOptions(ORDER_STATUSES))}
      {select('city', 'City', asOptions((places.data?.cities ?? []).map((c) => c.name)))}
      {select('area_id', 'Area', areas.map((a) => ({ value: String(a.id), label: a.name })), !filters.city)}
      {select('payment_mode', 'Payment mode', asOptions(PAYMENT_MODES))}
      <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
        From
        <input type="date" className={field} value={filters.from ?? ''} onChange={(e) => onChange('from', e.target.value || undefined)} />
      </label>
      <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
        To
        <input type="date" className={field} value={filters.to ?? ''} onChange={(e) => onChange('to', e.target.value || undefined)} />
      </label>
      <label className="flex flex-col gap-0.5 text-xs font-medium text-slate-600">
        Pending over (hours)
        <input
          type="number"
          min={1}
          className={`${field} w-24`}
          value={filters.pending_hours ?? ''}
          onChange={(e) => onChange('pending_hours', e.target.value || undefined)}
        />
      </label>
      <label className="flex items-center gap-1.5 self-end pb-1.5 text-sm font-medium text-slate-700">
        <input type="checkbox" className="size-4 accent-sky-700" checked={filters.request === 'open'} onChange={(e) => onChange('request', e.target.checked ? 'open' : undefined)} />
        Buyer requests waiting
      </label>
      {filters.business_id ? (
        <span className="flex items-center gap-1 rounded bg-slate-200 px-2 py-1 text-xs">
          Business: {businessName ?? `#${filters.business_id}`}
          <button type="button" className={btn.link} aria-label="Remove the business filter" onClick={() => onChange('business_id', undefined)}>
            ×
          </button>
        </span>
      ) : null}
      <button type="button" className={btn.secondary} onClick={onClear}>
        Clear filters
      </button>
    </div>
  );
}
