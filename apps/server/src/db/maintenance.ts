import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

const EVERY_MS = 6 * 60 * 60_000;

/**
 * PostgreSQL's autovacuum keeps planner statistics current and reclaims dead rows; the embedded
 * database (PGlite, one process, no background workers) has none. Without statistics the planner
 * cannot tell a category's sort index from a scan of the catalogue, and counter updates (views)
 * leave dead rows behind. So, on the embedded database only: ANALYZE at start (about 1 s at 100,000
 * products, a few ms on the demo data), then VACUUM (ANALYZE) every 6 hours, which holds the
 * single-threaded database for a few seconds at 100,000 products.
 */
export async function startEmbeddedMaintenance(database: Database, onError: (err: unknown) => void): Promise<() => void> {
  if (database.kind !== 'pglite') return () => {};
  await database.db.execute(sql`analyze`);
  const timer = setInterval(() => {
    database.db.execute(sql`vacuum (analyze)`).catch(onError);
  }, EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
