import { SessionSchema, type SessionUser } from '@shop/domain/auth';
import { type Product, ProductPageSchema, ProductSchema } from '@shop/domain/catalogue';
import { PricedProductSchema } from '@shop/domain/orders';
import { OrderPolicySchema } from '@shop/domain/policy-facts';
import { type CartPriceInput, cartUnitPrice, quantityPriceSteps, splitTax } from '@shop/domain/pricing';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { getCart, updateCart } from '../../lib/cart-store.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { CartPage } from './cart-page.tsx';

// Issue 36: the cart says "Prices have changed" only when the price the buyer was shown has changed,
// never because a line's quantity reached (or left) a Buy More Pay Less price; each line says which
// price applies and how many more pieces reach the next. The cart's refresh is answered at the network
// boundary (MSW) with the real contract (PricedProductSchema), priced by packages/domain's cartUnitPrice
// and quantityPriceSteps as the server prices it, from the prices below, which a test may change.
vi.setConfig({ testTimeout: 30_000 });

const DAAL = 'Guard Washed Daal Masoor 5 kg';
const RICE = 'Guard 1121 Basmati Rice 1 kg';

interface Prices {
  price: string;
  city_price: string | null;
  tiers: { min_quantity: number; unit_price: string }[];
}
let prices: Record<number, Prices>;
/** Requests the cart's refresh made, and the stock each answer carries (the lines take it: the answer arrived). */
let refreshes = 0;
const REFRESHED_STOCK = 39;

const row = (id: number, name: string, p: Prices): Product => {
  const input = { price: p.price, sale: false, sale_price: null, customer_specific_pricing: null, city_price: p.city_price, quantity_tiers: p.tiers };
  return ProductSchema.parse({
    id, name, url_name: name.toLowerCase().replaceAll(' ', '-'), url: `/productDetails?id=${id}`, price: p.price, sale: false, sale_price: null,
    customer_specific_pricing: null, city_price: p.city_price, quantity_prices: quantityPriceSteps(input), stock: 40, sku: `G-${id}`, code: String(id),
    brand_id: 1, brand_name: 'Guard', description: '', weight: '', product_subsys: '', tax: '0.00', sell_price: p.price, tier1Id: 1, tier2Id: null,
    tier3Id: null, tier4Id: null, tier2_id: null, tier3_id: null, add_to_cart_count: 0, viewed_count: 0, article_mgb: '',
  });
};
const names: Record<number, string> = { 1: DAAL, 2: RICE };
const product = (id: number) => row(id, names[id] as string, prices[id] as Prices);

const owner: SessionUser = SessionSchema.parse({
  token: 't',
  user: {
    id: 5, cmId: null, type: 'Owner', name: 'Demo Owner', business_name: 'Demo Kiryana', email: 'owner@demo.pk', mobile_no: '03001234567',
    national_identity_card: '', businessId: 3, BusinessUserId: 5, businessUserId: 5, metro_store_id: null, delivery_id: null, customer_id: null,
    limit: '0.00', help_no: '', city: 'Lahore', address: 'Shop 4, Liberty Market',
  },
}).user;

const server = setupServer(
  http.post('/api/cart/price', async ({ request }) => {
    refreshes += 1;
    const { ids, quantities } = (await request.json()) as { ids: number[]; quantities: number[] };
    const priced = ids.map((id, i) => {
      const p = product(id);
      const input: CartPriceInput = { ...p, quantity_tiers: (prices[id] as Prices).tiers, quantity: quantities[i] ?? 1 };
      const { unit_price, rule } = cartUnitPrice(input);
      const split = splitTax(unit_price, p.tax, p.sell_price);
      return PricedProductSchema.parse({ ...p, stock: REFRESHED_STOCK, unit_price, unit_tax: split.tax, unit_sell_price: split.sell_price, price_rule: rule });
    });
    return HttpResponse.json({ data: priced });
  }),
  http.get('/api/orders/policy', () =>
    HttpResponse.json({ data: OrderPolicySchema.parse({ city: 'Lahore', min_order_value: null, delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00', now: new Date().toISOString() }) }),
  ),
  http.get('/api/custom_route/get_products_by_categories', () =>
    HttpResponse.json({ data: ProductPageSchema.parse({ products: [], out_of_stock_products: [], has_more: false, offset: 0, limit: 8 }) }),
  ),
  http.get('/api/read/Businesses/:id', () => HttpResponse.json({ error: 'not needed here' }, { status: 404 })),
  http.get('/api/read/Business_Users/:id', () => HttpResponse.json({ error: 'not needed here' }, { status: 404 })),
);

function cards() {
  return render(
    <MemoryRouter>
      <ProductCard product={product(1)} />
      <ProductCard product={product(2)} />
    </MemoryRouter>,
  );
}

function cartPage() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/cart']}>
          <CartPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

/** The cart page after its refresh's answer has been taken into the lines. */
async function openCart(expectedRefreshes: number) {
  const view = cartPage();
  await waitFor(() => expect(refreshes).toBe(expectedRefreshes));
  await waitFor(() => expect(getCart().every((l) => l.stock === REFRESHED_STOCK)).toBe(true));
  return view;
}

const line = (name: string) => within(screen.getByRole('list', { name: 'Cart items' })).getByRole('listitem', { name });
const notice = () => screen.queryByText('Prices have changed since you added these items:');

async function typeQuantity(name: string, quantity: number) {
  const user = userEvent.setup();
  const box = screen.getByRole('textbox', { name: `Quantity of ${name}` });
  await user.clear(box);
  await user.type(box, `${quantity}{Enter}`);
}

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  prices = {
    1: { price: '1880.00', city_price: null, tiers: [{ min_quantity: 12, unit_price: '1770.00' }] },
    2: { price: '555.00', city_price: '540.00', tiers: [] },
  };
  refreshes = 0;
  localStorage.setItem(STORAGE_KEYS.token, 'token-of-the-owner');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(owner));
  updateCart(() => []);
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

describe('the price the buyer was shown goes with the cart line (issue 36)', () => {
  it('the cards show the city price and the quantity price the cart then charges, with no "Prices have changed"', async () => {
    const user = userEvent.setup();
    cards();
    const daal = screen.getByRole('article', { name: DAAL });
    expect(within(daal).getByTestId('price').textContent).toBe('Rs. 1,880');
    expect(within(daal).getByRole('list', { name: 'Buy More Pay Less prices' }).textContent).toBe('12 or more: Rs. 1,770 each');
    const rice = screen.getByRole('article', { name: RICE });
    expect(within(rice).getByTestId('price').textContent).toBe('Rs. 540');
    expect(within(rice).queryByRole('list', { name: 'Buy More Pay Less prices' })).toBeNull();
    await user.click(within(daal).getByRole('button', { name: 'Add to cart' }));
    await user.click(within(rice).getByRole('button', { name: 'Add to cart' }));
    // 12 pieces chosen on the card, before the cart is opened: the buyer was shown Rs. 1,770 for them.
    await typeQuantity(DAAL, 12);
    cleanup();

    await openCart(1);
    expect(notice()).toBeNull();
    expect(line(DAAL).textContent).toContain('Rs. 1,770 each');
    expect(line(DAAL).textContent).toContain('Buy More Pay Less quantity price');
    expect(line(DAAL).textContent).toContain('Rs. 21,240');
    expect(line(RICE).textContent).toContain('Rs. 540 each');
    expect(line(RICE).textContent).toContain('City price');
  });

  it('leaving and reaching a threshold in the cart, and opening it again, is no change; the line tells how many more reach it', async () => {
    const user = userEvent.setup();
    cards();
    await user.click(within(screen.getByRole('article', { name: DAAL })).getByRole('button', { name: 'Add to cart' }));
    cleanup();

    await openCart(1);
    expect(line(DAAL).textContent).toContain('List price');
    expect(line(DAAL).textContent).toContain('Add 11 more to pay Rs. 1,770 each');
    await typeQuantity(DAAL, 12);
    await waitFor(() => expect(refreshes).toBe(2));
    await waitFor(() => expect(line(DAAL).textContent).toContain('Buy More Pay Less quantity price'));
    expect(line(DAAL).textContent).not.toContain('more to pay');
    cleanup();

    // Back to 5 on the card, away from the cart: the price shown for 5 is the one of a piece.
    cards();
    await typeQuantity(DAAL, 5);
    cleanup();
    await openCart(3);
    expect(notice()).toBeNull();
    expect(line(DAAL).textContent).toContain('Rs. 1,880 each');
    expect(line(DAAL).textContent).toContain('Add 7 more to pay Rs. 1,770 each');
  });

  it('a price that really changed since the line was added is told, at the line\'s quantity', async () => {
    const user = userEvent.setup();
    cards();
    await user.click(within(screen.getByRole('article', { name: DAAL })).getByRole('button', { name: 'Add to cart' }));
    await user.click(within(screen.getByRole('article', { name: RICE })).getByRole('button', { name: 'Add to cart' }));
    await typeQuantity(DAAL, 12);
    cleanup();
    prices[1] = { price: '1900.00', city_price: null, tiers: [{ min_quantity: 12, unit_price: '1790.00' }] };

    await openCart(1);
    const told = screen.getByRole('status');
    expect(within(told).getByText('Prices have changed since you added these items:')).toBeTruthy();
    expect(within(told).getAllByRole('listitem').map((li) => li.textContent)).toEqual([`${DAAL}: Rs. 1,770 → Rs. 1,790`]);
  });
});
