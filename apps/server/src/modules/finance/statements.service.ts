// Issue 18 "Payments and ledgers" (docs/decisions/012-payments-and-ledgers.md): every posting is one
// transaction, serialised per business by an advisory lock, with its audit entry.
import {
  csvLine,
  STATEMENT_KIND_LABEL,
  type Statement,
  type StatementKind,
  type StatementQuery,
} from '@shop/domain/finance';
import { karachiDayStart, toKarachiIso } from '@shop/domain/karachi-time';
import { fromPaisa, type Paisa, toPaisa } from '@shop/domain/money';
import { type SQL, sql } from 'drizzle-orm';
import { type Db, jsonRows } from '../../db/client.ts';
import { isoTime } from '../../db/schema/common.ts';
import { notFound, unprocessable } from '../../lib/http-error.ts';
import { rows } from './postings.service.ts';

/** Issue 18: a business's statement (opening balance, entries, running balance) and its CSV. */
interface PostingRow {
  id: number;
  posted_at: string;
  kind: StatementKind;
  reference: string;
  memo: string;
  reason: string | null;
  amount: string;
  balance: string;
}

/**
 * toKarachiIso for many instants: the domain's Intl-based conversion costs about a millisecond per call
 * on a busy machine, a statement page has 500 instants. The offset is read from the zone once per UTC
 * day (and per instant on a day whose first and last offsets differ, should Pakistan ever change
 * clocks again), then applied by arithmetic.
 */
function karachiIsoOf(): (utcIso: string) => string {
  const offsets = new Map<string, string | null>();
  return (utcIso) => {
    const day = utcIso.slice(0, 10);
    let offset = offsets.get(day);
    if (offset === undefined) {
      const first = toKarachiIso(`${day}T00:00:00.000Z`).slice(23);
      const last = toKarachiIso(`${day}T23:59:59.999Z`).slice(23);
      offset = first === last ? first : null;
      offsets.set(day, offset);
    }
    if (offset === null || !/^[+-]\d\d:\d\d$/.test(offset)) return toKarachiIso(utcIso);
    const sign = offset.startsWith('-') ? -1 : 1;
    const shift = sign * (Number(offset.slice(1, 3)) * 60 + Number(offset.slice(4, 6))) * 60_000;
    return `${new Date(Date.parse(utcIso) + shift).toISOString().slice(0, 23)}${offset}`;
  };
}

const debitCredit = (amount: Paisa) => ({ debit: fromPaisa(Math.max(0, amount)), credit: fromPaisa(Math.max(0, -amount)) });
const memoOf = (r: { memo: string; reason: string | null }) => (r.reason ? `${r.memo}: ${r.reason}` : r.memo);
/** SQL: the business's balance just before `at` (the running balance of its last posting before it). */
const balanceBefore = (businessId: SQL, at: string) =>
  sql`coalesce((select p.balance from ledger_postings p where p.business_id = ${businessId} and p.posted_at < ${at}::timestamptz order by p.posted_at desc, p.id desc limit 1), 0)::text`;
const postingColumns = sql`id::int, posted_at::text, kind, reference, memo, reason, amount::text, balance::text`;

/**
 * A business's statement for Pakistan days from..to: the balance before `from`, the entries (keyset-paged
 * by `after`) with their running balance, and the balance at the end of `to`. Each posting carries its
 * running balance, so this is two index seeks and one index range of at most `limit` rows, whatever the
 * number of entries before.
 */
export async function readStatement(db: Db, businessId: number, q: StatementQuery): Promise<Statement> {
  const from = karachiDayStart(q.from);
  const to = karachiDayStart(q.to, 1);
  const [head] = await rows<{ name: string; opening: string; closing: string; cursor_at: string | null }>(
    db,
    sql`select b.name, ${balanceBefore(sql`b.id`, from)} as opening, ${balanceBefore(sql`b.id`, to)} as closing,
      ${q.after ? sql`(select posted_at::text from ledger_postings where id = ${q.after} and business_id = b.id)` : sql`null`} as cursor_at
    from businesses b where b.id = ${businessId}::int`,
  );
  if (!head) throw notFound('Business not found');
  if (q.after && !head.cursor_at) throw unprocessable('"after" is not an entry of this statement.');
  // One JSON value instead of 500 rows of 8 columns: on the embedded database, decoding rows through the
  // wire protocol cost more than the query (see jsonRows).
  const page = await jsonRows<PostingRow>(
    db,
    sql`select ${postingColumns} from ledger_postings
    where business_id = ${businessId}::int and posted_at >= ${from}::timestamptz and posted_at < ${to}::timestamptz
      ${q.after ? sql`and (posted_at, id) > (${head.cursor_at}::timestamptz, ${q.after})` : sql``}
    order by ledger_postings.posted_at, ledger_postings.id limit ${q.limit + 1}`,
  );
  const more = page.length > q.limit;
  const shown = page.slice(0, q.limit);
  const karachiIso = karachiIsoOf();
  return {
    business_id: businessId,
    business_name: head.name,
    from: q.from,
    to: q.to,
    opening_balance: fromPaisa(toPaisa(head.opening)),
    closing_balance: fromPaisa(toPaisa(head.closing)),
    entries: shown.map((r) => ({ id: r.id, at: karachiIso(isoTime(r.posted_at)), kind: r.kind, reference: r.reference, memo: memoOf(r), ...debitCredit(toPaisa(r.amount)), balance: fromPaisa(toPaisa(r.balance)) })),
    next: more ? (shown.at(-1)?.id ?? null) : null,
  };
}

/** The whole statement of from..to as CSV (a spreadsheet opens it), with the opening and closing lines. */
export async function statementCsv(db: Db, businessId: number, q: { from: string; to: string }): Promise<{ name: string; csv: string }> {
  const head = await readStatement(db, businessId, { ...q, limit: 1 });
  const all = await rows<PostingRow>(
    db,
    sql`select ${postingColumns} from ledger_postings
    where business_id = ${businessId}::int and posted_at >= ${karachiDayStart(q.from)}::timestamptz and posted_at < ${karachiDayStart(q.to, 1)}::timestamptz order by ledger_postings.posted_at, ledger_postings.id`,
  );
  const karachiIso = karachiIsoOf();
  let csv = csvLine(['Date', 'Type', 'Reference', 'Details', 'Debit', 'Credit', 'Balance']);
  csv += csvLine([q.from, 'Opening balance', '', '', '', '', head.opening_balance]);
  for (const r of all) {
    const { debit, credit } = debitCredit(toPaisa(r.amount));
    csv += csvLine([karachiIso(isoTime(r.posted_at)).slice(0, 10), STATEMENT_KIND_LABEL[r.kind], r.reference, memoOf(r), debit, credit, fromPaisa(toPaisa(r.balance))]);
  }
  csv += csvLine([q.to, 'Closing balance', '', '', '', '', head.closing_balance]);
  return { name: head.business_name, csv };
}

