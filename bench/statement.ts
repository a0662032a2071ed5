// Issue 18: a business's statement at 100,000 entries. Builds the database once (demo data and one
// bench business with 50,000 invoices and 50,000 receipts over two years, posted as the application
// posts them: ledger entries, journal postings, allocations), then asks the staff API for the
// statement one request at a time and prints p50/p95/max per case.
//   npx tsx bench/statement.ts /tmp/data-statement-bench                                (embedded database)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/statement_bench npx tsx bench/statement.ts -
// Budget: p95 < 200 ms for every case.
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createTokenService } from '../apps/server/src/lib/tokens.ts';
import { isDatabaseEmpty, seedDemo } from '../apps/server/src/seed/demo.ts';
import { signInStaff } from '../apps/server/test/staff.ts';

const [dir = '/tmp/data-statement-bench'] = process.argv.slice(2);
const ENTRIES = 100_000;
const ROUNDS = Number(process.env.ROUNDS ?? 40);
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 4 } : { dataDir: join(resolve(dir), 'pglite') });
await database.migrate();
const db = database.db;
const rowsOf = <T>(r: unknown) => (Array.isArray(r) ? r : (r as { rows: T[] }).rows) as T[];

if (await isDatabaseEmpty(db)) await seedDemo(db);
const [existing] = rowsOf<{ id: number }>(await db.execute(sql`select id from businesses where name = 'Statement Bench Traders'`));
let businessId = existing?.id ?? 0;
if (!businessId) {
  const t = performance.now();
  console.log(`building ${ENTRIES} statement entries (once)...`);
  const [b] = rowsOf<{ id: number }>(await db.execute(sql`insert into businesses (name, payment_mode, credit_limit, payment_days) values ('Statement Bench Traders', 'Credit', 900000000, 30) returning id`));
  businessId = b?.id as number;
  const [u] = rowsOf<{ id: number }>(await db.execute(sql`insert into business_users (business_id, type, name, email, password_hash) values (${businessId}, 'Owner', 'Bench Owner', 'statement-bench@bench.pk', 'x') returning id`));
  const half = ENTRIES / 2;
  // Invoice k every ~21 minutes over two years; its receipt an hour later pays it in full.
  await db.execute(sql`insert into ledgers (business_id, business_user_id, total_spent, payable, payable_by, payment_mode, created_at)
    select ${businessId}, ${u?.id}, 1000 + (k % 97) * 10, 1000 + (k % 97) * 10, (now() - ((${half} - k) * interval '21 minutes') + interval '30 days')::date, 'Credit', now() - ((${half} - k) * interval '21 minutes')
    from generate_series(1, ${half}) k`);
  // Both kinds in one statement, in statement order, each with its running balance as the application appends it.
  await db.execute(sql`insert into ledger_postings (business_id, kind, amount, balance, ledger_id, reference, memo, posted_at)
    select business_id, kind, amount, sum(amount) over (order by posted_at, ord), ledger_id, reference, memo, posted_at from (
      select l.business_id, 'invoice' as kind, l.payable as amount, l.id as ledger_id, 'INV-B-' || l.id as reference, 'Credit invoice' as memo, l.created_at as posted_at, 0 as ord
        from ledgers l where l.business_id = ${businessId}
      union all
      select l.business_id, 'receipt', -l.payable, null, 'RCT-B-' || l.id, 'Bank transfer', l.created_at + interval '1 hour', 1
        from ledgers l where l.business_id = ${businessId}) x
    order by posted_at, ord`);
  await db.execute(sql`insert into ledger_allocations (business_id, ledger_id, source_posting_id, posting_id, amount)
    select p.business_id, l.id, p.id, p.id, l.payable from ledger_postings p join ledgers l on p.reference = 'RCT-B-' || l.id where p.business_id = ${businessId} and p.kind = 'receipt'`);
  await db.execute(sql`analyze`);
  console.log(`built in ${((performance.now() - t) / 1000).toFixed(0)} s`);
}
const [{ n } = { n: 0 }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ledger_postings where business_id = ${businessId}`));
console.log(`${n} statement entries for business ${businessId}`);

const app = await buildApp({
  db,
  dbKind: database.kind,
  tokens: createTokenService('bench-secret-bench-secret-bench-secret-0123'),
  mailer: createMailer({ from: 'bench@shop.local', db }),
  config: { DATA_DIR: resolve(dir), TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: '/nonexistent' },
});
await app.ready();
const staff = await signInStaff({ app, database } as unknown as Parameters<typeof signInStaff>[0], { email: `statement-bench-${Date.now()}@staff.pk`, roles: ['Finance'] });
const day = (offset: number) => new Date(Date.now() + 5 * 3_600_000 + offset * 86_400_000).toISOString().slice(0, 10);
const [middle] = rowsOf<{ id: number }>(await db.execute(sql`select id::int from ledger_postings where business_id = ${businessId} order by posted_at, id offset ${Math.floor(n / 2)} limit 1`));

async function measure(name: string, url: string) {
  const times: number[] = [];
  let entries = 0;
  for (let i = 0; i < ROUNDS + 3; i++) {
    const t = performance.now();
    const res = await staff.inject({ method: 'GET', url });
    const ms = performance.now() - t;
    if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    entries = (res.json() as { data: { entries: unknown[] } }).data.entries.length;
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const q = (p: number) => times[Math.min(times.length - 1, Math.floor(p * times.length))]?.toFixed(1);
  console.log(`${name.padEnd(48)} ${String(entries).padStart(4)} rows  p50 ${q(0.5)} ms  p95 ${q(0.95)} ms  max ${times.at(-1)?.toFixed(1)} ms`);
  return Number(q(0.95));
}

const base = `/api/staff/finance/businesses/${businessId}/statement`;
const p95 = [
  await measure('two years, first page (500 entries)', `${base}?from=${day(-800)}&to=${day(0)}`),
  await measure('two years, a page in the middle', `${base}?from=${day(-800)}&to=${day(0)}&after=${middle?.id}`),
  await measure('last 30 days (opening balance of ~98,000)', `${base}?from=${day(-30)}&to=${day(0)}`),
  await measure('one day a year ago', `${base}?from=${day(-365)}&to=${day(-365)}`),
];
const worst = Math.max(...p95);
console.log(`worst p95 ${worst.toFixed(1)} ms (budget 200 ms): ${worst < 200 ? 'PASS' : 'FAIL'}`);
await app.close();
await database.close();
process.exit(worst < 200 ? 0 : 1);
