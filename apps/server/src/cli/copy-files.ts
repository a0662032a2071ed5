// `npm run files:copy-to-s3`: copies the uploaded files of DATA_DIR/uploads into the S3 bucket of the
// S3_* settings (issue 20). Run it before switching FILE_STORAGE to s3, and once more after (files
// uploaded meanwhile); a file already in the bucket is left as it is, so a second run copies only
// what is new. The files on disk are not removed.
import { join } from 'node:path';
import { copyFiles, localFileStore, s3FileStore, s3SettingsOf } from '../lib/file-store.ts';
import { EXTENSION } from '../modules/uploads/images.ts';
import { runOperatorCommand } from './operator.ts';

const typeOf = (name: string) => Object.entries(EXTENSION).find(([, ext]) => name.endsWith(`.${ext}`))?.[0] ?? 'application/octet-stream';

await runOperatorCommand(
  async ({ config, dataDir }) => {
    const from = localFileStore(join(dataDir, 'uploads'));
    const settings = s3SettingsOf(config);
    const { copied, present } = await copyFiles(from, await s3FileStore(settings), typeOf);
    process.stdout.write(`Copied ${copied} file(s) from ${join(dataDir, 'uploads')} to s3://${settings.bucket}/${settings.prefix ?? ''}; ${present} were there already.\n`);
  },
  { noDatabase: 'this command copies the uploaded files only' },
);
