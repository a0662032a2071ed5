// What the session check of issue 14 costs per request, in one process so the machine's other work
// cancels out: the same empty API route (an unknown /api path, no database) injected with no token,
// a guest token (stateless, as before) and a signed-in buyer's token (signature from the cache, then
// the revocation lookup and the half-life test), in alternating rounds. The revoked set is filled
// with 10,000 ids first, far more than 15 minutes of sign-outs would leave.
//   npx tsx bench/session-check.ts [requests per round]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { businesses, businessUsers } from '../apps/server/src/db/schema/business.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { accessToken, startSession } from '../apps/server/src/lib/sessions.ts';
import { createTokenService } from '../apps/server/src/lib/tokens.ts';

const perRound = Number(process.argv[2] ?? 20_000);
const database = await openDatabase({});
await database.migrate();
const dataDir = mkdtempSync(join(tmpdir(), 'bench-session-'));
const tokens = createTokenService('bench-secret-bench-secret-bench-secret-0123456789');
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  tokens,
  mailer: createMailer({ from: 'bench@shop.local', db: database.db }),
  config: { DATA_DIR: dataDir, TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: join(dataDir, 'none'), SEARCH_RATE_LIMIT: 0 },
});
await app.ready();

const [business] = await database.db.insert(businesses).values({ name: 'Bench Traders' }).returning();
const [user] = await database.db
  .insert(businessUsers)
  .values({ businessId: business?.id as number, type: 'Orderer', name: 'Bench Buyer', email: 'bench@test.pk', passwordHash: 'x', emailProvenAt: new Date().toISOString() })
  .returning();
const session = await startSession(database.db, user?.id as number);
const buyer = await accessToken(tokens, { userId: user?.id as number, type: 'Orderer', businessId: business?.id as number }, session);
const guest = await tokens.sign({ userId: 0, type: 'Guest', businessId: null });
app.revocations.add(Array.from({ length: 10_000 }, (_, i) => `revoked-${i}`));

const variants: Array<[string, Record<string, string>]> = [
  ['no token', {}],
  ['guest token', { authorization: `Bearer ${guest}` }],
  ['signed-in buyer token', { authorization: `Bearer ${buyer}` }],
];
const totals = new Map<string, number[]>();
for (let round = 0; round < 5; round++) {
  for (const [name, headers] of variants) {
    // CPU time of this process, not wall time: the other work on a shared machine does not count.
    const started = process.cpuUsage();
    for (let i = 0; i < perRound; i++) {
      const res = await app.inject({ method: 'GET', url: '/api/__empty__', headers });
      if (res.statusCode !== 404) throw new Error(`${name}: ${res.statusCode} ${res.body}`);
    }
    const used = process.cpuUsage(started);
    const us = (used.user + used.system) / perRound;
    totals.set(name, [...(totals.get(name) ?? []), us]);
  }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;
const base = median(totals.get('guest token') as number[]);
for (const [name] of variants) {
  const m = median(totals.get(name) as number[]);
  console.log(`${name.padEnd(24)} median ${m.toFixed(1)} µs CPU per request (rounds ${(totals.get(name) as number[]).map((x) => x.toFixed(1)).join(', ')})  vs guest ${(m - base >= 0 ? '+' : '') + (m - base).toFixed(1)} µs`);
}
const lookups = 1_000_000;
const ids = Array.from({ length: 1000 }, (_, i) => (i % 2 ? session.id : `revoked-${i * 10}`));
const t0 = process.hrtime.bigint();
let hits = 0;
for (let i = 0; i < lookups; i++) if (app.revocations.isRevoked(ids[i % 1000] as string)) hits++;
console.log(`revocation lookup alone: ${(Number(process.hrtime.bigint() - t0) / lookups).toFixed(0)} ns (${hits} of ${lookups} revoked)`);
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
