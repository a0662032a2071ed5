import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';

// Vitest's default is one worker fewer than the cores: one worker on our 2-core machines, where the
// embedded-database files then ran one after another (279 s). Files are independent (each has its
// own database), so use every core, and one more on PostgreSQL, where tests wait on the server.
const cores = availableParallelism();

// The PostgreSQL lane (TEST_DATABASE_URL) runs the server tests again on a PostgreSQL server, for what
// differs there from the embedded database (the same PostgreSQL engine, in process, on one connection):
// the driver, the server's version, pools, concurrent transactions and locks, LISTEN/NOTIFY, several
// instances, replicas and backups. These files reach no SQL of their own (or only SQL that their
// modules' tests run on PostgreSQL) and give the same answer on both, so they run once, in the
// embedded-database lane. A new file runs in both until it is listed here. docs/decisions/020-suite-time.md.
const embeddedLaneOnly = [
  'apps/server/test/authz/authz.test.ts', // who may call which route: the routes' SQL is their modules' tests'
  'apps/server/test/body-bounds.test.ts', // bodies refused before any handler runs
  'apps/server/src/modules/auth/change-password.test.ts', // password hashing and the in-process limits
  'apps/server/src/config.test.ts', // environment parsing
  'apps/server/test/architecture-routes.test.ts', // the routes the app registers (ARCHITECTURE.md's map), the same on both
];

export default defineConfig({
  test: {
    maxWorkers: process.env.TEST_DATABASE_URL ? cores + 1 : Math.max(2, cores),
    projects: [
      // 60 s: the end of a failing test, not Vitest's 5 s a loaded machine can reach (issue 38).
      { test: { name: 'domain', include: ['packages/domain/src/**/*.test.ts'], testTimeout: 60_000 } },
      // The repository's own checks (scripts/): no database, no server.
      { test: { name: 'scripts', include: ['scripts/**/*.test.mjs'], testTimeout: 60_000 } },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, ...(process.env.TEST_DATABASE_URL ? embeddedLaneOnly : [])],
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
          // Testing Library's waits end at 15 s instead of 1 s (apps/web/src/test-setup.ts), and a test
          // at 60 s instead of Vitest's 5 s: ends of failing tests, never a budget a loaded machine can miss.
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 60_000,
        },
      },
    ],
  },
});
