import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';

/** Rows per INSERT: a few thousand bind parameters per statement, well under PostgreSQL's 65,535. */
export const CHUNK_SIZE = 500;

/** Multi-row inserts in chunks: one statement per chunk instead of one per row. */
export async function insertChunked<T extends PgTable>(db: Db, table: T, rows: PgInsertValue<T>[], size = CHUNK_SIZE): Promise<void> {
  for (let i = 0; i < rows.length; i += size) {
    await db.insert(table).values(rows.slice(i, i + size));
  }
}
