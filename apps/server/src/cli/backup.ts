// `npm run backup [folder]`: a consistent copy of the embedded database and the uploaded files, taken
// while the shop runs (the running server writes it: lib/control-socket.ts) or, when it is stopped, by
// this process. Written to ./backups unless a folder is named. PostgreSQL: pg_dump (docs/operations.md).
import { join, resolve } from 'node:path';
import { BackupError, type BackupResult, embeddedDatabaseOpen, IN_USE, writeBackup } from '../lib/backup.ts';
import { sendControl } from '../lib/control-socket.ts';
import { openOperatorDatabase, runOperatorCommand } from './operator.ts';

const say = (line: string) => process.stdout.write(`${line}\n`);
await runOperatorCommand(async (settings) => {
  const { config, dataDir } = settings;
  if (settings.database.kind === 'postgres') throw new BackupError('The shop runs on PostgreSQL: back it up with pg_dump or point-in-time recovery (docs/operations.md, "Backups").');
  const to = resolve(process.argv[2] ?? 'backups');
  const uploads = config.FILE_STORAGE === 's3' ? null : join(dataDir, 'uploads');
  let result: BackupResult;
  const answer = await sendControl(dataDir, 'backup', { to });
  if (answer) {
    if (answer.status !== 200) throw new BackupError(`The running shop could not write the backup: ${answer.json.error ?? answer.status}`);
    result = answer.json.data as BackupResult;
    say('Backup taken by the running shop.');
  } else {
    // No running shop answered: only then may this process open the folder itself.
    if (embeddedDatabaseOpen(dataDir)) throw new BackupError(IN_USE);
    const database = await openOperatorDatabase(settings);
    try {
      result = await writeBackup(database, uploads, to);
    } finally {
      await database.close();
    }
    say('The shop is not running: backup taken from its data folder.');
  }
  say(`Backup: ${result.dir} (database ${Math.round(result.manifest.database_bytes / 1024)} KB, ${result.manifest.files} uploaded files, ${result.ms} ms).`);
  if (uploads === null) say('Uploaded files are on S3: keep them with the bucket\'s versioning or replication (docs/operations.md).');
});
