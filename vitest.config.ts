import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on our 2-core machines, where the
// embedded-database files then ran one after another (279 s). Files are independent (each has its
// own database), so use every core, and one more on PostgreSQL, where tests wait on the server.
const cores = availableParallelism();

export default defineConfig({
  test: {
    maxWorkers: process.env.TEST_DATABASE_URL ? cores + 1 : Math.max(2, cores),
    projects: [
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          // A worker's files share loaded modules; each file still opens its own database and app, and
          // nothing of a test's own lives at module level. Importing Fastify, Drizzle, PGlite and the
          // rest again for every file was a third of this project's time (160 of 496 s). A file's
          // vi.mock still applies to it: sign-in-limits.test.ts passes after another file of its
          // worker has loaded the module it replaces.
          isolate: false,
          // A migrated database and one with the demo data, made once per run and copied by each file.
          globalSetup: ['apps/server/test/global-setup.ts'],
          // Generous: a loaded 2-core machine once took over a minute to open a database and seed it.
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
        },
      },
    ],
  },
});
