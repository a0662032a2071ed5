import { COUNT_CAP } from '@shop/domain/order-desk';
import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { RowSelectionState } from '@tanstack/react-table';
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { BulkBar } from './bulk-bar.tsx';
import { deskApi } from './desk-client.ts';
import { deskPaths } from './desk-paths.ts';
import { btn, ErrorLine } from './desk-ui.tsx';
import { QueueFilterBar } from './queue-filter-bar.tsx';
import { QueueTable } from './queue-table.tsx';
import { STATUS_TABS, searchFromFilters } from './queue-filters.ts';
import { SavedViews } from './saved-views.tsx';
import { useQueueFilters } from './use-queue-filters.ts';

/** Issue 16, the order desk's queue: every order newest first, filtered, searched and paged by keyset. */
export function QueuePage() {
  const { filters, change, replace: setFilters } = useQueueFilters();
  const key = searchFromFilters(filters).toString();
  const [selection, setSelection] = useState<RowSelectionState>({});
  // A new set of filters is a new list: what was selected may no longer be on screen.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset exactly when the filters change
  useEffect(() => setSelection({}), [key]);

  const { status: _status, pending_hours: _hours, ...withoutStatus } = filters;
  const counts = useQuery({ queryKey: ['staff', 'orders', 'counts', searchFromFilters(withoutStatus).toString()], queryFn: () => deskApi.counts(withoutStatus), placeholderData: keepPreviousData });
  const queue = useInfiniteQuery({
    queryKey: ['staff', 'orders', 'queue', key],
    queryFn: ({ pageParam }) => deskApi.queue(filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.rows) ?? [], [queue.data]);
  const selected = rows.filter((r) => selection[String(r.id)]);
  const countOf = (status: (typeof STATUS_TABS)[number]) => {
    const n = counts.data?.counts[status];
    if (n === undefined) return '';
    return counts.data?.capped.includes(status) ? `${COUNT_CAP.toLocaleString('en-US')}+` : n.toLocaleString('en-US');
  };

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Orders</h1>
        <Link className={btn.link} to={deskPaths.runs}>
          Delivery runs
        </Link>
      </header>
      <nav aria-label="Status" className="flex flex-wrap gap-1 border-b border-slate-200">
        {[undefined, ...STATUS_TABS].map((status) => {
          const active = filters.status === status;
          return (
            <button
              key={status ?? 'all'}
              type="button"
              aria-current={active ? 'page' : undefined}
              onClick={() => change('status', status)}
              className={`-mb-px rounded-t border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-sky-600 ${active ? 'border-slate-200 border-b-white bg-white font-semibold' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {status ?? 'All'}
              {status ? <span className="ml-1 rounded bg-slate-100 px-1 text-xs tabular-nums text-slate-700">{countOf(status)}</span> : null}
            </button>
          );
        })}
      </nav>
      <QueueFilterBar businessName={rows.find((r) => r.business_id === filters.business_id)?.business_name} filters={filters} onChange={change} onClear={() => setFilters({})} />
      <SavedViews filters={filters} onApply={setFilters} />
      {selected.length > 0 ? <BulkBar selected={selected} onClear={() => setSelection({})} /> : null}
      <ErrorLine error={queue.error ?? counts.error} />
      {queue.isPending ? <p className="text-sm text-slate-500">Loading orders…</p> : <QueueTable rows={rows} selection={selection} onSelectionChange={setSelection} />}
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span>{rows.length} shown</span>
        <span className="ml-auto text-xs text-slate-500">On a row: j / k next / previous order · x select · Enter open</span>
        {queue.hasNextPage ? (
          <button type="button" className={btn.secondary} disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            {queue.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
