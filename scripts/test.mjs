// npm test: the whole suite. Unit and API tests (Vitest) on the embedded database, again on
// PostgreSQL when TEST_DATABASE_URL is set, then the end-to-end tests against a production build.
import { spawnSync } from 'node:child_process';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const failures = [];
let passed = 0;

function step(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}`);
  const started = Date.now();
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  console.log(`=== ${name}: ${result.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (result.status === 0) passed++;
  else failures.push(name);
}

const only = process.argv[2];
if (!only || only === 'unit') {
  const { TEST_DATABASE_URL, ...withoutPg } = process.env;
  console.log('\n=== unit and API tests on the embedded database (PGlite)');
  const started = Date.now();
  const r = spawnSync('npx', ['vitest', 'run'], { cwd: root, stdio: 'inherit', env: withoutPg });
  console.log(`=== PGlite suite: ${r.status === 0 ? 'passed' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status === 0) passed++;
  else failures.push('unit and API tests (PGlite)');
  if (TEST_DATABASE_URL) {
    step('API tests on PostgreSQL', 'npx', ['vitest', 'run', '--project', 'server'], { TEST_DATABASE_URL });
    // Issue 7, short form: orders under SIGKILLed servers and a PostgreSQL restart. It restarts the
    // local cluster, so it runs only where that is ours to do (pg_ctlcluster, as on our machines and CI).
    if (spawnSync('sh', ['-c', 'command -v pg_ctlcluster']).status === 0) {
      step('crash safety on PostgreSQL (short)', 'npx', ['tsx', 'bench/crash-safety.ts', '--short'], { PG_URL: TEST_DATABASE_URL });
    }
  } else console.log('\n(TEST_DATABASE_URL is not set: the API tests ran on the embedded database only)');
}
if (!only || only === 'e2e') {
  ensureWebBuild();
  step('end-to-end tests (Playwright, Chromium)', 'npm', ['test', '-w', '@shop/e2e']);
}

console.log(`\nsuites: ${passed} passed, ${failures.length} failed`);
if (failures.length) {
  console.log(`failed: ${failures.join(', ')}`);
  process.exit(1);
}
