import { join } from 'node:path';

const root = new URL('../../..', import.meta.url).pathname;
const builder = (await import(join(root, 'scripts/server-build.mjs'))) as { ensureServerBuild: () => Promise<void>; serverBuild: string };

/**
 * The server as `npm start` runs it: the one built file, run by plain Node (decision 024). The tests
 * that start the real entry point (process, migrations, backup) run it, so they test what operators run;
 * global-setup.ts builds it when it is missing or older than its sources.
 */
export const SERVER_ENTRY: string = builder.serverBuild;

export const buildServer = (): Promise<void> => builder.ensureServerBuild();
