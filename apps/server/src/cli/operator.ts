// The one way every operator command reads its settings (issue 35): `npm run staff:create`,
// `staff:reset-second-factor`, `db:migrate`, `backup`, `restore`, `files:copy-to-s3`, and any new one (a
// package.json script `node scripts/with-env.mjs apps/server/src/cli/<name>.ts` whose file runs through
// runOperatorCommand; test/operator-commands.test.ts checks both). The settings are the server's: the .env
// file (ENV_FILE names another; a variable set in the shell wins), parsed by the server's parser. Before
// anything is opened the command says on stderr which database it is about to touch, and it refuses to go
// on with the embedded database when the settings name PostgreSQL but no address reached it: an operator's
// first Admin once went into a new embedded database under ./data while the shop ran on PostgreSQL.
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Config, parseConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';

const root = new URL('../../../../', import.meta.url).pathname;

/** A command that may not go on, with the reason in words for the operator. */
export class OperatorError extends Error {}

export type DatabaseTarget = { kind: 'postgres'; url: string } | { kind: 'embedded'; dir: string };

export interface OperatorSettings {
  config: Config;
  /** DATA_DIR, absolute (relative to the checkout, where npm runs every script). */
  dataDir: string;
  database: DatabaseTarget;
}

/** The settings file: ENV_FILE (relative to the checkout), else .env; the rule of scripts/with-env.mjs. */
export const envFileOf = (env: Record<string, string | undefined>): string => resolve(root, env.ENV_FILE ?? '.env');

/** 1-based numbers of a settings file's lines that set `key`, whether or not Node's .env reader can read them. */
export function linesNaming(text: string, key: string): number[] {
  const pattern = new RegExp(`^\\s*(export\\s+)?${key}\\s*[=:]`, 'i');
  return text.split(/\r?\n/).flatMap((line, i) => (pattern.test(line) ? [i + 1] : []));
}

/** A PostgreSQL address as it may be printed: without its password. */
export function describeDatabaseUrl(url: string): string {
  try {
    const u = new URL(url);
    const hidden = u.password !== '' || u.searchParams.has('password');
    u.password = '';
    u.searchParams.delete('password');
    return `${u.toString()}${hidden ? ' (password hidden)' : ''}`;
  } catch {
    return `${url.replace(/:\/\/([^:/@]*):[^@]*@/, '://$1@')} (password hidden)`;
  }
}

/** The line every command prints before it opens anything. */
export function databaseLine(target: DatabaseTarget): string {
  if (target.kind === 'postgres') return `database: PostgreSQL ${describeDatabaseUrl(target.url)}`;
  return `database: embedded (PGlite) at ${target.dir}${existsSync(target.dir) ? '' : ' (new: it does not exist yet)'}`;
}

/**
 * The settings of `env` (already holding the file's values) and the text of the settings file `file`
 * (null when there is none): refused when DATABASE_URL is named, in the file or as an empty variable, but
 * no address reached the command, which would then use the embedded database instead.
 */
export function operatorSettingsOf(env: Record<string, string | undefined>, file: string, fileText: string | null): OperatorSettings {
  const config = parseConfig(env);
  const dataDir = resolve(config.DATA_DIR);
  if (config.DATABASE_URL) return { config, dataDir, database: { kind: 'postgres', url: config.DATABASE_URL } };
  const dir = join(dataDir, 'pglite');
  const named = fileText === null ? [] : linesNaming(fileText, 'DATABASE_URL');
  if (named.length > 0 || env.DATABASE_URL !== undefined) {
    const where = named.length > 0 ? `${file} names DATABASE_URL (line ${named.join(', ')})` : 'DATABASE_URL is set in the environment';
    throw new OperatorError(
      `Refused: ${where}, but this command got ${env.DATABASE_URL === undefined ? 'no value from it' : 'an empty value'}, so it would use the embedded database in ${dir} instead of PostgreSQL.\n` +
        'Set it as DATABASE_URL=postgres://user:password@host:5432/shop (a variable set in the shell, even empty, wins over the file), ' +
        'or remove it to use the embedded database. Nothing was changed.',
    );
  }
  return { config, dataDir, database: { kind: 'embedded', dir } };
}

/** Reads the settings file into process.env (what with-env.mjs's --env-file did already; a set variable wins) and parses them. */
export function loadOperatorSettings(): OperatorSettings {
  const file = envFileOf(process.env);
  const exists = existsSync(file);
  if (process.env.ENV_FILE && !exists) throw new OperatorError(`ENV_FILE names ${file}, which does not exist. Nothing was changed.`);
  if (exists) process.loadEnvFile(file);
  return operatorSettingsOf(process.env, file, exists ? readFileSync(file, 'utf8') : null);
}

/** The database the settings name; the embedded one is created when it is not there yet. */
export function openOperatorDatabase(settings: OperatorSettings): Promise<Database> {
  const { database } = settings;
  return openDatabase(database.kind === 'postgres' ? { url: database.url, poolSize: 2 } : { dataDir: database.dir });
}

/**
 * Runs one command: its settings read and checked, the database line printed (or, for a command that
 * opens no database, `database: none` and why), then `body`; any error is printed as its message and
 * the exit code is 1.
 */
export async function runOperatorCommand(body: (settings: OperatorSettings) => Promise<void>, options: { noDatabase?: string } = {}): Promise<void> {
  try {
    const settings = loadOperatorSettings();
    process.stderr.write(`${options.noDatabase ? `database: none (${options.noDatabase})` : databaseLine(settings.database)}\n`);
    await body(settings);
  } catch (err) {
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    process.exitCode = 1;
  }
}
