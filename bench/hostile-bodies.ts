// Issue 14, point 8: no single request holds the event loop for more than 50 ms. Every write route of
// a production app (app.routeList) gets the hostile bodies of apps/server/test/hostile-bodies.ts
// (compressed bombs, plain bodies just under a size limit whose shape is hostile), as a signed-in demo
// orderer; the longest the event loop goes without running a 2 ms timer while one request is answered
// is its stall. A loaded machine pauses the process now and then, a request that walks megabytes is
// slow every time: a body's stall is the least of `tries` tries. Budget: every stall under 50 ms.
// The suite's body-bounds.test.ts counts instead (no hostile body is parsed, a compressed one is
// refused at its bound), so it cannot fail on a busy machine; this measures the time (issue 38).
// Run (in process, the embedded database with the demo data; ~1 min):
//   npx tsx bench/hostile-bodies.ts [tries per body, default 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { createMailer } from '../apps/server/src/lib/mailer.ts';
import { createTokenService } from '../apps/server/src/lib/tokens.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { hostileBodies } from '../apps/server/test/hostile-bodies.ts';

const BUDGET_MS = 50;
const tries = Number(process.argv[2] ?? 3);

/** The longest the event loop went without running a 2 ms timer while `run` was in progress. */
async function longestStall(run: () => Promise<unknown>): Promise<number> {
  let last = performance.now();
  let longest = 0;
  const probe = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 2);
  await new Promise((r) => setTimeout(r, 6));
  longest = 0;
  last = performance.now();
  await run();
  await new Promise((r) => setTimeout(r, 6));
  clearInterval(probe);
  return Math.max(longest, performance.now() - last);
}

const database = await openDatabase({});
await database.migrate();
await seedDemo(database.db);
const dataDir = mkdtempSync(join(tmpdir(), 'bench-hostile-'));
const app = await buildApp({
  db: database.db,
  dbKind: database.kind,
  tokens: createTokenService('bench-secret-bench-secret-bench-secret-0123456789'),
  mailer: createMailer({ from: 'bench@shop.local', db: database.db }),
  config: { DATA_DIR: dataDir, TRUST_PROXY: 0, NODE_ENV: 'production', WEB_DIST: join(dataDir, 'none'), SEARCH_RATE_LIMIT: 0 },
});
await app.ready();
// The copies' first loads hold the loop themselves: measured after them.
while (!app.copies.every((c) => c.loaded)) await new Promise((r) => setTimeout(r, 100));
const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'orderer@demo.pk', password: 'Demo@12345' } });
if (login.statusCode !== 200) throw new Error(`sign-in ${login.statusCode} ${login.body}`);
const orderer = { authorization: `Bearer ${(login.json() as { data: { token: string } }).data.token}` };

const bodies = hostileBodies();
const writes = app.routeList.filter((r) => !['GET', 'HEAD', 'OPTIONS'].includes(r.method) && !r.url.startsWith('/api/docs'));
const stalls: { what: string; ms: number; status: number }[] = [];
for (const route of writes) {
  const url = route.url.replace(/:\w+\??/g, '1');
  for (const body of bodies) {
    const send = () => app.inject({ method: route.method as 'POST', url, headers: { ...orderer, 'content-type': 'application/json', ...body.headers }, payload: body.payload });
    let status = 0;
    let least = Number.POSITIVE_INFINITY;
    for (let attempt = 0; attempt < tries && least > BUDGET_MS; attempt++) {
      least = Math.min(least, await longestStall(async () => (status = (await send()).statusCode)));
    }
    stalls.push({ what: `${route.method} ${route.url} ${body.name}`, ms: least, status });
  }
}
stalls.sort((a, b) => b.ms - a.ms);
const over = stalls.filter((s) => s.ms > BUDGET_MS);
for (const s of stalls.slice(0, 5)) console.log(`${s.ms.toFixed(1).padStart(6)} ms  ${s.status}  ${s.what}`);
console.log(
  JSON.stringify({ routes: writes.length, bodies: bodies.length, requests: stalls.length, worst_ms: Math.round(stalls[0]?.ms ?? 0), over: over.map((s) => `${s.what}: ${Math.round(s.ms)} ms`), budget_ms: BUDGET_MS }),
);
if (over.length > 0) process.exitCode = 1;
await app.close();
await database.close();
rmSync(dataDir, { recursive: true, force: true });
