// Issue 19: the catalogue's CSV import at 10,000 rows. On the demo data (about 2,400 products) the
// file changes the price and stock of every existing product and adds new ones up to 10,000 rows; the
// staff API previews it (nothing written), applies it (one transaction, one batch) and undoes it (a
// reverse batch), each timed once the way a person's click runs it (through the app, signed in).
//   npx tsx bench/catalogue-import.ts /tmp/data-import-bench                                (embedded database)
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/import_bench npx tsx bench/catalogue-import.ts -
// Budget: preview < 5 s, apply < 30 s.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createTokenService } from '../apps/server/src/lib/tokens.ts';
import { isDatabaseEmpty, seedDemo } from '../apps/server/src/seed/demo.ts';
import { signInStaff } from '../apps/server/test/staff.ts';

const ROWS = Number(process.env.ROWS ?? 10_000);
const [arg] = process.argv.slice(2);
const dir = arg && arg !== '-' ? resolve(arg) : mkdtempSync(join(tmpdir(), 'import-bench-'));
const database = await openDatabase(process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, poolSize: 4 } : { dataDir: join(dir, 'pglite') });
await database.migrate();
const db = database.db;
if (await isDatabaseEmpty(db)) {
  console.log('loading the demo data (once)...');
  await seedDemo(db);
}
const loads: string[] = [];
const app = await buildApp({
  db,
  dbKind: database.kind,
  tokens: createTokenService('bench-secret-bench-secret-bench-secret-0123'),
  mailer: createMailer({ from: 'bench@shop.local', db }),
  logger: {
    level: 'info',
    stream: {
      write(line: string) {
        const e = JSON.parse(line) as { msg?: string; ms?: number };
        if (e.msg?.endsWith('index loaded')) loads.push(`${e.msg} in ${e.ms} ms`);
      },
    },
  },
  config: { DATA_DIR: dir, TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: '/nonexistent' },
});
await app.ready();
const staff = await signInStaff({ app, database } as unknown as Parameters<typeof signInStaff>[0], { email: `import-bench-${Date.now()}@staff.pk`, roles: ['Catalogue'] });

const exported = (await staff.inject({ method: 'GET', url: '/api/staff/catalogue/export.csv' })).body;
const [header, ...existing] = exported.split('\r\n').filter(Boolean);
const run = Date.now().toString(36);
const lines = [header];
// Every existing product: price + Rs. 1 and stock + 1 (a line whose cells are quoted keeps its text; only the last cells move).
for (const line of existing.slice(0, ROWS)) {
  const cells = line.split(',');
  const n = cells.length;
  cells[n - 5] = (Number(cells[n - 5]) + 1).toFixed(2);
  cells[n - 2] = String(Number(cells[n - 2]) + 1);
  lines.push(cells.join(','));
}
// New products up to ROWS, in the categories and brands of existing ones.
for (let i = 0; lines.length <= ROWS; i++) {
  const cells = (existing[i % existing.length] as string).split(',');
  cells[0] = `BENCH-${run}-${i}`;
  cells[1] = `Bench Product ${run} ${i}`;
  lines.push(cells.join(','));
}
const csv = `${lines.join('\n')}\n`;
console.log(`${lines.length - 1} rows (${Math.min(existing.length, ROWS)} changed, ${lines.length - 1 - Math.min(existing.length, ROWS)} new), ${(csv.length / 1e6).toFixed(1)} MB`);

async function timed<T>(name: string, url: string, payload?: object): Promise<{ ms: number; data: T }> {
  const t = performance.now();
  const res = await staff.inject({ method: 'POST', url, payload });
  const ms = performance.now() - t;
  if (res.statusCode !== 200) throw new Error(`${name}: ${res.statusCode} ${res.body.slice(0, 300)}`);
  console.log(`${name.padEnd(10)} ${(ms / 1000).toFixed(2)} s`);
  return { ms, data: (res.json() as { data: T }).data };
}

const preview = await timed<{ new_rows: unknown[]; changed: unknown[]; errors: unknown[]; fingerprint: string }>('preview', '/api/staff/catalogue/imports/preview', { file_name: 'bench.csv', csv });
console.log(`           ${preview.data.new_rows.length} new, ${preview.data.changed.length} changed, ${preview.data.errors.length} errors`);
if (preview.data.errors.length) throw new Error(JSON.stringify(preview.data.errors.slice(0, 3)));
const apply = await timed<{ batch_id: number; created: number; updated: number }>('apply', '/api/staff/catalogue/imports', { file_name: 'bench.csv', csv, fingerprint: preview.data.fingerprint });
const undo = await timed<{ updated: number }>('undo', `/api/staff/catalogue/imports/${apply.data.batch_id}/undo`);
console.log(`           applied ${apply.data.created} new and ${apply.data.updated} changed; undo restored ${undo.data.updated}`);
// The copies reload after each write (until incremental change lands): their load times.
await new Promise((r) => setTimeout(r, 3_000));
console.log(`copy loads: ${loads.join('; ')}`);
const pass = preview.ms < 5_000 && apply.ms < 30_000;
console.log(`preview ${(preview.ms / 1000).toFixed(2)} s (budget 5 s), apply ${(apply.ms / 1000).toFixed(2)} s (budget 30 s): ${pass ? 'PASS' : 'FAIL'}`);
await app.close();
await database.close();
process.exit(pass ? 0 : 1);
