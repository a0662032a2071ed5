import { describe, expect, it } from 'vitest';
import { usesMarketplaceBar } from './route-rules.ts';

describe('which bar a route uses (SPEC 2)', () => {
  it('uses the marketplace bar on marketplace paths, product detail paths and /pageNotFound', () => {
    for (const p of ['/bmpl', '/bmpl/', '/bmpl/search', '/bmpl/category/rice/', '/bmpl/category/a/b/productdetail/x', '/x/y/productdetail/z', '/pageNotFound']) {
      expect(usesMarketplaceBar(p), p).toBe(true);
    }
  });
  it('uses the ordering bar elsewhere', () => {
    for (const p of ['/', '/home', '/categories', '/productDetails', '/cart', '/bmplx', '/orders']) {
      expect(usesMarketplaceBar(p), p).toBe(false);
    }
  });
});
