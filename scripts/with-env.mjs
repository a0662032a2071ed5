// Runs a server script the way `npm start` runs the server: with the settings of `.env` when present
// (Node's --env-file; a variable already set in the shell wins over the file; ENV_FILE names another
// file) and NODE_ENV=production unless set. Usage: node scripts/with-env.mjs <script.ts|script.mjs> [args...]
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

export function runWithEnv(script, args = []) {
  const envFile = resolve(root, process.env.ENV_FILE ?? '.env');
  // TypeScript through tsx (the command-line tools); a built file (the server's, scripts/server-build.mjs) as it is.
  const loader = script.endsWith('.ts') ? ['--import', 'tsx'] : [];
  const child = spawn(process.execPath, [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), ...loader, script, ...args], {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [script, ...args] = process.argv.slice(2);
  if (!script) {
    process.stderr.write('usage: node scripts/with-env.mjs <script.ts> [args...]\n');
    process.exit(2);
  }
  runWithEnv(script, args);
}
