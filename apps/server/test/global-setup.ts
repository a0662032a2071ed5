import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import './test-templates.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { buildServer } from './server-entry.ts';

/**
 * Once per run of the server tests: two template databases, one migrated and one migrated with the
 * demo data, from which every test file's own database is copied (test-app.ts). Opening, migrating
 * and seeding an embedded database cost each file about 2-5 s of CPU on a quiet 2-core machine (and
 * over 30 s on a loaded one); loading a dumped data folder costs about 1 s, and on PostgreSQL
 * `create database ... template` copies files. The templates are made by the same migrations and
 * the same seedDemo that `npm start` runs, so a file sees exactly what it saw when it made its own.
 */
export default async function setup(project: TestProject) {
  // The built server, for the tests that start the real entry point (server-entry.ts).
  await buildServer();
  const url = process.env.TEST_DATABASE_URL;
  if (!url) {
    const folder = mkdtempSync(join(tmpdir(), 'shop-test-templates-'));
    const database = await openDatabase({});
    await database.migrate();
    const migrated = join(folder, 'migrated.tar');
    writeFileSync(migrated, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await seedDemo(database.db);
    const demo = join(folder, 'demo.tar');
    writeFileSync(demo, Buffer.from(await (await database.dump!()).arrayBuffer()));
    await database.close();
    project.provide('testTemplates', { kind: 'pglite', migrated, demo });
    return () => rmSync(folder, { recursive: true, force: true });
  }
  const base = `shop_tpl_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const names = { migrated: base, demo: `${base}_demo` };
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    for (const [kind, name] of Object.entries(names)) {
      await admin.query(`create database ${name}`);
      const target = new URL(url);
      target.pathname = `/${name}`;
      const database = await openDatabase({ url: target.toString(), poolSize: 2 });
      await database.migrate();
      if (kind === 'demo') await seedDemo(database.db);
      await database.close();
    }
  } finally {
    await admin.end();
  }
  project.provide('testTemplates', { kind: 'postgres', ...names });
  return async () => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    for (const name of Object.values(names)) await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
}
