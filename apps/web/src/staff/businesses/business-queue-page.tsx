import type { QueueBusiness } from '@shop/domain/businesses';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { createColumnHelper } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import { DataTable, type staffTableFeatures } from '../admin/data-table.tsx';
import { karachiDateTime } from '../orders/desk-format.ts';
import { btn, ErrorLine } from '../orders/desk-ui.tsx';
import { FlagBadge, StatusBadge, VerificationBadge } from './business-badges.tsx';
import { businessesApi, businessPaths, type QueueState } from './businesses-client.ts';

const TABS: { state: QueueState; label: string }[] = [
  { state: 'waiting', label: 'Waiting' },
  { state: 'documents_requested', label: 'Documents requested' },
  { state: 'approved', label: 'Approved' },
  { state: 'rejected', label: 'Rejected' },
];

const helper = createColumnHelper<typeof staffTableFeatures, QueueBusiness>();
const columns = helper.columns([
  helper.accessor('name', {
    header: 'Business',
    cell: (c) => (
      <Link className={`${btn.link} font-medium`} to={businessPaths.business(c.row.original.id)}>
        {c.getValue()}
      </Link>
    ),
  }),
  helper.accessor('owner_name', { header: 'Owner', cell: (c) => c.getValue() ?? '—' }),
  helper.display({ id: 'place', header: 'City / area', cell: (c) => [c.row.original.city, c.row.original.area].filter(Boolean).join(' · ') || '—' }),
  helper.accessor('verification', { header: 'State', cell: (c) => <VerificationBadge state={c.getValue()} /> }),
  helper.accessor('waiting_since', { header: 'Since (PKT)', cell: (c) => <span className="whitespace-nowrap tabular-nums">{karachiDateTime(c.getValue())}</span> }),
  helper.accessor('documents', { header: 'Documents', cell: (c) => <span className="tabular-nums">{c.getValue()} of 5</span> }),
  helper.display({
    id: 'flags',
    header: 'Flags',
    cell: (c) => (
      <span className="flex flex-wrap gap-1">
        {c.row.original.has_duplicates ? <FlagBadge>Duplicate CNIC/NTN/phone</FlagBadge> : null}
        {c.row.original.email_unproven ? <FlagBadge>Email not proven</FlagBadge> : null}
        {c.row.original.status !== 'active' ? <StatusBadge status={c.row.original.status} /> : null}
      </span>
    ),
  }),
]);

/** Issue 18: registrations to verify, oldest first; the state tab lives in the URL (?state=). */
export function BusinessQueuePage() {
  const [params, setParams] = useSearchParams();
  const state = (TABS.find((t) => t.state === params.get('state'))?.state ?? 'waiting') as QueueState;
  const queue = useInfiniteQuery({
    queryKey: ['staff', 'businesses', 'queue', state],
    queryFn: ({ pageParam }) => businessesApi.queue(state, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    placeholderData: keepPreviousData,
  });
  const rows = useMemo(() => queue.data?.pages.flatMap((p) => p.businesses) ?? [], [queue.data]);
  const waiting = queue.data?.pages[0]?.waiting;

  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-baseline gap-3">
        <h1 className="text-xl font-semibold">Business verification</h1>
        {waiting !== undefined ? <span className="text-sm text-slate-600">{waiting} waiting (new or changed), oldest first</span> : null}
      </header>
      <nav aria-label="Verification state" className="flex flex-wrap gap-1 border-b border-slate-200">
        {TABS.map((tab) => {
          const active = tab.state === state;
          return (
            <button
              key={tab.state}
              type="button"
              aria-current={active ? 'page' : undefined}
              onClick={() => setParams(tab.state === 'waiting' ? {} : { state: tab.state })}
              className={`-mb-px rounded-t border px-3 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-sky-600 ${active ? 'border-slate-200 border-b-white bg-white font-semibold' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
            >
              {tab.label}
            </button>
          );
        })}
      </nav>
      <ErrorLine error={queue.error} />
      {queue.isPending ? (
        <p className="text-sm text-slate-500">Loading businesses…</p>
      ) : (
        <DataTable columns={columns} data={rows} label="Businesses" empty={state === 'waiting' ? 'No registration is waiting. Well done.' : 'No business in this state.'} />
      )}
      <div className="flex items-center gap-3 text-sm text-slate-600">
        <span>{rows.length} shown</span>
        {queue.hasNextPage ? (
          <button type="button" className={`${btn.secondary} ml-auto`} disabled={queue.isFetchingNextPage} onClick={() => void queue.fetchNextPage()}>
            {queue.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </div>
    </div>
  );
}
