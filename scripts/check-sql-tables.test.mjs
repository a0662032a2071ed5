// Issue 38: the check of the tables a module names in its SQL text (scripts/check-sql-tables.mjs, npm run lint).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { checkSqlTables, sqlTablesOfFile, tablesNamed } from './check-sql-tables.mjs';

const script = fileURLToPath(new URL('./check-sql-tables.mjs', import.meta.url));
const known = new Set(['orders', 'order_details', 'businesses', 'business_users', 'products', 'bmpl_products', 'ledgers', 'catalogue_versions', 'customer_prices']);
const names = (text) => tablesNamed(text, known).map((f) => f.table);

describe('the tables a piece of SQL text names', () => {
  it('reads from, join, update, into, delete from, exists, a from\'s comma list and table.column', () => {
    expect(names('select o.id from orders o join businesses b on b.id = o.business_id')).toEqual(['orders', 'businesses']);
    expect(names('select 1 from orders o, businesses b, business_users u where true')).toEqual(['orders', 'businesses', 'business_users']);
    expect(names('update catalogue_versions set version = version + 1')).toEqual(['catalogue_versions']);
    expect(names('insert into ledgers (business_id) values (1)')).toEqual(['ledgers']);
    expect(names('delete from bmpl_products where id = 1')).toEqual(['bmpl_products']);
    expect(names('exists (select 1 from customer_prices x where x.product_id = 1)')).toEqual(['customer_prices']);
    expect(names('"products"."id" = 1 and products.sku = 2')).toEqual(['products', 'products']);
    expect(names('select * from public.orders')).toEqual(['orders']);
  });

  it('does not take comments, strings, a with\'s own names, functions or columns for tables', () => {
    expect(names("select 1 -- from businesses\n where x = 'join orders'")).toEqual([]);
    expect(names('with orders as (select 1 as id) select id from orders')).toEqual([]);
    expect(names('select extract(epoch from o.created_at), x.products from generate_series(1, 2) g, unnest(a) u')).toEqual([]);
    expect(names('select b.name from __x__ b where b.id = __x__')).toEqual([]);
    expect(names('select 1 from __x__ p, businesses b')).toEqual(['businesses']);
  });

  it('reads sql templates and sql.raw literals of a source file, with their lines, and nothing else', () => {
    const source = [
      "import { sql } from 'drizzle-orm';",
      'const a = sql`select id',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a TypeScript file, its ${} included
      '  from orders o join ${products} p on p.id = o.id`;',
      "const b = sql.raw('\"businesses\".\"id\"');",
      "const c = 'select * from ledgers';",
      'const d = `join customer_prices`;',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the text of a TypeScript file, its ${} included
      'const e = sql<number>`(select count(*) from ${x} where ${y}) + (select 1 from bmpl_products)`;',
    ].join('\n');
    expect(sqlTablesOfFile('x.ts', source, known)).toEqual([
      { line: 3, table: 'orders' },
      { line: 4, table: 'businesses' },
      { line: 7, table: 'bmpl_products' },
    ]);
  });
});

describe('the check over a tree of modules', () => {
  let root;
  afterEach(() => root && rmSync(root, { recursive: true, force: true }));

  /** A tree laid out like the repository: its modules' files and its own module-boundaries.cjs. */
  function tree(files, sqlAllowed = []) {
    root = mkdtempSync(join(tmpdir(), 'sql-tables-'));
    const boundaries = {
      tableOwners: { 'orders.ts': { orders: 'orders', order_details: 'orders' }, 'marketplace.ts': { bmpl_products: 'marketplace' } },
      sqlAllowed,
    };
    writeFileSync(join(root, 'module-boundaries.cjs'), `module.exports = ${JSON.stringify(boundaries)};\n`);
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  }
  const run = (dir) => spawnSync(process.execPath, [script, '--root', dir], { encoding: 'utf8' });
  const own = "import { sql } from 'drizzle-orm';\nexport const q = sql`select o.id from orders o join order_details d on d.order_id = o.id`;\n";
  const foreign = "import { sql } from 'drizzle-orm';\n\nexport const q = sql`select o.id from orders o\n  join bmpl_products p on p.id = o.id`;\n";

  it('passes a module naming only its own tables (and a test naming any)', () => {
    const dir = tree({
      'apps/server/src/modules/orders/orders.service.ts': own,
      'apps/server/src/modules/orders/orders.test.ts': foreign,
    });
    const res = run(dir);
    expect(res.stderr).toBe('');
    expect(res.status).toBe(0);
  });

  it('fails on a module naming a table it does not own, with the file, line, table and owner', () => {
    const dir = tree({ 'apps/server/src/modules/orders/orders.service.ts': own, 'apps/server/src/modules/orders/lines.service.ts': foreign });
    const res = run(dir);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain('apps/server/src/modules/orders/lines.service.ts:4: module orders names table bmpl_products (owned by marketplace)');
    expect(res.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('passes it when sqlAllowed lists the file and the table; fails on an entry that matches nothing', () => {
    const file = 'apps/server/src/modules/orders/lines.service.ts';
    const listed = tree({ [file]: foreign }, [{ from: file, tables: ['bmpl_products'], reason: 'a reason' }]);
    expect(run(listed).status).toBe(0);
    const result = checkSqlTables({ cwd: listed, boundaries: { tableOwners: { 'm.ts': { orders: 'orders', bmpl_products: 'marketplace' } }, sqlAllowed: [{ from: file, tables: ['bmpl_products', 'orders'] }] } });
    expect(result.uncovered).toEqual([]);
    expect(result.stale).toEqual([{ file, table: 'orders' }]);
    rmSync(listed, { recursive: true, force: true });
    const stale = tree({ [file]: own }, [{ from: file, tables: ['bmpl_products'], reason: 'a reason' }]);
    const res = run(stale);
    expect(res.status).toBe(1);
    expect(res.stderr).toContain(`${file} no longer names bmpl_products`);
  });

  it('fails on a table of the schema files that the map gives no owner', () => {
    const schema = "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const orders = pgTable('orders', { id: serial('id') });\nexport const notes = pgTable('order_notes', { id: serial('id') });\n";
    const dir = tree({ 'apps/server/src/modules/orders/orders.service.ts': own, 'apps/server/src/db/schema/orders.ts': schema });
    const res = run(dir);
    expect(res.status).toBe(1);
    expect(res.stderr.trim()).toBe("apps/server/src/db/schema/orders.ts defines table order_notes, which module-boundaries.cjs's tableOwners does not give an owner");
  });
});

describe('the repository', () => {
  it('names no other module\'s table in SQL text that module-boundaries.cjs does not list, and lists nothing it does not name', () => {
    const { foreign, uncovered, stale, unowned } = checkSqlTables();
    expect(uncovered).toEqual([]);
    expect(stale).toEqual([]);
    expect(unowned).toEqual([]);
    expect(foreign.length).toBeGreaterThan(0);
  });
});
