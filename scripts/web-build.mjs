// Builds the web app when its build is missing or older than its sources.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist/index.html');

/** The newest modification time under a path (a file's own, or the newest of a folder's files). */
export function newest(path) {
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = s.mtimeMs;
  for (const entry of readdirSync(path)) max = Math.max(max, newest(join(path, entry)));
  return max;
}

export function ensureWebBuild({ force = false } = {}) {
  const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/staff.html', 'apps/web/public', 'apps/web/vite.config.ts', 'apps/web/vite.staff.config.ts', 'packages/domain/src']
    .map((p) => join(root, p))
    .filter(existsSync);
  const stale = force || !existsSync(dist) || Math.max(...sources.map(newest)) > statSync(dist).mtimeMs;
  if (!stale) return;
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build', '-w', '@shop/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

if (import.meta.url === `file://${process.argv[1]}`) ensureWebBuild({ force: process.argv.includes('--force') });
