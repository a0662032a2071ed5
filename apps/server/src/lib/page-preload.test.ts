import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildIndexPages, indexPageFor } from './page-preload.ts';

const dir = mkdtempSync(join(tmpdir(), 'preload-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('landing page preloads', () => {
  it('announces the page chunk and its imports for the landing pages only', () => {
    mkdirSync(join(dir, '.vite'));
    writeFileSync(join(dir, 'index.html'), '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
    writeFileSync(
      join(dir, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared.js'] },
        'src/features/marketplace/marketplace-home-page.tsx': { file: 'assets/marketplace-home-page-2.js', imports: ['_card.js', 'index.html'] },
        '_card.js': { file: 'assets/card-3.js' },
        '_shared.js': { file: 'assets/index-1.js' },
      }),
    );
    const pages = buildIndexPages(dir);
    const marketplace = pages.byPath.get('/bmpl') ?? '';
    expect(marketplace).toContain('<link rel="modulepreload" crossorigin href="/assets/marketplace-home-page-2.js">');
    expect(marketplace).toContain('href="/assets/card-3.js"');
    expect(marketplace.match(/index-1\.js/g)).toHaveLength(1);
    expect(pages.byPath.has('/orders')).toBe(false);
    expect(pages.plain).not.toContain('modulepreload');
  });

  it('announces the product pages: /productDetails and every productdetail address of the marketplace', () => {
    const web = join(dir, 'products');
    mkdirSync(join(web, '.vite'), { recursive: true });
    writeFileSync(join(web, 'index.html'), '<html><head><script type="module" src="/assets/index-1.js"></script></head><body></body></html>');
    writeFileSync(
      join(web, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-1.js', isEntry: true },
        'src/features/catalogue/product-details-page.tsx': { file: 'assets/product-details-page-4.js', imports: ['_card.js'] },
        'src/features/marketplace/marketplace-product-page.tsx': { file: 'assets/marketplace-product-page-5.js' },
        '_card.js': { file: 'assets/card-3.js' },
      }),
    );
    const pages = buildIndexPages(web);
    expect(indexPageFor(pages, '/productDetails')).toContain('href="/assets/product-details-page-4.js"');
    expect(indexPageFor(pages, '/productDetails')).toContain('href="/assets/card-3.js"');
    for (const path of ['/bmpl/category/pulses-daal/daal-mash/productdetail/guard-premium-daal-mash-5-kg', '/bmpl/productdetail/x', '/a/b/productdetail/x/']) {
      expect(indexPageFor(pages, path)).toContain('href="/assets/marketplace-product-page-5.js"');
    }
    for (const path of ['/orders', '/bmpl/category/pulses-daal', '/productdetail']) expect(indexPageFor(pages, path)).not.toContain('modulepreload');
  });

  it('answers the back office page (staff.html) for /staff and below, and the shop page elsewhere', () => {
    writeFileSync(join(dir, 'staff.html'), '<html><head><meta name="robots" content="noindex, nofollow"></head><body>staff</body></html>');
    const pages = buildIndexPages(dir);
    for (const path of ['/staff', '/staff/', '/staff/sign-in', '/staff/admin/audit']) expect(indexPageFor(pages, path)).toContain('noindex');
    for (const path of ['/', '/staffing', '/home', '/bmpl']) expect(indexPageFor(pages, path)).not.toContain('noindex');
    expect(indexPageFor(pages, '/bmpl')).toContain('modulepreload');
  });
});
