import { describe, expect, it } from 'vitest';
import { addLines, type CartLine } from './cart.ts';
import { draftError, looksLikeSku, orderListRights, parseQuickOrderText, parseRowQuantity, proposeQuantity, QUANTITY_RULE, QUICK_ORDER_MAX_ROWS } from './reorder-rules.ts';

describe('proposeQuantity (issue 21, SPEC 4 stock rules)', () => {
  it('names a product no longer sold, out of stock, or short, and never drops it silently', () => {
    expect(proposeQuantity(5, null, 'Old Tea 1kg')).toEqual({ quantity: 0, problem: { code: 'not_sold', text: 'Old Tea 1kg is no longer sold.' } });
    expect(proposeQuantity(5, { name: 'Rice 5kg', stock: 0 }, 'x')).toEqual({ quantity: 0, problem: { code: 'out_of_stock', text: 'Rice 5kg is out of stock.' } });
    expect(proposeQuantity(12, { name: 'Ghee', stock: 7 }, 'x')).toEqual({
      quantity: 7,
      problem: { code: 'quantity_capped', text: 'Only 7 pieces of Ghee are in stock: 7 put in the cart instead of 12.' },
    });
    expect(proposeQuantity(1, { name: 'Ghee', stock: 1 }, 'x')).toEqual({ quantity: 1, problem: null });
    expect(proposeQuantity(12, { name: 'Ghee', stock: 100 }, 'x')).toEqual({ quantity: 12, problem: null });
  });
});

describe('order list rights', () => {
  it('lets every user of the business read a list and only an Owner or Approver keep it', () => {
    expect(orderListRights('Owner')).toEqual({ canRead: true, canEdit: true });
    expect(orderListRights('Approver')).toEqual({ canRead: true, canEdit: true });
    expect(orderListRights('Orderer')).toEqual({ canRead: true, canEdit: false });
    expect(orderListRights('Viewer')).toEqual({ canRead: true, canEdit: false });
    expect(orderListRights('Guest')).toEqual({ canRead: false, canEdit: false });
    expect(orderListRights(null)).toEqual({ canRead: false, canEdit: false });
  });
});

describe('quick order rows', () => {
  it('reads quantities as whole numbers from 1 to 9999', () => {
    expect(parseRowQuantity('12')).toBe(12);
    expect(parseRowQuantity(' 1,200 ')).toBe(1200);
    expect(parseRowQuantity('3.0')).toBe(3);
    for (const bad of ['', '0', '-2', '1.5', 'abc', '10000', '1,2']) expect(parseRowQuantity(bad), bad).toBeNull();
    expect(draftError({ text: 'SKU-000001', quantity: 'x' })).toBe(QUANTITY_RULE);
    expect(draftError({ text: '', quantity: '' })).toBeNull();
    expect(draftError({ text: '', quantity: '3' })).toBeNull();
    expect(draftError({ text: 'sugar', quantity: '3' })).toBeNull();
  });

  it('reads rows copied from a spreadsheet (tab separated), skipping a header and blank lines', () => {
    const pasted = 'SKU\tQty\r\nSKU-000001\t12\r\n\r\nSKU-000002\t1,200\r\nsugar 1kg\t3\r\n';
    expect(parseQuickOrderText(pasted)).toEqual({
      rows: [
        { text: 'SKU-000001', quantity: '12' },
        { text: 'SKU-000002', quantity: '1,200' },
        { text: 'sugar 1kg', quantity: '3' },
      ],
      dropped: 0,
      header: true,
    });
  });

  it('reads CSV with quotes, a quantity first or last, extra columns, and a SKU alone', () => {
    const csv = 'sku,name,quantity\n"SKU-000003","Tea, green 250g",4\n5,SKU-000004\nSKU-000005\n"Cooking oil ""Dalda""",x';
    expect(parseQuickOrderText(csv).rows).toEqual([
      { text: 'SKU-000003', quantity: '4' },
      { text: 'SKU-000004', quantity: '5' },
      { text: 'SKU-000005', quantity: '1' },
      { text: 'Cooking oil "Dalda"', quantity: 'x' },
    ]);
    expect(parseQuickOrderText('a;2\nb;3').rows).toEqual([
      { text: 'a', quantity: '2' },
      { text: 'b', quantity: '3' },
    ]);
  });

  it('keeps at most 500 rows and counts the rest', () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_ROWS + 3 }, (_, i) => `SKU-${i}\t1`).join('\n');
    const parsed = parseQuickOrderText(text);
    expect(parsed.rows).toHaveLength(QUICK_ORDER_MAX_ROWS);
    expect(parsed.dropped).toBe(3);
  });

  it('knows a SKU by its shape', () => {
    expect(looksLikeSku('SKU-000123')).toBe(true);
    expect(looksLikeSku('sku-12')).toBe(true);
    expect(looksLikeSku('basmati rice')).toBe(false);
    expect(looksLikeSku('7up')).toBe(false);
  });
});

describe('addLines (issue 21: a reorder, a quick order or a list into the cart)', () => {
  const line = (id: number, quantity: number, stock = 10, price = '100.00'): CartLine => ({
    product_id: id, product_name: `P${id}`, quantity, unit_price: price, url_name: '', brand_name: 'B', sku: `S${id}`, stock, tax: '0.00', sell_price: price, sale: false,
  });
  it('adds quantities to lines already there, capped at the stock, with today’s price', () => {
    const cart = [line(1, 4)];
    const next = addLines(cart, [line(1, 9, 10, '120.00'), line(2, 3), line(3, 0), line(4, 2, 0)]);
    expect(next.map((l) => [l.product_id, l.quantity, l.unit_price])).toEqual([
      [1, 10, '120.00'],
      [2, 3, '100.00'],
    ]);
    expect(cart[0]?.quantity).toBe(4);
  });
});
