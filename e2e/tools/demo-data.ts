// A data folder with the demo, made as a server's first start makes it (the same migrations and
// seedDemo), for the end-to-end servers to start from copies of it: serve.mjs's server and the one
// password-reset.spec starts. Usage: node --import tsx e2e/tools/demo-data.ts <folder>
import { join } from 'node:path';
import { openDatabase } from '../../apps/server/src/db/client.ts';
import { seedDemo } from '../../apps/server/src/seed/demo.ts';

const folder = process.argv[2];
if (!folder) throw new Error('usage: demo-data.ts <folder>');
const database = await openDatabase({ dataDir: join(folder, 'pglite') });
await database.migrate();
await seedDemo(database.db, { dataDir: folder });
await database.close();
