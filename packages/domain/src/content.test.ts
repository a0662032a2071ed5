import { describe, expect, it } from 'vitest';
import { isShownAt, pageBlocks } from './content.ts';

describe('pageBlocks (issue 19: information pages as staff write them)', () => {
  it('reads headings, lists and paragraphs, and nothing as HTML', () => {
    expect(pageBlocks('## Delivery\n\nWithin 24 hours\nbefore 6 pm.\n\n- Cash\n- Credit\n\n<b>bold</b>')).toEqual([
      { kind: 'heading', text: 'Delivery' },
      { kind: 'paragraph', text: 'Within 24 hours before 6 pm.' },
      { kind: 'list', items: ['Cash', 'Credit'] },
      { kind: 'paragraph', text: '<b>bold</b>' },
    ]);
  });
});

describe('isShownAt', () => {
  const at = Date.parse('2026-12-01T10:00:00Z');
  it.each([
    [null, null, true],
    ['2026-12-01T10:00:00Z', null, true],
    ['2026-12-01T10:00:01Z', null, false],
    [null, '2026-12-01T10:00:00Z', false],
    ['2026-11-30T00:00:00+05:00', '2026-12-02T00:00:00+05:00', true],
  ])('from %s until %s: %s', (starts_at, ends_at, shown) => {
    expect(isShownAt({ starts_at, ends_at }, at)).toBe(shown);
  });
});
