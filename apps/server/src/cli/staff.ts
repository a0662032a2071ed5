// The staff command line (issue 16): `npm run staff:create -- --email … --role Admin`.
import { join, resolve } from 'node:path';
import { parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runStaffCommand } from './staff-commands.ts';

const config = parseConfig(process.env);
// With the embedded database, stop the server first: only one process may open its files.
const database = await openDatabase(config.DATABASE_URL ? { url: config.DATABASE_URL, poolSize: 2 } : { dataDir: join(resolve(config.DATA_DIR), 'pglite') });
try {
  await database.migrate();
  const baseUrl = process.env.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  process.stdout.write(`${await runStaffCommand(database.db, process.argv.slice(2), baseUrl)}\n`);
} catch (err) {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exitCode = 1;
} finally {
  await database.close();
}
