import { describe, expect, it } from 'vitest';
import { addLines, addToCart, type CartLine, cartLineOf, decrement, itemCount, parseTypedQuantity, removeLine, setQuantity, shownPriceChange } from './cart.ts';

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

// Issue 36: "Guard Washed Daal Masoor 5 kg" as the Lahore Owner is shown it: Rs. 1,880, 12 or more Rs. 1,770 each.
const daal = (): Omit<CartLine, 'quantity'> => ({
  ...item(5),
  unit_price: '1880.00',
  shown_price: '1880.00',
  shown_rule: 'list',
  quantity_prices: [{ min_quantity: 12, unit_price: '1770.00' }],
});

describe('the price the buyer was shown goes with the line (issue 36)', () => {
  it('the line is charged the quantity price it reaches, and back', () => {
    const one = addToCart([], daal());
    expect(one[0]).toMatchObject({ unit_price: '1880.00', price_rule: 'list' });
    const twelve = setQuantity(one, 5, 12);
    expect(twelve[0]).toMatchObject({ unit_price: '1770.00', price_rule: 'quantity' });
    expect(setQuantity(twelve, 5, 11)[0]).toMatchObject({ unit_price: '1880.00', price_rule: 'list' });
    expect(addToCart([], daal(), 30)[0]).toMatchObject({ unit_price: '1770.00', price_rule: 'quantity' });
  });

  it('crossing a threshold by the quantity is no change; a changed price is', () => {
    const [line] = setQuantity(addToCart([], daal()), 5, 12) as [CartLine];
    expect(shownPriceChange(line, { unit_price: '1770.00', one: '1880.00' })).toBeNull();
    expect(shownPriceChange({ ...line, quantity: 3 }, { unit_price: '1880.00', one: '1880.00' })).toBeNull();
    expect(shownPriceChange(line, { unit_price: '1800.00', one: '1900.00' })).toEqual({ from: '1770.00', to: '1800.00' });
    expect(shownPriceChange({ ...line, quantity: 1 }, { unit_price: '1900.00', one: '1900.00' })).toEqual({ from: '1880.00', to: '1900.00' });
  });

  it('a line priced elsewhere (reorder, pending order) changed only when its price is neither the one-piece nor the quantity price', () => {
    const reordered: CartLine = { ...item(5), unit_price: '1880.00', quantity: 12 };
    expect(shownPriceChange(reordered, { unit_price: '1770.00', one: '1880.00' })).toBeNull();
    expect(shownPriceChange({ ...reordered, unit_price: '1770.00' }, { unit_price: '1770.00', one: '1880.00' })).toBeNull();
    expect(shownPriceChange(reordered, { unit_price: '1800.00', one: '1900.00' })).toEqual({ from: '1880.00', to: '1800.00' });
  });

  it("lines added together take the new data's price: the prices shown before go", () => {
    const cart = addToCart([], daal());
    const [merged] = addLines(cart, [{ ...item(5), unit_price: '1850.00', quantity: 5 }]) as [CartLine];
    expect(merged).toMatchObject({ quantity: 6, unit_price: '1850.00' });
    expect(merged.shown_price).toBeUndefined();
    expect(merged.quantity_prices).toBeUndefined();
  });
});

describe('cartLineOf (issue 38: the one mapping of a product to a cart line, web and server)', () => {
  const product = {
    id: 7,
    name: 'Daal 1kg',
    url_name: 'daal.svg',
    brand_name: 'B',
    sku: 'D-1',
    stock: 40,
    tax: '270.00',
    sell_price: '1530.00',
    price: '1800.00',
    sale: true,
    sale_price: '1700.00',
    customer_specific_pricing: null,
    city_price: null,
    quantity_prices: [{ min_quantity: 12, unit_price: '1600.00' }],
  };
  it('keeps the price of one piece shown, its rule and the Buy More Pay Less prices, priced at its quantity', () => {
    expect(cartLineOf(product, 3)).toEqual({
      product_id: 7,
      product_name: 'Daal 1kg',
      quantity: 3,
      unit_price: '1700.00',
      price_rule: 'sale',
      shown_price: '1700.00',
      shown_rule: 'sale',
      quantity_prices: [{ min_quantity: 12, unit_price: '1600.00' }],
      url_name: 'daal.svg',
      brand_name: 'B',
      sku: 'D-1',
      stock: 40,
      tax: '270.00',
      sell_price: '1530.00',
      sale: true,
    });
    expect(cartLineOf(product, 12)).toMatchObject({ unit_price: '1600.00', price_rule: 'quantity', shown_price: '1700.00', shown_rule: 'sale' });
    expect(cartLineOf({ ...product, city_price: '1750.00', quantity_prices: undefined }, 1)).toMatchObject({ unit_price: '1750.00', price_rule: 'city', shown_rule: 'city', quantity_prices: [] });
  });
  it('is the line addToCart and addLines keep for the same quantity', () => {
    const { quantity: _, ...item } = cartLineOf(product, 1);
    expect(addToCart([], item, 12)).toEqual([cartLineOf(product, 12)]);
    expect(addLines([], [cartLineOf(product, 12)])).toEqual([cartLineOf(product, 12)]);
  });
});
