import { describe, expect, it } from 'vitest';
import { addToCart, type CartLine, decrement, itemCount, parseTypedQuantity, removeLine, setQuantity } from './cart.ts';

const item = (id: number, stock = 10): Omit<CartLine, 'quantity'> => ({
  product_id: id,
  product_name: `P${id}`,
  unit_price: '100.00',
  url_name: '',
  brand_name: 'B',
  sku: `S${id}`,
  stock,
  tax: '0.00',
  sell_price: '100.00',
  sale: false,
});

describe('cart operations (SPEC 4)', () => {
  it('adding a product already in the cart raises its quantity by 1', () => {
    const once = addToCart([], item(1));
    const twice = addToCart(once, item(1));
    expect(twice).toHaveLength(1);
    expect(twice[0]?.quantity).toBe(2);
  });
  it('does not add an out-of-stock product', () => {
    expect(addToCart([], item(1, 0))).toEqual([]);
  });
  it('minus at quantity 1 removes the line', () => {
    const lines = addToCart([], item(1));
    expect(decrement(lines, 1)).toEqual([]);
    expect(decrement(addToCart(lines, item(1)), 1)[0]?.quantity).toBe(1);
  });
  it('typed quantity: the integer typed; empty or 0 removes', () => {
    expect(parseTypedQuantity('12')).toBe(12);
    expect(parseTypedQuantity('')).toBe(0);
    expect(parseTypedQuantity('1.5')).toBe(15);
    const lines = addToCart([], item(1));
    expect(setQuantity(lines, 1, 0)).toEqual([]);
    expect(setQuantity(lines, 1, 7)[0]?.quantity).toBe(7);
  });
  it('delete and count', () => {
    const lines = addToCart(addToCart([], item(1)), item(2));
    expect(itemCount(lines)).toBe(2);
    expect(removeLine(lines, 1).map((l) => l.product_id)).toEqual([2]);
  });
});
