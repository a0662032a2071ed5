import { describe, expect, it } from 'vitest';
import {
  marketplaceCategoryPath,
  marketplacePriceDisplay,
  marketplaceProductPath,
  marketplaceProductTitle,
  isUsableSegment,
  movedProductPath,
  notAvailableIn,
  parseCity,
  recordForCity,
  relatedHeading,
  resolveCategoryPath,
  resolveProductPath,
  segmentMatchesName,
} from './marketplace-rules.ts';

const base = { price: '1180.00', sale: false, sale_price: null, sell_price: '1000.00', tax: '180.00', discount_threshold: null, discount_price: null, original_price: null };

describe('marketplacePriceDisplay (SPEC 2)', () => {
  it('without a threshold: Net Price and Tax Include rounded, Gross Sell Price the list price', () => {
    expect(marketplacePriceDisplay({ ...base, sell_price: '1000.40', tax: '179.60' })).toEqual({
      kind: 'plain', netPrice: '1000.00', taxInclude: '180.00', grossSellPrice: '1180.00', oldPrice: null,
    });
  });
  it('on sale: Gross Sell Price is the sale price and the list price is struck', () => {
    expect(marketplacePriceDisplay({ ...base, sale: true, sale_price: '999.50' })).toMatchObject({ grossSellPrice: '999.50', oldPrice: '1180.00' });
  });
  it('a sale price not below the price is still the price on sale (SPEC 2 and 9, as the storefront shows it), never struck as a reduction', () => {
    // Issue 38: the Gross Sell Price is the displayed price of the record (pricing.ts displayPrice); before, the
    // marketplace alone showed the list price here. The shop's writes never make such a record (marketplaceCityPrice).
    expect(marketplacePriceDisplay({ ...base, sale: true, sale_price: '1200.00' })).toMatchObject({ grossSellPrice: '1200.00', oldPrice: null });
    expect(marketplacePriceDisplay({ ...base, sale: true, sale_price: '1180.00' })).toMatchObject({ grossSellPrice: '1180.00', oldPrice: null });
  });
  it('a sale flag without a sale price above zero shows the list price', () => {
    expect(marketplacePriceDisplay({ ...base, sale: true, sale_price: null })).toMatchObject({ grossSellPrice: '1180.00', oldPrice: null });
    expect(marketplacePriceDisplay({ ...base, sale: true, sale_price: '0.00' })).toMatchObject({ grossSellPrice: '1180.00', oldPrice: null });
  });
  it('with a threshold: x1 Piece at the original price, x{n} Pieces at the discount price, exact totals', () => {
    const d = marketplacePriceDisplay({ ...base, discount_threshold: 12, discount_price: '1099.95', original_price: '1180.00' });
    expect(d).toEqual({
      kind: 'threshold',
      threshold: 12,
      rows: [
        { label: 'x1 Piece', pieces: 1, unitPrice: '1180.00', total: '1180.00' },
        { label: 'x12 Pieces', pieces: 12, unitPrice: '1099.95', total: '13199.40' },
      ],
    });
  });
  it('a threshold without a discount price falls back to the plain display', () => {
    expect(marketplacePriceDisplay({ ...base, discount_threshold: 6 }).kind).toBe('plain');
  });
});

describe('city rules (SPEC 5, 9)', () => {
  it('parses the cities there are case-insensitively and refuses others', () => {
    const cities = ['Lahore', 'Karachi'];
    expect(parseCity('karachi', cities)).toBe('Karachi');
    expect(parseCity(' Lahore ', cities)).toBe('Lahore');
    expect(parseCity('Paris', cities)).toBeNull();
    expect(parseCity('', cities)).toBeNull();
  });
  it('finds the record of a city or none', () => {
    const records = [{ city: 'Lahore', price: '1' }, { city: 'Multan', price: '2' }];
    expect(recordForCity(records, 'Multan')?.price).toBe('2');
    expect(recordForCity(records, 'Karachi')).toBeNull();
    expect(notAvailableIn('Karachi')).toBe('This product is not available in Karachi');
  });
});

describe('path resolution (SPEC 2: 4 and 5 segments)', () => {
  it('4 segments: the category from the last', () => {
    expect(resolveCategoryPath('/bmpl/category/rice-&-grains')).toEqual({ category: 'rice-&-grains', subcategory: null });
    expect(resolveCategoryPath('/bmpl/category/rice-&-grains/')).toEqual({ category: 'rice-&-grains', subcategory: null });
  });
  it('5 segments: parent from the second-to-last, subcategory from the last', () => {
    expect(resolveCategoryPath('/bmpl/category/rice-grains/basmati-rice/')).toEqual({ category: 'rice-grains', subcategory: 'basmati-rice' });
  });
  it('other shapes, encoded slashes, bad encoding and long segments are not category paths', () => {
    expect(resolveCategoryPath('/bmpl/category')).toBeNull();
    expect(resolveCategoryPath('/bmpl/category/a/b/c')).toBeNull();
    expect(resolveCategoryPath('/bmpl/category/rice%2Fgrains')).toBeNull();
    expect(resolveCategoryPath('/bmpl/category/%E0%A4%A')).toBeNull();
    expect(resolveCategoryPath(`/bmpl/category/${'a'.repeat(201)}`)).toBeNull();
    expect(isUsableSegment('%20')).toBe(false);
  });
  it('every product detail form resolves to the product segment and its categories', () => {
    expect(resolveProductPath('/bmpl/category/rice-grains/basmati-rice/productdetail/guard-rice-5-kg')).toEqual({ product: 'guard-rice-5-kg', category: 'rice-grains', subcategory: 'basmati-rice' });
    expect(resolveProductPath('/bmpl/category/rice-grains/productdetail/guard-rice-5-kg')).toEqual({ product: 'guard-rice-5-kg', category: 'rice-grains', subcategory: null });
    expect(resolveProductPath('/bmpl/rice-grains/basmati-rice/productdetail/x')).toEqual({ product: 'x', category: 'rice-grains', subcategory: 'basmati-rice' });
    expect(resolveProductPath('/bmpl/rice-grains/productdetail/x')).toEqual({ product: 'x', category: 'rice-grains', subcategory: null });
    expect(resolveProductPath('/bmpl/productdetail/x')).toEqual({ product: 'x', category: null, subcategory: null });
    expect(resolveProductPath('/rice-grains/basmati-rice/productdetail/x/')).toEqual({ product: 'x', category: 'rice-grains', subcategory: 'basmati-rice' });
    expect(resolveProductPath('/bmpl/productdetail/a%2Fb')).toBeNull();
    expect(resolveProductPath('/bmpl/productdetail')).toBeNull();
  });
  it('matches segments by slug, by the name rule and without punctuation', () => {
    expect(segmentMatchesName('rice-&-grains', 'Rice & Grains')).toBe(true);
    expect(segmentMatchesName('RICE_&_GRAINS', 'Rice & Grains')).toBe(true);
    expect(segmentMatchesName('rice-grains', 'Rice & Grains')).toBe(true);
    expect(segmentMatchesName('pulses-daal', 'Pulses (Daal)')).toBe(true);
    expect(segmentMatchesName('rice', 'Rice & Grains')).toBe(false);
    expect(segmentMatchesName('%E0%A4%A', 'x')).toBe(false);
  });
  it('builds canonical product and category URLs, keeping & readable', () => {
    expect(marketplaceProductPath({ slug: "shan-s-masala-50-g", category_slug: 'spices-&-masala', subcategory_slug: 'recipe-masala' })).toBe(
      '/bmpl/category/spices-&-masala/recipe-masala/productdetail/shan-s-masala-50-g',
    );
    expect(marketplaceProductPath({ slug: 'x', category_slug: 'dairy', subcategory_slug: null })).toBe('/bmpl/category/dairy/productdetail/x');
    expect(marketplaceCategoryPath('rice-&-grains', 'basmati-rice')).toBe('/bmpl/category/rice-&-grains/basmati-rice/');
    expect(marketplaceCategoryPath('چائے')).toBe('/bmpl/category/%DA%86%D8%A7%D8%A6%DB%92/');
    expect(resolveProductPath(marketplaceProductPath({ slug: 'چائے-پتی', category_slug: 'tea', subcategory_slug: null }))?.product).toBe('%DA%86%D8%A7%D8%A6%DB%92-%D9%BE%D8%AA%DB%8C');
  });
});

describe('movedProductPath (issue 19: an old address moves to the product as it is now)', () => {
  const product = {
    slug: 'super-basmati-rice-5-kg',
    name: 'Super Basmati Rice 5 kg',
    category_slug: 'rice-&-grains',
    category_name: 'Rice & Grains',
    subcategory_slug: 'basmati-rice',
    subcategory_name: 'Basmati Rice',
  };
  const canonical = '/bmpl/category/rice-&-grains/basmati-rice/productdetail/super-basmati-rice-5-kg';
  const moved = (path: string) => movedProductPath(resolveProductPath(path)!, product);
  it('the canonical path and the SPEC 2 shorter forms that name the product as it is stay', () => {
    expect(moved(canonical)).toBeNull();
    expect(moved('/bmpl/productdetail/super-basmati-rice-5-kg')).toBeNull();
    expect(moved('/bmpl/rice-&-grains/productdetail/super-basmati-rice-5-kg')).toBeNull();
    expect(moved('/bmpl/category/basmati-rice/productdetail/super-basmati-rice-5-kg')).toBeNull();
    expect(moved('/rice-grains/basmati-rice/productdetail/super-basmati-rice-5-kg')).toBeNull();
    // By the name rule, upper case, or with its categories' names.
    expect(moved('/bmpl/productdetail/SUPER_BASMATI_RICE_5_KG')).toBeNull();
    expect(moved('/bmpl/category/Rice%20%26%20Grains/Basmati%20Rice/productdetail/Super-Basmati-Rice-5-kg')).toBeNull();
  });
  it('an old slug (a rename) moves to the canonical path, whatever the form', () => {
    expect(moved('/bmpl/category/rice-&-grains/basmati-rice/productdetail/basmati-rice-5-kg')).toBe(canonical);
    expect(moved('/bmpl/productdetail/basmati-rice-5-kg')).toBe(canonical);
  });
  it('categories that are not the product\'s (it moved to another category) move it too', () => {
    expect(moved('/bmpl/category/spices-&-masala/basmati-rice/productdetail/super-basmati-rice-5-kg')).toBe(canonical);
    expect(moved('/bmpl/category/rice-&-grains/brown-rice/productdetail/super-basmati-rice-5-kg')).toBe(canonical);
    expect(moved('/bmpl/category/pulses/productdetail/super-basmati-rice-5-kg')).toBe(canonical);
  });
});

describe('texts (SPEC 2)', () => {
  it('title and related heading', () => {
    expect(marketplaceProductTitle('Guard Rice')).toBe('Buy Guard Rice at the Best Wholesale Prices in Pakistan');
    expect(relatedHeading(12)).toBe('Similar Products');
    expect(relatedHeading(null)).toBe('BUY MORE PAY LESS');
  });
});
