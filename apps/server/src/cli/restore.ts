// `npm run restore <backup folder>`: brings a backup of `npm run backup` back into DATA_DIR. The shop
// must be stopped; the database folder in use is kept beside it (pglite.before-restore-<time>).
import { resolve } from 'node:path';
import { BackupError, embeddedDatabaseOpen, IN_USE, restoreBackup } from '../lib/backup.ts';
import { sendControl } from '../lib/control-socket.ts';
import { runOperatorCommand } from './operator.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
await runOperatorCommand(async (settings) => {
  if (settings.database.kind === 'postgres') throw new BackupError('The shop runs on PostgreSQL: restore it with pg_restore or point-in-time recovery (docs/operations.md, "Backups").');
  const from = process.argv[2];
  if (!from) throw new BackupError('Name the backup folder: npm run restore -- backups/shop-backup-<time>');
  const { dataDir } = settings;
  // Only a stopped shop: the running one would keep writing to the files being replaced.
  if (await sendControl(dataDir, 'ping', {})) throw new BackupError(`The shop is running on ${dataDir}: stop it first, then restore.`);
  if (embeddedDatabaseOpen(dataDir)) throw new BackupError(IN_USE);
  const { manifest, movedAside } = await restoreBackup(resolve(from), dataDir);
  say(`Restored the backup of ${manifest.created_at} into ${dataDir} (${manifest.files} uploaded files).`);
  if (movedAside) say(`The database that was there is kept in ${movedAside}.`);
});
