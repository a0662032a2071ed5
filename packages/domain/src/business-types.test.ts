import { describe, expect, it } from 'vitest';
import { BusinessTypeInputSchema, BusinessTypeProductsInputSchema, businessTypeDeleteRefusal, businessTypeUsage } from './business-types.ts';
import { uploadedImageSources } from './product-images.ts';

describe('business types (issue 35)', () => {
  it('says what uses a type, and refuses its deletion only then', () => {
    expect(businessTypeUsage({ businesses: 0, products: 0, sub_types: 0 })).toBe('');
    expect(businessTypeUsage({ businesses: 1, products: 0, sub_types: 0 })).toBe('1 business');
    expect(businessTypeUsage({ businesses: 2, products: 1, sub_types: 3 })).toBe('2 businesses, 1 product and 3 sub-types');
    expect(businessTypeDeleteRefusal('Hotel', { businesses: 0, products: 0, sub_types: 0 })).toBeNull();
    expect(businessTypeDeleteRefusal('Hotel', { businesses: 0, products: 14, sub_types: 0 })).toBe('Hotel cannot be deleted: 14 products use it. Make it inactive instead (the shop then stops showing it).');
  });

  it('takes only an uploaded picture (or the demo art), and a category or products but not both', () => {
    const ok = (image: string) => BusinessTypeInputSchema.safeParse({ name: 'Hotel', image, sort_order: 0 }).success;
    expect(ok('/api/images/t-0123456789ab-1280.webp')).toBe(true);
    expect(ok('/storage/art/tile/hotel.svg')).toBe(true);
    expect(ok('/api/images/b-0123456789ab-1600.webp')).toBe(false);
    expect(ok('https://example.com/hotel.png')).toBe(false);
    expect(ok('/storage/art/../secret.svg')).toBe(false);
    expect(BusinessTypeProductsInputSchema.safeParse({ action: 'add', category_id: 1, product_ids: [2] }).success).toBe(false);
    expect(BusinessTypeProductsInputSchema.safeParse({ action: 'remove', product_ids: [2] }).success).toBe(true);
  });

  it('an uploaded picture has the srcset of its kind', () => {
    expect(uploadedImageSources('/api/images/b-0123456789ab-1600.webp')?.webp).toBe(
      '/api/images/b-0123456789ab-480.webp 480w, /api/images/b-0123456789ab-960.webp 960w, /api/images/b-0123456789ab-1600.webp 1600w',
    );
    expect(uploadedImageSources('/api/images/t-0123456789ab-1280.webp')?.avif).toContain('/api/images/t-0123456789ab-320.avif 320w');
    expect(uploadedImageSources('/storage/art/tile/hotel.svg')).toBeNull();
  });
});
