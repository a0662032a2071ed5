import type { QueueRow } from '@shop/domain/order-desk';
import { CHANGE_REQUEST_KIND_LABEL, formatDeliveryDay } from '@shop/domain/policy-facts';
import { createColumnHelper, type RowSelectionState, rowSelectionFeature, tableFeatures, useTable } from '@tanstack/react-table';
import type React from 'react';
import { Link, useSearchParams } from 'react-router';
import { karachiDateTime, rupees } from './desk-format.ts';
import { deskPaths } from './desk-paths.ts';
import { StatusBadge } from './desk-ui.tsx';

/** A business's name narrows the queue to that business (the other filters stay). */
function BusinessFilterLink({ row }: { row: QueueRow }) {
  const [params] = useSearchParams();
  const next = new URLSearchParams(params);
  next.set('business_id', String(row.business_id));
  return (
    <Link className="text-slate-900 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600" to={`?${next}`} title={`Only orders of ${row.business_name}`}>
      {row.business_name}
    </Link>
  );
}

const features = tableFeatures({ rowSelectionFeature });
const helper = createColumnHelper<typeof features, QueueRow>();

const columns = helper.columns([
  helper.display({
    id: 'select',
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label="Select all orders on this page"
        className="size-4 accent-sky-700"
        checked={table.getIsAllRowsSelected()}
        ref={(el) => {
          if (el) el.indeterminate = table.getIsSomeRowsSelected() && !table.getIsAllRowsSelected();
        }}
        onChange={(e) => table.toggleAllRowsSelected(e.target.checked)}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={`Select order ${row.original.order_number}`}
        className="size-4 accent-sky-700"
        checked={row.getIsSelected()}
        onChange={(e) => row.toggleSelected(e.target.checked)}
      />
    ),
  }),
  helper.accessor('order_number', {
    header: 'Order',
    cell: ({ row }) => (
      <span className="flex flex-wrap items-center gap-1">
        <Link data-row-link className="whitespace-nowrap font-mono text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-sky-600" to={deskPaths.order(row.original.id)}>
          {row.original.order_number}
        </Link>
        {/* Issue 36: the buyer asked to cancel or change it, and waits for the desk's answer. */}
        {row.original.open_request ? (
          <span className="whitespace-nowrap rounded bg-rose-100 px-1.5 py-0.5 text-xs font-semibold text-rose-900">{CHANGE_REQUEST_KIND_LABEL[row.original.open_request]} request</span>
        ) : null}
        {row.original.order_reference ? <span className="basis-full text-xs text-slate-600">Ref. {row.original.order_reference}</span> : null}
      </span>
    ),
  }),
  helper.accessor('created_on', { header: 'Placed (PKT)', cell: ({ getValue }) => <span className="whitespace-nowrap">{karachiDateTime(getValue())}</span> }),
  helper.accessor('business_name', { header: 'Business', cell: ({ row }) => <BusinessFilterLink row={row.original} /> }),
  helper.accessor('city', { header: 'City / area', cell: ({ row }) => [row.original.city, row.original.area].filter(Boolean).join(' · ') || '—' }),
  // Issue 36: the day the buyer asked for (within two weeks: the year is left out), or the next delivery day.
  helper.accessor('requested_delivery_day', {
    header: 'Deliver',
    cell: ({ getValue, row }) => {
      const day = getValue();
      if (!day && (row.original.status === 'Delivered' || row.original.status === 'Rejected')) return null;
      return day ? (
        <span className="whitespace-nowrap" title={formatDeliveryDay(day)}>
          {formatDeliveryDay(day).replace(/ \d{4}$/, '')}
        </span>
      ) : (
        <span className="text-slate-500">Next</span>
      );
    },
  }),
  helper.accessor('payment_mode', { header: 'Payment' }),
  helper.accessor('line_count', { header: 'Lines', meta: { numeric: true } }),
  helper.accessor('total_price', { header: 'Total', meta: { numeric: true }, cell: ({ getValue }) => <span className="whitespace-nowrap">{rupees(getValue())}</span> }),
  helper.accessor('status', { header: 'Status', cell: ({ getValue }) => <StatusBadge status={getValue()} /> }),
  helper.accessor('run_id', { header: 'Run', cell: ({ getValue }) => (getValue() ? `#${getValue()}` : '') }),
]);

/** j / k (or ↓ / ↑ on a row's link) go to the next / previous order, x selects it, as in a mail client. */
function moveFocus(e: React.KeyboardEvent<HTMLElement>) {
  const target = e.target as HTMLElement;
  if (e.altKey || e.ctrlKey || e.metaKey) return;
  const onLink = target.matches('a[data-row-link]');
  const onCheckbox = target.matches('input[type=checkbox]');
  const down = e.key === 'j' || (onLink && e.key === 'ArrowDown');
  const up = e.key === 'k' || (onLink && e.key === 'ArrowUp');
  if (!onLink && !onCheckbox) return;
  if (e.key === 'x' && onLink) {
    e.preventDefault();
    target.closest('tr')?.querySelector<HTMLInputElement>('input[type=checkbox]')?.click();
    return;
  }
  if (!down && !up) return;
  const links = [...e.currentTarget.querySelectorAll<HTMLAnchorElement>('a[data-row-link]')];
  const row = target.closest('tr');
  const at = links.findIndex((l) => l.closest('tr') === row);
  const next = links[Math.min(links.length - 1, Math.max(0, at + (down ? 1 : -1)))];
  if (next) {
    e.preventDefault();
    next.focus();
  }
}

interface Props {
  rows: QueueRow[];
  selection: RowSelectionState;
  onSelectionChange: (next: RowSelectionState) => void;
}

/** The dense queue: one line per order, a checkbox per row and one for all loaded rows. */
export function QueueTable({ rows, selection, onSelectionChange }: Props) {
  const table = useTable({
    features,
    columns,
    data: rows,
    getRowId: (row) => String(row.id),
    state: { rowSelection: selection },
    onRowSelectionChange: (updater) => onSelectionChange(typeof updater === 'function' ? updater(selection) : updater),
  });
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: j/k only move focus between the rows' own links; Tab works as ever
    <div className="overflow-x-auto rounded border border-slate-200 bg-white" onKeyDown={moveFocus}>
      <table className="w-full border-collapse text-sm" aria-label="Orders">
        <thead className="sticky top-0 bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className={`px-2 py-2 font-semibold ${(header.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'text-right' : ''}`}>
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody>
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className={`border-t border-slate-100 ${row.getIsSelected() ? 'bg-sky-50' : 'hover:bg-slate-50'} focus-within:bg-amber-50`}>
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className={`px-2 py-1.5 ${(cell.column.columnDef.meta as { numeric?: boolean } | undefined)?.numeric ? 'text-right tabular-nums' : ''}`}>
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No orders match these filters.</p> : null}
    </div>
  );
}
