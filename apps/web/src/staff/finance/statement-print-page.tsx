import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { ErrorLine } from '../orders/desk-ui.tsx';
import { PrintFrame } from '../orders/print/print-frame.tsx';
import { financeApi } from './finance-client.ts';
import { karachiDay } from './finance-format.ts';
import { StatementTable } from './statement-panel.tsx';

/** Issue 18: a business's statement of from..to on paper (all pages of it, up to 20,000 entries). */
export function StatementPrintPage() {
  const id = Number(useParams().id);
  const [params] = useSearchParams();
  const from = params.get('from') ?? karachiDay(-90);
  const to = params.get('to') ?? karachiDay();
  const statement = useQuery({
    queryKey: ['staff', 'finance', 'statement-print', id, from, to],
    queryFn: async () => {
      const pages = [await financeApi.statement(id, from, to)];
      while (pages.length < 40 && pages.at(-1)?.next) pages.push(await financeApi.statement(id, from, to, pages.at(-1)?.next ?? undefined));
      return pages;
    },
  });
  const first = statement.data?.[0];
  return (
    <PrintFrame title={first ? `Statement of ${first.business_name}` : 'Statement'} ready={statement.isSuccess}>
      <ErrorLine error={statement.error} />
      {statement.data && first ? (
        <article className="print-page">
          <p className="text-sm uppercase tracking-wide">Wholesale Shop · Statement of account</p>
          <h2 className="text-xl font-bold">
            {first.business_name} (#{first.business_id})
          </h2>
          <p className="mb-3 text-sm">
            {from} to {to} (Pakistan time)
          </p>
          <StatementTable pages={statement.data} />
        </article>
      ) : null}
    </PrintFrame>
  );
}
