import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;

/**
 * The server as `npm start` runs it: the one built file, run by plain Node (decision 024). The tests
 * that start the real entry point (process, migrations, backup) run it, so they test what operators run;
 * global-setup.ts builds it when it is missing or older than its sources.
 */
export const SERVER_ENTRY = join(root, 'apps/server/dist/main.mjs');

export async function buildServer(): Promise<void> {
  const builder = (await import(join(root, 'scripts/server-build.mjs'))) as { ensureServerBuild: () => Promise<void>; serverBuild: string };
  if (builder.serverBuild !== SERVER_ENTRY) throw new Error(`the server is built to ${builder.serverBuild}, not ${SERVER_ENTRY}`);
  await builder.ensureServerBuild();
}
