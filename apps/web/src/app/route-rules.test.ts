import { describe, expect, it } from 'vitest';
import { offersPriceCity, usesMarketplaceBar } from './route-rules.ts';

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

describe('where a guest chooses the city of the prices shown (issue 36)', () => {
  it('on the storefront pages that show prices', () => {
    for (const p of ['/', '/home', '/categories', '/business', '/business/3', '/businessProducts', '/productDetails', '/cart']) expect(offersPriceCity(p), p).toBe(true);
  });
  it('not on sign-up, sign-in, account or information pages', () => {
    for (const p of ['/sign-up', '/sign-up-2', '/sign-in', '/otp', '/accountInfo', '/orders', '/faqs', '/businessx']) expect(offersPriceCity(p), p).toBe(false);
  });
});
