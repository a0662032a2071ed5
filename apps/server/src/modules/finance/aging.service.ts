// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import {
  type AGING_SORTS,
  type AgingRow,
  type AgingSummary,
  agingOfOpen,
  bucketsOf,
  type Buckets,
  csvLine,
  overdueOf,
} from '@shop/domain/finance';
import { todayKarachi } from '@shop/domain/ledgers';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { openAmountSql, rows } from './postings.service.ts';

/** Issue 18: the aging summary of all businesses (the buckets of packages/domain) and the dashboard's overdue figures. */
interface OpenByBusiness {
  business_id: number;
  name: string;
  payment_mode: string;
  balance: string;
  entries: { open: string; payable_by: string }[] | string;
}

/** Every business that owes or is owed, with its aging by the buyer's function; sortable by overdue. */
export async function agingSummary(db: Db, options: { sort: (typeof AGING_SORTS)[number]; dir: 'asc' | 'desc' }, now = new Date()): Promise<AgingSummary> {
  const today = todayKarachi(now);
  const list = await rows<OpenByBusiness>(
    db,
    sql`select b.id as business_id, b.name, b.payment_mode, bal.balance::text as balance,
      (select coalesce(json_agg(json_build_object('open', x.open::text, 'payable_by', x.payable_by::text)), '[]'::json)
        from (select ${openAmountSql(sql`l`)} as open, l.payable_by from ledgers l where l.business_id = b.id) x where x.open > 0) as entries
    from businesses b join (select distinct on (business_id) business_id, balance from ledger_postings order by business_id, posted_at desc, id desc) bal on bal.business_id = b.id
    where bal.balance <> 0 or exists (select 1 from ledgers l where l.business_id = b.id and ${openAmountSql(sql`l`)} > 0)`,
  );
  const totals = { zero_to_zero: 0, one_to_fourteen: 0, fifteen_to_twentynine: 0, thirty_to_onward: 0 };
  const result: (AgingRow & { _overdue: Paisa; _balance: Paisa })[] = list.map((b) => {
    const entries = typeof b.entries === 'string' ? (JSON.parse(b.entries) as { open: string; payable_by: string }[]) : b.entries;
    const aging = agingOfOpen(
      entries.map((e) => ({ open: toPaisa(e.open), payableBy: e.payable_by })),
      today,
    );
    for (const k of Object.keys(totals) as (keyof typeof totals)[]) totals[k] += aging[k];
    const overdue = overdueOf(aging);
    const balance = toPaisa(b.balance);
    return { business_id: b.business_id, name: b.name, payment_mode: b.payment_mode, balance: fromPaisa(balance), overdue: fromPaisa(overdue), buckets: bucketsOf(aging), _overdue: overdue, _balance: balance };
  });
  const sign = options.dir === 'asc' ? 1 : -1;
  result.sort((a, b) => {
    const by = options.sort === 'name' ? a.name.localeCompare(b.name) : options.sort === 'balance' ? a._balance - b._balance : a._overdue - b._overdue;
    return by === 0 ? a.business_id - b.business_id : sign * by;
  });
  return { as_of: today, rows: result.map(({ _overdue, _balance, ...r }) => r), totals: bucketsOf(totals), overdue: fromPaisa(overdueOf(totals)) };
}

export function agingCsv(summary: AgingSummary): string {
  let csv = csvLine(['Business', 'Payment mode', 'Balance', 'Overdue', '0-0', '1-14', '15-29', '30+']);
  for (const r of summary.rows) csv += csvLine([r.name, r.payment_mode, r.balance, r.overdue, r.buckets.zero_to_zero, r.buckets.one_to_fourteen, r.buckets.fifteen_to_twentynine, r.buckets.thirty_to_onward]);
  const t = summary.totals;
  csv += csvLine(['Total', '', '', summary.overdue, t.zero_to_zero, t.one_to_fourteen, t.fifteen_to_twentynine, t.thirty_to_onward]);
  return csv;
}

/**
 * For the dashboard (issue 18, "overdue money per aging bucket"): the open amounts of all businesses
 * in the buckets the buyer sees, by the same domain function, and the overdue total (1-14, 15-29, 30+).
 */
export async function overdueByAgingBucket(db: Db, now = new Date()): Promise<{ as_of: string; buckets: Buckets; overdue: string }> {
  const summary = await agingSummary(db, { sort: 'overdue', dir: 'desc' }, now);
  return { as_of: summary.as_of, buckets: summary.totals, overdue: summary.overdue };
}

