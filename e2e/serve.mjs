// Starts the production server on a fresh embedded database for the end-to-end tests: a copy of a
// data folder with the demo made once per run (demo-folder.ts), which other servers of the run copy too.
import { spawn, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureServerBuild, serverBuild } from '../scripts/server-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const demo = join(tmpdir(), `shop-e2e-demo-${process.env.PORT ?? 3100}`);
rmSync(demo, { recursive: true, force: true });
const made = spawnSync(process.execPath, ['--import', 'tsx', 'e2e/tools/demo-data.ts', demo], { cwd: root, stdio: 'inherit' });
if (made.status !== 0) process.exit(made.status ?? 1);
const dataDir = mkdtempSync(join(tmpdir(), 'shop-e2e-'));
cpSync(demo, dataDir, { recursive: true });
// The server as `npm start` runs it: its built file (scripts/server-build.mjs).
await ensureServerBuild();
const child = spawn(process.execPath, [serverBuild], {
  cwd: root,
  stdio: 'inherit',
  // WEB_DIST lets several checkouts' test runs each serve their own build.
  env: { ...process.env, NODE_ENV: 'production', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '' },
});
const stop = () => child.kill('SIGTERM');
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
child.on('exit', (code) => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(demo, { recursive: true, force: true });
  process.exit(code ?? 0);
});
