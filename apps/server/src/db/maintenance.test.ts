import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from './client.ts';
import { startEmbeddedMaintenance } from './maintenance.ts';

describe('embedded database maintenance', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({});
    await database.migrate();
  });
  afterAll(() => database.close());

  it('gathers planner statistics at start (PGlite has no autovacuum)', async () => {
    const analysed = async () => {
      const result = (await database.db.execute(
        sql`select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relname = 'products' and exists (select 1 from pg_statistic s where s.starelid = c.oid)`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n;
    };
    await database.db.execute(sql`insert into categories (name, slug, level) values ('Food', 'food', 1)`);
    await database.db.execute(sql`insert into brands (name) values ('Tapal')`);
    await database.db.execute(sql`insert into products (name, url_name, url, price, sku, code, brand_id, brand_name, sell_price, tier1_id)
      select 'Tea ' || g, 'tea.svg', 'tea-' || g, 100, 'S' || g, 'C' || g, b.id, 'Tapal', 90, c.id
      from generate_series(1, 50) g, brands b, categories c`);
    expect(await analysed()).toBe(0);
    const stop = await startEmbeddedMaintenance(database, () => {});
    stop();
    expect(await analysed()).toBe(1);
  });
});
