import { describe, expect, it } from 'vitest';
import { marketplaceSearchPath, searchTextFromParam } from './marketplace-search.ts';

describe('the marketplace search page address (SPEC 2)', () => {
  it('search text turns hyphens into spaces', () => {
    expect(searchTextFromParam('basmati-rice--5kg')).toBe('basmati rice 5kg');
    expect(searchTextFromParam(null)).toBe('');
  });
  it('the search page address carries the typed text back', () => {
    expect(marketplaceSearchPath('  basmati  rice & daal ')).toBe('/bmpl/search?searchValue=basmati-rice-%26-daal');
    const value = new URL(`http://x${marketplaceSearchPath('basmati rice 5kg')}`).searchParams.get('searchValue');
    expect(searchTextFromParam(value)).toBe('basmati rice 5kg');
  });
});
