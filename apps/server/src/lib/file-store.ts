import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { S3Client } from '@aws-sdk/client-s3';

/**
 * Where uploaded files live (issue 20): registration documents now, product images later. One
 * interface, two backends: a folder on this machine (DATA_DIR/uploads, the default) or any
 * S3-compatible store (FILE_STORAGE=s3), which every instance shares. Files are private in both:
 * the folder is the server's own (0700, files 0600) and objects are written without any public ACL;
 * the API serves a document only to its business (GET /api/uploads/:id), never by a public URL.
 */
export interface FileStore {
  readonly kind: 'local' | 's3';
  /** Writes a new file; names are made by the server (random) and never reused. */
  put(name: string, bytes: Buffer, contentType: string): Promise<void>;
  /** The file's bytes, or null when there is none. */
  get(name: string): Promise<Buffer | null>;
  has(name: string): Promise<boolean>;
  delete(name: string): Promise<void>;
  /** Every file's name. */
  list(): AsyncIterable<string>;
}

export function localFileStore(dir: string): FileStore {
  return {
    kind: 'local',
    async put(name, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(join(dir, name), bytes, { flag: 'wx', mode: 0o600 });
    },
    get: (name) => readFile(join(dir, name)).catch(() => null),
    has: (name) =>
      readFile(join(dir, name)).then(
        () => true,
        () => false,
      ),
    delete: (name) => rm(join(dir, name), { force: true }),
    async *list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      for (const name of names.sort()) yield name;
    },
  };
}

export interface S3Settings {
  bucket: string;
  /** Key prefix of every file (default `uploads/`). */
  prefix?: string;
  region?: string;
  /** An S3-compatible service's address (MinIO, Cloudflare R2, DigitalOcean Spaces ...); unset: AWS. */
  endpoint?: string;
  /** Addresses as endpoint/bucket/key (most S3-compatible services) instead of bucket.endpoint/key. */
  forcePathStyle?: boolean;
  /** Unset: the AWS SDK's own chain (environment, instance role, ~/.aws). */
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * The AWS SDK is loaded here, when a store of S3 is made, not when the server starts: on the local
 * folder (the default) its modules would cost about 20 MB of resident memory for nothing (issue 17).
 */
export async function s3FileStore(settings: S3Settings): Promise<FileStore & { client: S3Client }> {
  const { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, NoSuchKey, NotFound, PutObjectCommand, S3Client } = await import('@aws-sdk/client-s3');
  const client = new S3Client({
    region: settings.region ?? 'us-east-1',
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
  });
  const prefix = settings.prefix ?? 'uploads/';
  const Bucket = settings.bucket;
  const missing = (err: unknown) => err instanceof NoSuchKey || err instanceof NotFound || (err as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404;
  return {
    kind: 's3',
    client,
    async put(name, bytes, contentType) {
      // No ACL: the object stays private to the bucket's owner (and S3's default blocks public access).
      await client.send(new PutObjectCommand({ Bucket, Key: prefix + name, Body: bytes, ContentType: contentType, IfNoneMatch: '*' }));
    },
    async get(name) {
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: prefix + name }));
        return res.Body ? Buffer.from(await res.Body.transformToByteArray()) : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async has(name) {
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: prefix + name }));
        return true;
      } catch (err) {
        if (missing(err)) return false;
        throw err;
      }
    },
    async delete(name) {
      await client.send(new DeleteObjectCommand({ Bucket, Key: prefix + name }));
    },
    async *list() {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const o of page.Contents ?? []) if (o.Key) yield o.Key.slice(prefix.length);
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}

/** Copies every file of `from` that `to` lacks (the move from disk to S3; run again, it copies only what is new). */
export async function copyFiles(from: FileStore, to: FileStore, contentTypeOf: (name: string) => string, onFile?: (name: string, copied: boolean) => void) {
  let copied = 0;
  let present = 0;
  for await (const name of from.list()) {
    if (await to.has(name)) {
      present++;
      onFile?.(name, false);
      continue;
    }
    const bytes = await from.get(name);
    if (!bytes) continue;
    await to.put(name, bytes, contentTypeOf(name));
    copied++;
    onFile?.(name, true);
  }
  return { copied, present };
}

export interface StorageConfig {
  FILE_STORAGE?: 'local' | 's3';
  S3_BUCKET?: string;
  S3_PREFIX?: string;
  S3_REGION?: string;
  S3_ENDPOINT?: string;
  S3_FORCE_PATH_STYLE?: '0' | '1';
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
}

export function s3SettingsOf(config: StorageConfig): S3Settings {
  if (!config.S3_BUCKET) throw new Error('S3_BUCKET is required with FILE_STORAGE=s3.');
  return {
    bucket: config.S3_BUCKET,
    prefix: config.S3_PREFIX,
    region: config.S3_REGION,
    endpoint: config.S3_ENDPOINT,
    forcePathStyle: config.S3_FORCE_PATH_STYLE === '1',
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  };
}

/** The store the settings name: DATA_DIR/uploads, or the S3 bucket. */
export async function fileStoreOf(config: StorageConfig, uploadsDir: string): Promise<FileStore> {
  return config.FILE_STORAGE === 's3' ? await s3FileStore(s3SettingsOf(config)) : localFileStore(uploadsDir);
}
