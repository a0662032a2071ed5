import type { AgingRow } from '@shop/domain/finance';
import { useQuery } from '@tanstack/react-query';
import { createColumnHelper, tableFeatures, useTable } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router';
import { btn, ErrorLine } from '../orders/desk-ui.tsx';
import { financeApi, financePaths } from './finance-client.ts';
import { BUCKET_LABEL, money } from './finance-format.ts';

type Sort = 'overdue' | 'balance' | 'name';
const features = tableFeatures({});
const helper = createColumnHelper<typeof features, AgingRow>();
const columns = helper.columns([
  helper.accessor('name', {
    header: 'Business',
    meta: { sort: 'name' },
    cell: ({ row }) => (
      <Link className={btn.link} to={financePaths.business(row.original.business_id)}>
        {row.original.name}
      </Link>
    ),
  }),
  helper.accessor('payment_mode', { header: 'Payment mode' }),
  helper.accessor('balance', { header: 'Balance', meta: { numeric: true, sort: 'balance' }, cell: ({ getValue }) => money(getValue()) }),
  helper.accessor('overdue', { header: 'Overdue', meta: { numeric: true, sort: 'overdue' }, cell: ({ getValue }) => <strong>{money(getValue())}</strong> }),
  helper.accessor((r) => r.buckets.zero_to_zero, { id: 'b0', header: BUCKET_LABEL.zero_to_zero, meta: { numeric: true }, cell: ({ getValue }) => money(getValue()) }),
  helper.accessor((r) => r.buckets.one_to_fourteen, { id: 'b1', header: BUCKET_LABEL.one_to_fourteen, meta: { numeric: true }, cell: ({ getValue }) => money(getValue()) }),
  helper.accessor((r) => r.buckets.fifteen_to_twentynine, { id: 'b2', header: BUCKET_LABEL.fifteen_to_twentynine, meta: { numeric: true }, cell: ({ getValue }) => money(getValue()) }),
  helper.accessor((r) => r.buckets.thirty_to_onward, { id: 'b3', header: BUCKET_LABEL.thirty_to_onward, meta: { numeric: true }, cell: ({ getValue }) => money(getValue()) }),
]);
type Meta = { numeric?: boolean; sort?: Sort } | undefined;

/** Issue 18: every business that owes, in the buyer's aging buckets, sorted by overdue money (server-side). */
export function AgingPage() {
  const [params, setParams] = useSearchParams();
  const sort = (['overdue', 'balance', 'name'].includes(params.get('sort') ?? '') ? params.get('sort') : 'overdue') as Sort;
  const dir = params.get('dir') === 'asc' ? 'asc' : 'desc';
  const summary = useQuery({ queryKey: ['staff', 'finance', 'aging', sort, dir], queryFn: () => financeApi.aging(sort, dir) });
  const table = useTable({ features, columns, data: summary.data?.rows ?? [], getRowId: (r) => String(r.business_id) });
  const sortBy = (s: Sort) => setParams({ sort: s, dir: s === sort && dir === 'desc' ? 'asc' : 'desc' });
  const t = summary.data?.totals;
  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Aging summary</h1>
        {summary.data ? <span className="text-sm text-slate-600">as of {summary.data.as_of} (Pakistan)</span> : null}
        <div className="ml-auto flex gap-2">
          <a className={btn.secondary} href={financeApi.agingCsvUrl(sort, dir)} download>
            Export CSV
          </a>
          <button type="button" className={btn.secondary} onClick={() => window.print()}>
            Print
          </button>
          <Link className={btn.secondary} to={financePaths.businesses}>
            Business ledgers
          </Link>
        </div>
      </header>
      <ErrorLine error={summary.error} />
      {summary.data ? (
        <p className="text-sm">
          Overdue in all: <strong>{money(summary.data.overdue)}</strong>
        </p>
      ) : null}
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Aging by business">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const meta = header.column.columnDef.meta as Meta;
                  const active = meta?.sort === sort;
                  return (
                    <th key={header.id} scope="col" aria-sort={active ? (dir === 'asc' ? 'ascending' : 'descending') : undefined} className={`px-2 py-2 font-semibold ${meta?.numeric ? 'text-right' : ''}`}>
                      {meta?.sort ? (
                        <button type="button" className="uppercase hover:underline" onClick={() => sortBy(meta.sort as Sort)}>
                          <table.FlexRender header={header} /> {active ? (dir === 'asc' ? '▲' : '▼') : ''}
                        </button>
                      ) : (
                        <table.FlexRender header={header} />
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id} className="border-t border-slate-100 hover:bg-slate-50">
                {row.getAllCells().map((cell) => (
                  <td key={cell.id} className={`px-2 py-1.5 ${(cell.column.columnDef.meta as Meta)?.numeric ? 'text-right tabular-nums whitespace-nowrap' : ''}`}>
                    <table.FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
          {t ? (
            <tfoot className="border-t-2 border-slate-300 font-semibold whitespace-nowrap">
              <tr>
                <td className="px-2 py-2" colSpan={3}>
                  Total
                </td>
                <td className="px-2 py-2 text-right tabular-nums">{money(summary.data?.overdue ?? '0.00')}</td>
                <td className="px-2 py-2 text-right tabular-nums">{money(t.zero_to_zero)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{money(t.one_to_fourteen)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{money(t.fifteen_to_twentynine)}</td>
                <td className="px-2 py-2 text-right tabular-nums">{money(t.thirty_to_onward)}</td>
              </tr>
            </tfoot>
          ) : null}
        </table>
        {summary.isSuccess && summary.data.rows.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No business owes anything.</p> : null}
      </div>
    </div>
  );
}
