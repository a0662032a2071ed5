// `npm run db:migrate`: applies the committed migrations and exits, for a deployment step that runs
// before the new instances start (they then find nothing to do). Instances run at once take turns
// through an advisory lock on PostgreSQL; a database migrated by newer code is refused.
import { join, resolve } from 'node:path';
import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
try {
  const config = parseConfig(process.env);
  // With the embedded database, stop the server first: only one process may open its files.
  const where = config.DATABASE_URL ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${join(resolve(config.DATA_DIR), 'pglite')}`;
  const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: join(resolve(config.DATA_DIR), 'pglite') });
  try {
    const before = await database.migrationState();
    let waited = false;
    await database.migrate({
      onWait: () => {
        waited = true;
        say('Another instance is migrating this database; waiting for it to finish.');
      },
    });
    if (waited || before.pending.length === 0) say(`Migrations: ${where} is up to date.`);
    else say(`Migrations: applied ${before.pending.join(', ')} to ${where}.`);
  } finally {
    await database.close();
  }
} catch (err) {
  process.stderr.write(`${err instanceof ConfigError || err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
}
