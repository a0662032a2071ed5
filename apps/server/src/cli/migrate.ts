// `npm run db:migrate`: applies the committed migrations and exits, for a deployment step that runs
// before the new instances start (they then find nothing to do). Instances run at once take turns
// through an advisory lock on PostgreSQL; a database migrated by newer code is refused.
import { openOperatorDatabase, runOperatorCommand } from './operator.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
await runOperatorCommand(async (settings) => {
  // With the embedded database, stop the server first: only one process may open its files.
  const where = settings.database.kind === 'postgres' ? 'the PostgreSQL database at DATABASE_URL' : `the embedded database in ${settings.database.dir}`;
  const database = await openOperatorDatabase(settings);
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
});
