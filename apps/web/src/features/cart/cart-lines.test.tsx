import { type CartLine, MAX_LINE_QUANTITY } from '@shop/domain/cart';
import { type Product, ProductSchema } from '@shop/domain/catalogue';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { getCart, updateCart, useCart } from '../../lib/cart-store.ts';
import { CartLines } from './cart-lines.tsx';

// SPEC 4 cart quantities, through the real components and the real cart store (local storage).
// Typing through user-event takes a while on a loaded 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

const product = (over: Partial<Product> = {}): Product =>
  ProductSchema.parse({
    id: 11,
    name: 'Tapal Danedar 950g',
    url_name: 'tapal-danedar-950g',
    url: '/productDetails?id=11',
    price: '1250.00',
    sale: false,
    sale_price: null,
    customer_specific_pricing: null,
    city_price: null,
    quantity_prices: [],
    stock: 40,
    sku: 'TP-950',
    code: '11',
    brand_id: 3,
    brand_name: 'Tapal',
    description: '',
    weight: '950g',
    product_subsys: '',
    tax: '0.00',
    sell_price: '1250.00',
    tier1Id: 1,
    tier2Id: 2,
    tier3Id: null,
    tier4Id: null,
    tier2_id: 2,
    tier3_id: null,
    add_to_cart_count: 0,
    viewed_count: 0,
    article_mgb: '',
    ...over,
  });

const line = (quantity: number): CartLine => ({
  product_id: 11,
  product_name: 'Tapal Danedar 950g',
  quantity,
  unit_price: '1250.00',
  url_name: 'tapal-danedar-950g',
  brand_name: 'Tapal',
  sku: 'TP-950',
  stock: 40,
  tax: '0.00',
  sell_price: '1250.00',
  sale: false,
});

/** The cart page's list as it is used: the lines the store holds. */
function StoredCart() {
  return <CartLines lines={useCart()} missing={[]} />;
}

const quantityOf = () => getCart().find((l) => l.product_id === 11)?.quantity;

beforeEach(() => updateCart(() => []));
afterEach(cleanup);

describe('cart quantities (SPEC 4)', () => {
  it('plus adds one, minus takes one off, and minus at 1 removes the line', async () => {
    const user = userEvent.setup();
    updateCart(() => [line(1)]);
    render(<StoredCart />);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Tapal Danedar 950g' }));
    expect(screen.getByRole('textbox', { name: 'Quantity of Tapal Danedar 950g' })).toHaveProperty('value', '2');
    expect(quantityOf()).toBe(2);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Tapal Danedar 950g' }));
    expect(quantityOf()).toBe(1);
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Tapal Danedar 950g' }));
    expect(getCart()).toEqual([]);
    expect(screen.queryByRole('listitem', { name: 'Tapal Danedar 950g' })).toBeNull();
  });

  it('a typed quantity is the integer typed, taken on blur or Enter, and shows in the line total', async () => {
    const user = userEvent.setup();
    updateCart(() => [line(1)]);
    render(<StoredCart />);
    const box = screen.getByRole('textbox', { name: 'Quantity of Tapal Danedar 950g' });
    await user.clear(box);
    await user.type(box, '12');
    expect(quantityOf()).toBe(1);
    await user.tab();
    expect(quantityOf()).toBe(12);
    expect(within(screen.getByRole('listitem', { name: 'Tapal Danedar 950g' })).getByText(/15,000/)).toBeTruthy();
    await user.clear(box);
    await user.type(box, '3x{Enter}');
    expect(box).toHaveProperty('value', '3');
    expect(quantityOf()).toBe(3);
  });

  it('never takes more than the largest line quantity', async () => {
    const user = userEvent.setup();
    updateCart(() => [line(1)]);
    render(<StoredCart />);
    const box = screen.getByRole('textbox', { name: 'Quantity of Tapal Danedar 950g' });
    await user.clear(box);
    await user.type(box, '999999');
    await user.tab();
    expect(quantityOf()).toBe(MAX_LINE_QUANTITY);
  });

  it.each([
    ['empty', ''],
    ['0', '0'],
  ])('a quantity left %s on blur removes the line', async (_, typed) => {
    const user = userEvent.setup();
    updateCart(() => [line(5)]);
    render(<StoredCart />);
    const box = screen.getByRole('textbox', { name: 'Quantity of Tapal Danedar 950g' });
    await user.clear(box);
    if (typed) await user.type(box, typed);
    await user.tab();
    expect(getCart()).toEqual([]);
  });

  it('the delete button removes the line', async () => {
    const user = userEvent.setup();
    updateCart(() => [line(4)]);
    render(<StoredCart />);
    await user.click(screen.getByRole('button', { name: 'Delete Tapal Danedar 950g' }));
    expect(getCart()).toEqual([]);
  });
});

describe('add to cart on a product card (SPEC 2, 4)', () => {
  const card = (p: Product) =>
    render(
      <MemoryRouter>
        <ProductCard product={p} />
      </MemoryRouter>,
    );

  it('adds one, then shows the quantity control in its place', async () => {
    const user = userEvent.setup();
    card(product());
    await user.click(screen.getByRole('button', { name: 'Add to cart' }));
    expect(quantityOf()).toBe(1);
    expect(screen.queryByRole('button', { name: 'Add to cart' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Tapal Danedar 950g' }));
    expect(quantityOf()).toBe(2);
  });

  it('at stock 0 says Out Of Stock and its Add to cart is disabled', async () => {
    const user = userEvent.setup();
    card(product({ stock: 0 }));
    expect(screen.getByText('Out Of Stock')).toBeTruthy();
    const add = screen.getByRole('button', { name: 'Add to cart' });
    expect(add).toHaveProperty('disabled', true);
    await user.click(add);
    expect(getCart()).toEqual([]);
  });
});
