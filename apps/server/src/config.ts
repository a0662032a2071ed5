import { z } from 'zod';

// ARCHITECTURE "Configuration": parsed once, fails fast with a readable list.
const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /**
   * A read replica of DATABASE_URL's database (PostgreSQL streaming replication): the catalogue's and the
   * marketplace's reads go there, every write and every read of a buyer's own data to DATABASE_URL
   * (docs/decisions/018-read-replica.md).
   */
  DATABASE_READ_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
    .optional(),
  /** Connections to PostgreSQL per server process (DATABASE_URL only), and as many again to DATABASE_READ_URL. */
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(20),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),
  MAIL_FROM: z.string().default('Wholesale Shop <no-reply@shop.local>'),
  /** The shop's address as buyers open it, for links in mail; unset: http://localhost:PORT (main.ts). */
  PUBLIC_URL: z.string().url('must be a URL such as https://shop.example.pk').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL').optional(),
  /** Demo data on an empty database. Default: demo on the embedded database, none on PostgreSQL. */
  SEED: z.enum(['demo', 'none']).optional(),
  /** On PostgreSQL without SMTP_URL: 1 keeps mail in the outbox table instead of refusing to start. */
  MAIL_OUTBOX: z.enum(['0', '1']).default('0'),
  /** 1: every start applies pending migrations (instances take turns); 0: only `npm run db:migrate` does, and a start on an older database refuses. */
  MIGRATE_ON_START: z.enum(['0', '1']).default('1'),
  /** Where uploaded files live: `local` (DATA_DIR/uploads) or `s3` (an S3-compatible bucket every instance shares). */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  S3_PREFIX: z.string().default('uploads/'),
  S3_REGION: z.string().default('us-east-1'),
  /** An S3-compatible service's URL (MinIO, R2, Spaces ...); unset: AWS S3. */
  S3_ENDPOINT: z.string().url('must be a URL').optional(),
  /** 1: endpoint/bucket/key addresses (most S3-compatible services). */
  S3_FORCE_PATH_STYLE: z.enum(['0', '1']).default('0'),
  /** Unset: the AWS SDK's own chain (environment, instance role). */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** /metrics (Prometheus) answers only a request with `Authorization: Bearer <this>`; unset, /metrics is not served. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Number of proxies in front of the server whose X-Forwarded-For is trusted (0: none). */
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  WEB_DIST: z.string().optional(),
  /** Searches per minute per client address (0: no limit). */
  SEARCH_RATE_LIMIT: z.coerce.number().int().min(0).max(1_000_000).default(600),
  /**
   * In-memory copies of the catalogue and the marketplace for listings and searches (on), or every
   * such read from SQL (off): docs/decisions/011-catalogue-copies.md.
   */
  CATALOGUE_COPIES: z.enum(['on', 'off']).default('on'),
});

export type Config = z.infer<typeof ConfigSchema>;

/** Every setting the server reads (.env.example and README's table list each one; config.test.ts checks). */
export const configKeys = Object.keys(ConfigSchema.shape);

/**
 * The one notion behind the production defaults (docs/decisions/007-demo-and-operator-installs.md): the embedded database is a
 * newcomer's demo install (demo data, reset codes in the log, API documentation UI); PostgreSQL
 * (DATABASE_URL) is an operator's install, which inherits none of the demo's shortcuts.
 */
export const isDemoInstall = (config: Pick<Config, 'DATABASE_URL'>) => !config.DATABASE_URL;

/** Why this configuration may not start, or null. */
export function productionProblem(config: Config): string | null {
  if (config.FILE_STORAGE === 's3' && !config.S3_BUCKET) return 'S3_BUCKET is required with FILE_STORAGE=s3.';
  if (isDemoInstall(config) || config.SMTP_URL || config.MAIL_OUTBOX === '1') return null;
  return 'SMTP_URL is required with DATABASE_URL: reset and sign-up codes must reach their owners by mail. Set MAIL_OUTBOX=1 to keep mail in the outbox table instead (it is never written to the log).';
}

export class ConfigError extends Error {}

/** Settings that are each valid but wrong together, as `KEY: reason` lines. */
function combinationProblems(env: Record<string, string>): string[] {
  const problems: string[] = [];
  if (env.DATABASE_READ_URL && !env.DATABASE_URL) {
    problems.push('DATABASE_READ_URL: needs DATABASE_URL, the primary database that takes every write (a read replica alone cannot run the shop)');
  }
  if (env.DATABASE_READ_URL && env.DATABASE_READ_URL === env.DATABASE_URL) {
    problems.push('DATABASE_READ_URL: is the same as DATABASE_URL; leave it unset when there is no replica');
  }
  return problems;
}

export function parseConfig(env: Record<string, string | undefined>): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
  const result = ConfigSchema.safeParse(cleaned);
  const lines = [...(result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`)), ...combinationProblems(cleaned)];
  if (!result.success || lines.length > 0) throw new ConfigError(`Invalid configuration:\n${lines.map((l) => `  ${l}`).join('\n')}`);
  return result.data;
}
