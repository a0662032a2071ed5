import { QUICK_ORDER_MAX_ROWS } from '@shop/domain/reorder-rules';
import { describe, expect, it } from 'vitest';
import { insertRows, newRow, type Row, withTrailingRow } from './quick-order-rows.ts';

const texts = (rows: readonly Row[]) => rows.map((r) => r.text);

describe('quick order rows (issue 21)', () => {
  it('keeps exactly one empty row at the end to type into', () => {
    expect(texts(withTrailingRow([]))).toEqual(['']);
    expect(texts(withTrailingRow([newRow({ text: 'a', quantity: '1' })]))).toEqual(['a', '']);
    expect(texts(withTrailingRow([newRow({ text: 'a', quantity: '1' }), newRow(), newRow(), newRow()]))).toEqual(['a', '']);
  });

  it('puts pasted rows at the row pasted into, replacing it when empty, before the rows after it', () => {
    const rows = [newRow({ text: 'a', quantity: '1' }), newRow(), newRow({ text: 'z', quantity: '2' }), newRow()];
    const { rows: next, dropped } = insertRows(rows, 1, [
      { text: 'b', quantity: '3' },
      { text: 'c', quantity: '4' },
    ]);
    expect(texts(next)).toEqual(['a', 'b', 'c', 'z', '']);
    expect(dropped).toBe(0);
    // The typed rows keep their ids (React keeps their fields and focus).
    expect(next[0]?.id).toBe(rows[0]?.id);
    expect(next[3]?.id).toBe(rows[2]?.id);
  });

  it('stops at 500 rows and counts what was left out', () => {
    const drafts = Array.from({ length: QUICK_ORDER_MAX_ROWS + 5 }, (_, i) => ({ text: `SKU-${i}`, quantity: '1' }));
    const { rows, dropped } = insertRows([newRow({ text: 'first', quantity: '1' }), newRow()], 1, drafts);
    expect(rows).toHaveLength(QUICK_ORDER_MAX_ROWS);
    expect(dropped).toBe(6);
  });
});
