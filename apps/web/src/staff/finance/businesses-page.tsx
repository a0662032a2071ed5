import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { btn, ErrorLine, field } from '../orders/desk-ui.tsx';
import { financeApi, financePaths } from './finance-client.ts';
import { money } from './finance-format.ts';

/** Issue 18: Finance finds a business (by name or number) and opens its ledger. */
export function FinanceBusinessesPage() {
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const [text, setText] = useState(search);
  const list = useQuery({ queryKey: ['staff', 'finance', 'businesses', search], queryFn: () => financeApi.businesses(search) });
  return (
    <div className="flex flex-col gap-3 p-4">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">Business ledgers</h1>
        <Link className={`${btn.secondary} ml-auto`} to={financePaths.aging}>
          Aging summary
        </Link>
      </header>
      <form
        role="search"
        className="flex items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setParams(text.trim() ? { search: text.trim() } : {});
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Business name or number
          <input className={`${field} w-80`} value={text} maxLength={100} onChange={(e) => setText(e.target.value)} />
        </label>
        <button type="submit" className={btn.primary}>
          Find
        </button>
      </form>
      <ErrorLine error={list.error} />
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Businesses">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">Business</th>
              <th scope="col" className="px-2 py-2">City</th>
              <th scope="col" className="px-2 py-2">Payment mode</th>
              <th scope="col" className="px-2 py-2 text-right">Credit limit</th>
              <th scope="col" className="px-2 py-2 text-right">Balance</th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((b) => (
              <tr key={b.id} className="border-t border-slate-100 hover:bg-slate-50">
                <td className="px-2 py-1.5">
                  <Link className={btn.link} to={financePaths.business(b.id)}>
                    {b.name}
                  </Link>
                  <span className="ml-2 text-xs text-slate-500">#{b.id}</span>
                </td>
                <td className="px-2 py-1.5">{b.city ?? '—'}</td>
                <td className="px-2 py-1.5">{b.payment_mode}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{money(b.credit_limit)}</td>
                <td className="px-2 py-1.5 text-right tabular-nums">{money(b.balance)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {list.isSuccess && list.data.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No business matches “{search}”.</p> : null}
        {list.isPending ? <p className="p-6 text-center text-sm text-slate-500">Loading…</p> : null}
      </div>
    </div>
  );
}
