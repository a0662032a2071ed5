// The staff command line (issue 16): `npm run staff:create -- --email … --role Admin`, with the server's
// settings (.env) and on the server's database (cli/operator.ts).
import { openOperatorDatabase, runOperatorCommand } from './operator.ts';
import { runStaffCommand } from './staff-commands.ts';

await runOperatorCommand(async (settings) => {
  // With the embedded database, stop the server first: only one process may open its files.
  const database = await openOperatorDatabase(settings);
  try {
    await database.migrate();
    const { PUBLIC_URL, PORT } = settings.config;
    process.stdout.write(`${await runStaffCommand(database.db, process.argv.slice(2), PUBLIC_URL ?? `http://localhost:${PORT}`)}\n`);
    if (!PUBLIC_URL) process.stderr.write(`PUBLIC_URL is not set: the link names this machine (port ${PORT}); elsewhere, open its path on the shop's address, or set PUBLIC_URL in .env.\n`);
  } finally {
    await database.close();
  }
});
