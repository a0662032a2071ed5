// Which of this code's migrations a database has: pending ones, and ones of a newer version it does not know.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));
// Any fixed number: several instances starting at once take turns to migrate.
export const MIGRATION_LOCK = 4_277_001;

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}
/** This code's migrations, in order (drizzle's journal; drizzle records each one's `when` as created_at). */
export const codeMigrations: JournalEntry[] = (
  JSON.parse(readFileSync(`${migrationsFolder}/meta/_journal.json`, 'utf8')) as { entries: JournalEntry[] }
).entries;

export interface MigrationState {
  /** Migrations of this code not yet applied to the database. */
  pending: string[];
  /** Migrations the database has that this code does not know (it was migrated by a newer version). */
  unknown: number;
}

/** The database was migrated by a newer version of the code: starting older code on it could corrupt it. */
export class DatabaseNewerError extends Error {}

type RunQuery = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

export async function readMigrationState(query: RunQuery): Promise<MigrationState> {
  const exists = await query(`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  const applied = exists.rows[0]?.present ? (await query('select created_at from drizzle.__drizzle_migrations')).rows.map((r) => Number(r.created_at)) : [];
  const latestApplied = Math.max(0, ...applied);
  const known = new Set(codeMigrations.map((m) => m.when));
  return {
    // drizzle applies every migration newer than the latest applied one.
    pending: codeMigrations.filter((m) => m.when > latestApplied).map((m) => m.tag),
    unknown: applied.filter((when) => !known.has(when)).length,
  };
}

export function refuseNewer(state: MigrationState) {
  if (state.unknown === 0) return;
  const last = codeMigrations.at(-1)?.tag ?? 'none';
  throw new DatabaseNewerError(
    `The database has ${state.unknown} migration(s) this version of the shop does not know (its latest is ${last}): it was upgraded by a newer version. Start that version, or restore a backup taken before the upgrade.`,
  );
}
