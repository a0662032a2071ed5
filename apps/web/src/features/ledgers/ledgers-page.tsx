import { AGING_BUCKETS } from '@shop/domain/ledgers';
import { formatRupees } from '@shop/domain/money';
import type { Ledgers } from '@shop/domain/orders';
import { useQuery } from '@tanstack/react-query';
import { AccountSideNav } from '../../components/ui/account-side-nav.tsx';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';

/** SPEC 2 Outstandings: ledger entries with the four aging buckets; the Credit outstanding total. */
export function LedgersPage() {
  const { user, isGuest } = useSession();
  // SPEC 6: ledgers are fetched for non-Guest users only.
  const ledgers = useQuery({
    queryKey: ['ledgers', user?.id],
    enabled: user != null && !isGuest,
    queryFn: ({ signal }) => api<Ledgers>('/api/ledgers', { query: { BusinessUserId: user?.id }, signal }),
  });
  const data = ledgers.data;
  const hasCredit = data?.entries.some((e) => e.payment_mode === 'Credit') ?? false;
  return (
    <main className="mx-auto flex max-w-6xl gap-6 px-4 py-6">
      <AccountSideNav />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold">Outstandings</h1>
        {ledgers.isLoading ? (
          <p role="status" className="mt-4 text-sm text-slate-600">Loading ledgers…</p>
        ) : !data || data.entries.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">There is no ledgers for this specific user!</p>
        ) : (
          <>
            <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
              <Figure label="Total Spent" value={data.total_spent} />
              <Figure label="Payable" value={data.payable} />
              {hasCredit && <Figure label="Credit Outstanding" value={data.credit_outstanding} testId="credit-outstanding" />}
            </dl>
            <h2 className="mt-6 text-lg font-bold">Aging (days)</h2>
            <dl className="mt-2 grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Aging buckets">
              {AGING_BUCKETS.map((b) => (
                <Figure key={b.key} label={b.label} value={data.buckets[b.key]} testId={`bucket-${b.label}`} />
              ))}
            </dl>
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling table must be reachable by keyboard (axe scrollable-region-focusable). */}
            <div className="mt-6 overflow-x-auto rounded-lg border border-slate-200 bg-white" role="region" aria-label="Ledger entries" tabIndex={0}>
              <table className="w-full min-w-[44rem] text-left text-sm">
                <caption className="sr-only">Ledger entries</caption>
                <thead className="border-b bg-slate-50 text-xs uppercase text-slate-600">
                  <tr>
                    <th scope="col" className="p-2">Invoice</th>
                    <th scope="col" className="p-2 text-right">Total Spent</th>
                    <th scope="col" className="p-2 text-right">Payable</th>
                    <th scope="col" className="p-2">Payable By</th>
                    <th scope="col" className="p-2">Payment Mode</th>
                    {AGING_BUCKETS.map((b) => (
                      <th key={b.key} scope="col" className="p-2 text-right">{b.label}</th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {data.entries.map((e) => (
                    <tr key={e.id}>
                      <td className="p-2 whitespace-nowrap">{e.invoice_number ?? '-'}</td>
                      <td className="p-2 text-right whitespace-nowrap">{formatRupees(e.total_spent)}</td>
                      <td className="p-2 text-right whitespace-nowrap">{formatRupees(e.payable)}</td>
                      <td className="p-2 whitespace-nowrap">{e.payable_by}</td>
                      <td className="p-2">{e.payment_mode}</td>
                      {AGING_BUCKETS.map((b) => (
                        <td key={b.key} className="p-2 text-right whitespace-nowrap">{formatRupees(e[b.key])}</td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p className="mt-2 text-xs text-slate-600">Aged on {data.as_of} from each entry's payable-by date.</p>
          </>
        )}
      </div>
    </main>
  );
}

function Figure({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3">
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="text-lg font-bold" data-testid={testId}>{formatRupees(value)}</dd>
    </div>
  );
}
