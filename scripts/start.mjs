// npm start: build the web app if needed, then run the server (API and web app on one port).
import { spawn } from 'node:child_process';
import { ensureWebBuild } from './web-build.mjs';

ensureWebBuild();
const root = new URL('..', import.meta.url).pathname;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
