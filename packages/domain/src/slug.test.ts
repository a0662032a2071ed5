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

describe('toSlug on awkward names (issue 6)', () => {
  it("keeps '&' (alone or repeated) and joins the punctuation around it", () => {
    expect(toSlug('Salt && Pepper')).toBe('salt-&&-pepper');
    expect(toSlug('A&B Foods')).toBe('a&b-foods');
  });
  it('apostrophes become hyphens, never vanish', () => {
    expect(toSlug("Young's Mayonnaise")).toBe('young-s-mayonnaise');
    expect(toSlug('Rooh’ Afza')).toBe('rooh-afza');
  });
  it('keeps digits and decimal points split', () => {
    expect(toSlug('Dalda Oil 1.5 Litre x 12')).toBe('dalda-oil-1-5-litre-x-12');
    expect(toSlug('7UP 250ml')).toBe('7up-250ml');
  });
  it('collapses repeated punctuation and trims it at both ends', () => {
    expect(toSlug('...Nestle -- (Milk)!!! ')).toBe('nestle-milk');
    expect(toSlug('---')).toBe('');
  });
  it('keeps Urdu words and joins them with hyphens', () => {
    expect(toSlug('باسمتی چاول ۵ کلو')).toBe('باسمتی-چاول-۵-کلو');
    expect(toSlug('Tapal چائے (950 g)')).toBe('tapal-چائے-950-g');
  });
  it('a slug read back by nameFromSegment gives the upper-cased name when only spaces were replaced', () => {
    expect(nameFromSegment(toSlug('Basmati Rice 5 kg'))).toBe('BASMATI RICE 5 KG');
    expect(nameFromSegment(encodeURIComponent(toSlug('باسمتی چاول')))).toBe('باسمتی چاول');
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
