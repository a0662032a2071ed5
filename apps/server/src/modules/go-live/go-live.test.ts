import type { GoLive, GoLiveItemKey } from '@shop/domain/go-live';
import type { SiteContent } from '@shop/domain/content';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';

// Issue 35: the first-run checklist, ticked from the database on an empty install (SEED=none's
// migrated database), one thing added at a time.
let t: TestApp;
let admin: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp({ mail: { MAIL_OUTBOX: '1' } });
  admin = (await signInStaff(t, { email: 'golive-admin@staff.pk', roles: ['Admin'] })).headers;
}, 180_000);
afterAll(async () => t.close());

const read = async (app: TestApp = t, headers = admin) => {
  const res = await app.app.inject({ method: 'GET', url: '/api/staff/go-live', headers });
  expect(res.statusCode, res.body).toBe(200);
  return body<{ data: GoLive }>(res).data;
};
const ticked = async (app?: TestApp) => Object.fromEntries((await read(app)).items.map((i) => [i.key, i.done])) as Record<GoLiveItemKey, boolean>;
const detail = async (key: GoLiveItemKey, app?: TestApp) => (await read(app)).items.find((i) => i.key === key)?.detail;
const exec = (q: ReturnType<typeof sql>) => t.database.db.execute(q);

describe('first-run checklist (issue 35)', () => {
  it('ticks each item only once the database holds what it asks for', async () => {
    const empty = await read();
    expect(empty.items.map((i) => i.key)).toEqual(['city', 'business_type', 'categories', 'products', 'staff', 'mail', 'ticker', 'home_banner']);
    expect(empty.items.filter((i) => i.done)).toEqual([]);
    expect(empty.ready).toBe(false);
    expect(await detail('city')).toBe('No city yet.');

    // A city alone does not let a buyer register: sign-up asks for an area too.
    await exec(sql`insert into cities (name) values ('Golive City')`);
    expect((await ticked()).city).toBe(false);
    expect(await detail('city')).toBe('0 cities with areas, of 1 city.');
    // An inactive area, or an active one in an inactive city, is not offered at sign-up.
    await exec(sql`insert into areas (name, city_id, store_id, active) select 'Golive Closed Area', id, 1, false from cities where name = 'Golive City'`);
    expect((await ticked()).city).toBe(false);
    await exec(sql`insert into cities (name, active) values ('Golive Closed City', false)`);
    await exec(sql`insert into areas (name, city_id, store_id) select 'Golive Area', id, 1 from cities where name = 'Golive Closed City'`);
    expect((await ticked()).city).toBe(false);
    await exec(sql`insert into areas (name, city_id, store_id) select 'Golive Area', id, 1 from cities where name = 'Golive City'`);
    expect((await ticked()).city).toBe(true);

    // An inactive type is neither shown nor offered at sign-up.
    await exec(sql`insert into business_types (name, active) values ('Golive Closed', false)`);
    expect((await ticked()).business_type).toBe(false);
    await exec(sql`insert into business_types (name) values ('Golive Hotels')`);
    expect((await ticked()).business_type).toBe(true);

    expect((await ticked()).categories).toBe(false);
    await exec(sql`insert into categories (name, slug, level) values ('Golive Food', 'golive-food', 1)`);
    await exec(sql`insert into brands (name) values ('Golive')`);
    expect((await ticked()).categories).toBe(true);

    // A product at Rs. 0, or an inactive one, is not something a buyer can order.
    const product = (name: string, price: string, active: boolean) =>
      exec(sql`insert into products (name, url_name, url, price, stock, sku, code, brand_id, brand_name, tax, sell_price, tier1_id, product_subsys, article_mgb, active)
        select ${name}, ${`${name}.svg`}, ${name}, ${price}, 10, ${name}, ${name}, b.id, b.name, '0', ${price}, c.id, 'FOOD', ${name}, ${active}
        from categories c, brands b where c.slug = 'golive-food' and b.name = 'Golive'`);
    await product('golive-free', '0', true);
    await product('golive-off', '100', false);
    expect((await ticked()).products).toBe(false);
    expect(await detail('products')).toBe('0 products listed with a price, of 1 active product.');
    await product('golive-rice', '250', true);
    expect((await ticked()).products).toBe(true);

    // Staff: someone at the desk and someone in Finance who can sign in (an invited person cannot yet).
    await makeStaff(t, { email: 'golive-desk@staff.pk', roles: ['Order desk'] });
    expect((await ticked()).staff).toBe(false);
    await exec(sql`insert into staff_users (email, name, roles) values ('golive-invited@staff.pk', 'Invited', array['Finance'])`);
    expect((await ticked()).staff).toBe(false);
    expect(await detail('staff')).toBe('Order desk: 1 person; Finance: 0 people (1 person invited, not yet set up).');
    const finance = await makeStaff(t, { email: 'golive-finance@staff.pk', roles: ['Finance'] });
    expect((await ticked()).staff).toBe(true);
    await exec(sql`update staff_users set disabled_at = now() where id = ${finance.staffId}`);
    expect((await ticked()).staff).toBe(false);
    await exec(sql`update staff_users set disabled_at = null where id = ${finance.staffId}`);

    // A message that ended is not shown; one in effect is.
    await exec(sql`insert into ticker_messages (text, starts_at, ends_at) values ('Old news', now() - interval '2 days', now() - interval '1 day')`);
    expect((await ticked()).ticker).toBe(false);
    await exec(sql`insert into ticker_messages (text) values ('Open for orders')`);
    expect((await ticked()).ticker).toBe(true);

    // Everything buyers need is there; mail stays in the outbox (MAIL_OUTBOX=1), which the list says.
    const now = await read();
    expect(now.items.filter((i) => !i.done).map((i) => i.key)).toEqual(['mail', 'home_banner']);
    expect(now.ready).toBe(false);
    expect(await detail('mail')).toMatch(/^MAIL_OUTBOX=1: mail is kept in the outbox table and reaches no one/);

    // The optional home banner: a disabled one does not count.
    await exec(sql`insert into banners (name, image, title, enable) values ('Home_Banners', '/storage/art/x.svg', 'Off', false)`);
    expect((await ticked()).home_banner).toBe(false);
    await exec(sql`insert into banners (name, image, title) values ('Home_Banners', '/storage/art/x.svg', 'Welcome')`);
    expect((await ticked()).home_banner).toBe(true);

    // The same database behind a server with SMTP_URL: everything is ticked.
    const smtp = await createTestApp({ shareDatabaseOf: t, mail: { SMTP_URL: 'smtp://mail.example.pk:587' } });
    try {
      const all = await read(smtp);
      expect(all.items.every((i) => i.done)).toBe(true);
      expect(all.ready).toBe(true);
      expect(all.items.find((i) => i.key === 'mail')?.detail).toBe('Mail is sent through SMTP_URL.');
    } finally {
      await smtp.close();
    }
  });

  it('says what the demo install does with mail', async () => {
    const demo = await createTestApp({ shareDatabaseOf: t, demoInstall: true });
    try {
      expect(await detail('mail', demo)).toMatch(/written to the log \(the demo install\)/);
    } finally {
      await demo.close();
    }
  });

  it('is the Admin\'s: other roles get 403, callers without a staff session 401', async () => {
    for (const role of ['Order desk', 'Finance', 'Catalogue'] as const) {
      const s = await signInStaff(t, { email: `golive-${role.replace(' ', '-').toLowerCase()}-only@staff.pk`, roles: [role] });
      const res = await t.app.inject({ method: 'GET', url: '/api/staff/go-live', headers: s.headers });
      expect(res.statusCode, role).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/staff/go-live' })).statusCode).toBe(401);
  });
});

describe('what the storefront says of its size (issue 35)', () => {
  it('is being set up with no listed product, "some" with a few and "thousands" from 2,000', async () => {
    const fresh = await createTestApp();
    try {
      const shop = async () => body<{ data: SiteContent }>(await fresh.app.inject({ method: 'GET', url: '/api/content/site' })).data.shop;
      expect(await shop()).toBe('setting_up');
      const db = fresh.database.db;
      await db.execute(sql`insert into categories (name, slug, level) values ('Size Food', 'size-food', 1)`);
      await db.execute(sql`insert into brands (name) values ('Size')`);
      const add = (from: number, to: number, price: string, active = true) =>
        db.execute(sql`insert into products (name, url_name, url, price, stock, sku, code, brand_id, brand_name, tax, sell_price, tier1_id, product_subsys, article_mgb, active)
          select 'Size ' || g, 'size-' || g || '.svg', 'size-' || g, ${price}, 5, 'SIZE-' || g, 'S' || g, b.id, b.name, '0', ${price}, c.id, 'FOOD', 'M' || g, ${active}
          from generate_series(${from}::int, ${to}::int) g, categories c, brands b where c.slug = 'size-food' and b.name = 'Size'`);
      // Unpriced and inactive products are not listed to buyers.
      await add(1, 1, '0');
      await add(2, 2, '90', false);
      expect(await shop()).toBe('setting_up');
      await add(3, 3, '90');
      expect(await shop()).toBe('some');
      await add(4, 1_999, '90');
      expect(await shop()).toBe('some'); // 1,997 listed
      await add(2_000, 2_003, '90');
      expect(await shop()).toBe('thousands');
    } finally {
      await fresh.close();
    }
  });
});
