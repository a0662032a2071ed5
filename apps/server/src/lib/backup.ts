/**
 * Issue 20, backups of the embedded database: a consistent copy of the database and the uploaded files
 * while the shop runs, and bringing one back. (PostgreSQL is backed up with its own tools: pg_dump or
 * point-in-time recovery, docs/operations.md.)
 *
 * A backup is a folder `shop-backup-<time>` holding `database.tar.gz` (PGlite's data folder, taken
 * between transactions: Database.dump), `uploads/` (the files under DATA_DIR/uploads, copied after the
 * database, so every file a row names is there) and `backup.json`. It is written under a `.partial`
 * name and renamed when complete, so an interrupted backup is never taken for a whole one.
 */
import { cp, mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Database } from '../db/client.ts';
import { codeMigrations } from '../db/migration-state.ts';

export const BACKUP_FORMAT = 1;
// zlib's own threads: the server keeps answering while a backup is compressed.
const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

export interface BackupManifest {
  format: number;
  created_at: string;
  database: 'pglite';
  /** The latest migration of the code that took it (a restore by older code would be refused at start). */
  migration: string;
  database_bytes: number;
  files: number;
}

export interface BackupResult {
  dir: string;
  manifest: BackupManifest;
  ms: number;
}

async function countFiles(dir: string): Promise<number> {
  if (!existsSync(dir)) return 0;
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).length;
}

const stampOf = (d: Date) => d.toISOString().replace(/[:.]/g, '-');

/** Writes a backup of `database` (the embedded one) and of `uploadsDir` (when local) into a new folder under `destRoot`. */
export async function writeBackup(database: Database, uploadsDir: string | null, destRoot: string, now = new Date()): Promise<BackupResult> {
  if (!database.dump) throw new BackupError('Only the embedded database is backed up by the shop: back up PostgreSQL with pg_dump or point-in-time recovery (docs/operations.md).');
  const started = performance.now();
  const dir = join(resolve(destRoot), `shop-backup-${stampOf(now)}`);
  const partial = `${dir}.partial`;
  if (existsSync(dir) || existsSync(partial)) throw new BackupError(`${dir} exists already.`);
  await mkdir(partial, { recursive: true });
  const blob = await database.dump();
  const bytes = await gzip(Buffer.from(await blob.arrayBuffer()), { level: 6 });
  await writeFile(join(partial, 'database.tar.gz'), bytes);
  if (uploadsDir && existsSync(uploadsDir)) await cp(uploadsDir, join(partial, 'uploads'), { recursive: true });
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    created_at: now.toISOString(),
    database: 'pglite',
    migration: codeMigrations.at(-1)?.tag ?? 'none',
    database_bytes: bytes.length,
    files: await countFiles(join(partial, 'uploads')),
  };
  await writeFile(join(partial, 'backup.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  await rename(partial, dir);
  return { dir, manifest, ms: Math.round(performance.now() - started) };
}

/**
 * PGlite keeps postmaster.pid in its folder while a process has it open (and leaves it after a crash):
 * no second process may open the folder then, whatever the control socket says.
 */
export function embeddedDatabaseOpen(dataDir: string): boolean {
  return existsSync(join(dataDir, 'pglite', 'postmaster.pid'));
}

export const IN_USE =
  'The embedded database is open in another process (or was not closed after a crash): stop the shop, or start and stop it once after a crash, then try again.';

/** A backup that cannot be taken or restored, with the reason in words for the operator. */
export class BackupError extends Error {}

export async function readManifest(backupDir: string): Promise<BackupManifest> {
  const file = join(backupDir, 'backup.json');
  if (!existsSync(file)) throw new BackupError(`${backupDir} is not a complete shop backup (no backup.json).`);
  const manifest = JSON.parse(await readFile(file, 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT || manifest.database !== 'pglite') throw new BackupError(`${backupDir} is a backup of a format this version does not read.`);
  if (!existsSync(join(backupDir, 'database.tar.gz'))) throw new BackupError(`${backupDir} has no database.tar.gz.`);
  return manifest;
}

/**
 * Brings a backup back into DATA_DIR (the shop must be stopped). The database folder in use is kept
 * beside it as `pglite.before-restore-<time>`, never deleted; uploaded files of the backup are copied
 * back over DATA_DIR/uploads. Answers where the previous database was moved.
 */
export async function restoreBackup(backupDir: string, dataDir: string, now = new Date()): Promise<{ manifest: BackupManifest; movedAside: string | null }> {
  const manifest = await readManifest(backupDir);
  const target = join(dataDir, 'pglite');
  let movedAside: string | null = null;
  if (existsSync(target) && (await readdir(target)).length > 0) {
    movedAside = join(dataDir, `pglite.before-restore-${stampOf(now)}`);
    await rename(target, movedAside);
  }
  await mkdir(target, { recursive: true });
  const data = await gunzip(await readFile(join(backupDir, 'database.tar.gz')));
  const client = await PGlite.create({ dataDir: target, loadDataDir: new Blob([data]), extensions: { pg_trgm } });
  await client.query('select 1');
  await client.close();
  const uploads = join(backupDir, 'uploads');
  if (existsSync(uploads) && (await stat(uploads)).isDirectory()) await cp(uploads, join(dataDir, 'uploads'), { recursive: true, force: true });
  return { manifest, movedAside };
}
