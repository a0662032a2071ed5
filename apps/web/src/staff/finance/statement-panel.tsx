import { STATEMENT_KIND_LABEL, type Statement } from '@shop/domain/finance';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { karachiDateTime } from '../orders/desk-format.ts';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { financeApi, financePaths } from './finance-client.ts';
import { karachiDay, money } from './finance-format.ts';

export function StatementTable({ pages }: { pages: Statement[] }) {
  const first = pages[0];
  const last = pages.at(-1);
  if (!first || !last) return null;
  return (
    <table className="w-full border-collapse text-sm [&_td:not(:nth-child(4))]:whitespace-nowrap" aria-label="Statement">
      <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
        <tr>
          <th scope="col" className="px-2 py-1.5">Date (PKT)</th>
          <th scope="col" className="px-2 py-1.5">Entry</th>
          <th scope="col" className="px-2 py-1.5">Reference</th>
          <th scope="col" className="px-2 py-1.5">Details</th>
          <th scope="col" className="px-2 py-1.5 text-right">Debit</th>
          <th scope="col" className="px-2 py-1.5 text-right">Credit</th>
          <th scope="col" className="px-2 py-1.5 text-right">Balance</th>
        </tr>
      </thead>
      <tbody>
        <tr className="border-t border-slate-100 font-medium">
          <td className="px-2 py-1">{first.from}</td>
          <td className="px-2 py-1" colSpan={5}>
            Opening balance
          </td>
          <td className="px-2 py-1 text-right tabular-nums">{money(first.opening_balance)}</td>
        </tr>
        {pages.flatMap((p) =>
          p.entries.map((e) => (
            <tr key={e.id} className="border-t border-slate-100">
              <td className="whitespace-nowrap px-2 py-1">{karachiDateTime(e.at)}</td>
              <td className="px-2 py-1">{STATEMENT_KIND_LABEL[e.kind]}</td>
              <td className="px-2 py-1 font-mono text-xs">{e.reference}</td>
              <td className="px-2 py-1">{e.memo}</td>
              <td className="px-2 py-1 text-right tabular-nums">{e.debit === '0.00' ? '' : money(e.debit)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{e.credit === '0.00' ? '' : money(e.credit)}</td>
              <td className="px-2 py-1 text-right tabular-nums">{money(e.balance)}</td>
            </tr>
          )),
        )}
        {last.next === null ? (
          <tr className="border-t-2 border-slate-300 font-semibold">
            <td className="px-2 py-1">{first.to}</td>
            <td className="px-2 py-1" colSpan={5}>
              Closing balance
            </td>
            <td className="px-2 py-1 text-right tabular-nums">{money(first.closing_balance)}</td>
          </tr>
        ) : null}
      </tbody>
    </table>
  );
}

/** Issue 18: a statement for a date range, 500 entries a page, with CSV export and a printable page. */
export function StatementPanel({ businessId }: { businessId: number }) {
  const [range, setRange] = useState({ from: karachiDay(-90), to: karachiDay() });
  const [draft, setDraft] = useState(range);
  const statement = useInfiniteQuery({
    queryKey: ['staff', 'finance', 'statement', businessId, range.from, range.to],
    queryFn: ({ pageParam }) => financeApi.statement(businessId, range.from, range.to, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
  });
  return (
    <Panel title="Statement">
      <form
        className="no-print mb-2 flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setRange(draft);
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          From
          <input type="date" className={field} value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          To
          <input type="date" className={field} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        </label>
        <button type="submit" className={btn.secondary}>
          Show
        </button>
        <a className={btn.secondary} href={financeApi.statementCsvUrl(businessId, range.from, range.to)} download>
          Export CSV
        </a>
        <Link className={btn.secondary} to={financePaths.statementPrint(businessId, range.from, range.to)}>
          Print statement
        </Link>
      </form>
      <ErrorLine error={statement.error} />
      <div className="max-h-[32rem] overflow-auto">{statement.data ? <StatementTable pages={statement.data.pages} /> : <p className="text-sm text-slate-500">Loading statement…</p>}</div>
      {statement.hasNextPage ? (
        <button type="button" className={`${btn.secondary} mt-2`} disabled={statement.isFetchingNextPage} onClick={() => void statement.fetchNextPage()}>
          Show more entries
        </button>
      ) : null}
    </Panel>
  );
}
