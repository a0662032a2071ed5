// npm start: build the web app if needed, then run the server (API and web app on one port).
// Settings come from the environment and, when present, from `.env` (Node's --env-file; a variable
// already set in the shell wins over the file). ENV_FILE names another file.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ensureWebBuild } from './web-build.mjs';

const root = new URL('..', import.meta.url).pathname;
const envFile = resolve(root, process.env.ENV_FILE ?? '.env');
// WEB_DIST names a web build made elsewhere: nothing to build here.
if (!process.env.WEB_DIST) ensureWebBuild();
const child = spawn(process.execPath, [...(existsSync(envFile) ? [`--env-file=${envFile}`] : []), '--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
