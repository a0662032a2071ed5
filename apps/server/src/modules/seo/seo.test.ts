import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MarketplaceProduct } from '@shop/domain/marketplace';
import { marketplaceCategoryPath, marketplaceProductPath, marketplaceProductTitle } from '@shop/domain/marketplace-rules';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { jsonRows } from '../../db/client.ts';
import { escapeHtml, jsonForScript, withHead } from './seo-head.ts';

const INDEX = `<!doctype html><html lang="en"><head><meta charset="UTF-8" />
<meta name="description" content="Wholesale ordering." />
<title>Wholesale Shop</title>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
</head><body><div id="root"></div></body></html>`;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ demo: true });
  // createTestApp points WEB_DIST at an empty folder: give it an index.html, read on first use.
  mkdirSync(join(t.dataDir, 'no-web'), { recursive: true });
  writeFileSync(join(t.dataDir, 'no-web', 'index.html'), INDEX);
}, 60_000);
afterAll(() => t.close());

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { host: 'shop.example.pk' } });
const meta = (html: string, attr: string) => html.match(new RegExp(`<meta ${attr} content="([^"]*)"`))?.[1];

async function lahoreProduct(): Promise<MarketplaceProduct> {
  const res = await t.app.inject({ method: 'GET', url: '/api/bmpl/products?city=Lahore&limit=5' });
  const product = body<{ data: { products: MarketplaceProduct[] } }>(res).data.products.find((p) => p.subcategory_slug);
  if (!product) throw new Error('no seeded product');
  return product;
}

describe('marketplace pages for crawlers', () => {
  it('a product URL answers its title, description, canonical URL, Open Graph tags and Product/Offer data', async () => {
    const product = await lahoreProduct();
    const path = marketplaceProductPath(product);
    const res = await page(path);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`<title>${escapeHtml(marketplaceProductTitle(product.name))}</title>`);
    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html.match(/<meta name="description"/g)).toHaveLength(1);
    expect(html).toContain(`<link rel="canonical" href="http://shop.example.pk${path}" />`);
    expect(meta(html, 'property="og:type"')).toBe('product');
    expect(meta(html, 'property="og:title"')).toBe(escapeHtml(marketplaceProductTitle(product.name)));
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">([^<]*)<\/script>/)?.[1] ?? 'null');
    expect(ld['@type']).toBe('Product');
    expect(ld.name).toBe(product.name);
    const lahore = ld.offers.find((o: { areaServed: { name: string } }) => o.areaServed.name === 'Lahore');
    expect(lahore).toMatchObject({ '@type': 'Offer', priceCurrency: 'PKR', price: expect.stringMatching(/^\d+\.\d{2}$/) });
    // The app itself still loads, and the page keeps its script tag.
    expect(html).toContain('/assets/index-abc.js');
    // Any productdetail form points to the one canonical URL.
    const other = await page(`/bmpl/productdetail/${product.slug}`);
    expect(other.body).toContain(`<link rel="canonical" href="http://shop.example.pk${path}" />`);
  });

  it('a category URL answers its own title and canonical URL; an unknown one is marked noindex (answered 200, so the console stays clean)', async () => {
    const res = await page('/bmpl/category/rice-&-grains/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>Rice &amp; Grains \| Buy More Pay Less<\/title>/);
    expect(res.body).toContain('<link rel="canonical" href="http://shop.example.pk/bmpl/category/rice-&amp;-grains/" />');
    expect(res.body).toContain('"@type":"BreadcrumbList"');
    const missing = await page('/bmpl/category/no-such-thing/');
    expect(missing.statusCode).toBe(200);
    expect(missing.body).toContain('<meta name="robots" content="noindex" />');
    expect(missing.headers['x-robots-tag']).toBe('noindex');
    // Other marketplace paths get the plain app page.
    const search = await page('/bmpl/search?searchValue=rice');
    expect(search.statusCode).toBe(200);
    expect(search.body).toContain('<title>Wholesale Shop</title>');
  });

  it('keeps the script policy: JSON-LD is data, no inline script runs', async () => {
    const res = await page('/bmpl/category/rice-&-grains/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });

  it('a hostile Host header is not written into the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/bmpl', headers: { host: 'evil"><script>x</script>' } });
    expect(res.body).not.toContain('<script>x');
    expect(res.body).toContain('<link rel="canonical" href="http://localhost/bmpl" />');
  });
});

describe('addresses from before a rename or a move (issue 19)', () => {
  /** A marketplace product sold as a storefront product, with a level-3 category, and that product's Catalogue editor. */
  async function linked(offset: number) {
    const [row] = await jsonRows<{ id: number; bmpl_id: number }>(
      t.database.db,
      sql`select p.id, b.id as bmpl_id from products p join bmpl_products b on b.product_id = p.id
          where p.active and b.tier3_id is not null order by p.id limit 1 offset ${offset}`,
    );
    const detail = async () => body<{ data: MarketplaceProduct & { name: string } }>(await t.app.inject({ method: 'GET', url: `/api/bmpl/products/${row!.bmpl_id}` })).data;
    return { ...row!, detail };
  }
  const staff = () => signInStaff(t, { email: `seo-cat-${Math.random().toString(36).slice(2)}@staff.pk`, roles: ['Catalogue'] });

  it("a renamed product's old URL answers 301 to its new canonical URL (query kept); the new URL answers 200", async () => {
    const cat = await staff();
    const p = await linked(3);
    const before = await p.detail();
    const oldPath = marketplaceProductPath(before);
    expect((await page(oldPath)).statusCode).toBe(200);
    const res = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p.id}`, payload: { name: `${before.name} Value Pack` } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await p.detail();
    const newPath = marketplaceProductPath(after);
    expect(newPath).not.toBe(oldPath);

    const old = await page(oldPath);
    expect(old.statusCode).toBe(301);
    expect(old.headers.location).toBe(newPath);
    expect(old.headers['cache-control']).toBe('no-cache');
    // Every form of the old address, with its query.
    const short = await page(`/bmpl/productdetail/${before.slug}?city=Multan`);
    expect(short.statusCode).toBe(301);
    expect(short.headers.location).toBe(`${newPath}?city=Multan`);
    const now = await page(newPath);
    expect(now.statusCode).toBe(200);
    expect(now.body).toContain(`<link rel="canonical" href="http://shop.example.pk${escapeHtml(newPath)}" />`);
    // A shorter SPEC 2 form naming the product as it is now is not moved.
    expect((await page(`/bmpl/productdetail/${after.slug}`)).statusCode).toBe(200);

    // Renamed back: the first address is the product's own again, and the second one moves to it.
    expect((await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p.id}`, payload: { name: before.name } })).statusCode).toBe(200);
    expect((await page(oldPath)).statusCode).toBe(200);
    const back = await page(newPath);
    expect(back.statusCode).toBe(301);
    expect(back.headers.location).toBe(oldPath);
  });

  it('a product moved to another category: its old URL answers 301 to the new one', async () => {
    const cat = await staff();
    const p = await linked(5);
    const before = await p.detail();
    const [other] = await jsonRows<{ id: number }>(
      t.database.db,
      sql`select c.id from categories c join categories l2 on l2.id = c.parent_id join categories f on f.id = l2.parent_id
          where c.level = 3 and f.name = 'Food' and l2.id <> ${before.tier2_id}
          order by c.id limit 1`,
    );
    const res = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/products/${p.id}`, payload: { category_id: other!.id } });
    expect(res.statusCode, res.body).toBe(200);
    const after = await p.detail();
    expect(after.tier3_id).toBe(other!.id);
    const moved = await page(marketplaceProductPath(before));
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe(marketplaceProductPath(after));
    expect((await page(marketplaceProductPath(after))).statusCode).toBe(200);
  });

  it("a renamed category keeps its slug: its URL and its products' URLs stay and answer 200 under the new name", async () => {
    const cat = await staff();
    const p = await linked(7);
    const before = await p.detail();
    const categoryUrl = marketplaceCategoryPath(before.category_slug, before.subcategory_slug);
    expect((await page(categoryUrl)).body).toContain(`${escapeHtml(before.subcategory_name ?? '')} | Buy More Pay Less`);
    const res = await cat.inject({ method: 'PATCH', url: `/api/staff/catalogue/categories/${before.tier3_id}`, payload: { name: `${before.subcategory_name} Select` } });
    expect(res.statusCode, res.body).toBe(200);
    const category = await page(categoryUrl);
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain(`${escapeHtml(before.subcategory_name ?? '')} Select | Buy More Pay Less`);
    expect((await page(marketplaceProductPath(before))).statusCode).toBe(200);
  });
});

describe('escaping', () => {
  it('names cannot break out of the head or the JSON-LD script', () => {
    const html = withHead(INDEX, {
      title: 'A</title><script>alert(1)</script>',
      description: '"><img src=x onerror=alert(1)>',
      canonical: 'http://x/"a',
      type: 'product',
      jsonLd: { name: '</script><script>alert(1)</script>\u2028' },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<img');
    expect(jsonForScript({ a: '</script>' })).toBe('{"a":"\\u003c/script\\u003e"}');
    expect(JSON.parse(jsonForScript({ a: '</script>&\u2028' }))).toEqual({ a: '</script>&\u2028' });
  });
});

describe('sitemap.xml and robots.txt', () => {
  it('lists the marketplace home, categories and products at their canonical URLs', async () => {
    const res = await page('/sitemap.xml');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...res.body.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '');
    expect(locs).toContain('http://shop.example.pk/bmpl');
    expect(locs).toContain('http://shop.example.pk/bmpl/category/rice-&amp;-grains/');
    const product = await lahoreProduct();
    expect(locs).toContain(`http://shop.example.pk${escapeHtml(marketplaceProductPath(product))}`);
    expect(locs.length).toBeLessThanOrEqual(50_000);
    expect(new Set(locs).size).toBe(locs.length);
  });

  it('robots.txt keeps buyers\' ordering pages and the API out and names the sitemap', async () => {
    const res = await page('/robots.txt');
    expect(res.statusCode).toBe(200);
    for (const path of ['/cart', '/orders', '/pending', '/ledgers', '/api/']) expect(res.body).toContain(`Disallow: ${path}\n`);
    expect(res.body).toContain('Allow: /bmpl\n');
    expect(res.body).toContain('Sitemap: http://shop.example.pk/sitemap.xml');
  });
});
