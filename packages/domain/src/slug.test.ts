import { describe, expect, it } from 'vitest';
import { nameFromSegment, toSlug } from './slug.ts';

describe('toSlug (SPEC 2)', () => {
  it('lower-cases and joins runs of other characters with one hyphen', () => {
    expect(toSlug('Rice & Grains')).toBe('rice-&-grains');
    expect(toSlug('Tapal Danedar Tea 950 g')).toBe('tapal-danedar-tea-950-g');
    expect(toSlug("Shan's  Biryani -- Masala!!")).toBe('shan-s-biryani-masala');
    expect(toSlug('Pulses (Daal)')).toBe('pulses-daal');
  });
  it('keeps letters of other scripts', () => {
    expect(toSlug('چائے پتی')).toBe('چائے-پتی');
  });
});

describe('nameFromSegment', () => {
  it('turns hyphens and underscores into spaces and upper-cases', () => {
    expect(nameFromSegment('basmati-rice')).toBe('BASMATI RICE');
    expect(nameFromSegment('cooking_oil-&-ghee')).toBe('COOKING OIL & GHEE');
    expect(nameFromSegment('%D8%B1%D9%88%D9%B9%DB%8C')).toBe('روٹی');
  });
  it('survives malformed percent-encoding', () => {
    expect(nameFromSegment('bad%E0%A4%A')).toBe('BAD%E0%A4%A');
  });
});
