import type { ColumnDef, RowData } from '@tanstack/react-table';
import { tableFeatures, useTable } from '@tanstack/react-table';

/** The staff tables use no optional feature: rows come filtered and paged from the server. */
export const staffTableFeatures = tableFeatures({});
type Features = typeof staffTableFeatures;

/** A plain, dense table for desktop screens: TanStack Table's models, our markup. */
export function DataTable<TData extends RowData>({
  columns,
  data,
  label,
  empty,
}: {
  // biome-ignore lint/suspicious/noExplicitAny: a column's value type differs per column
  columns: ColumnDef<Features, TData, any>[];
  data: TData[];
  label: string;
  empty: string;
}) {
  const table = useTable({ features: staffTableFeatures, columns, data });
  return (
    <div className="overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <table aria-label={label} className="w-full text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th key={header.id} scope="col" className="px-4 py-2.5 font-semibold">
                  {header.isPlaceholder ? null : <table.FlexRender header={header} />}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {table.getRowModel().rows.map((row) => (
            <tr key={row.id} className="align-top hover:bg-slate-50">
              {row.getAllCells().map((cell) => (
                <td key={cell.id} className="px-4 py-2.5">
                  <table.FlexRender cell={cell} />
                </td>
              ))}
            </tr>
          ))}
          {data.length === 0 && (
            <tr>
              <td colSpan={columns.length} className="px-4 py-8 text-center text-slate-500">{empty}</td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  );
}
