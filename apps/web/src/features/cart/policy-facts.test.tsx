import { SessionSchema } from '@shop/domain/auth';
import type { CartLine } from '@shop/domain/cart';
import { ProductPageSchema } from '@shop/domain/catalogue';
import { BusinessSchema, BusinessUserSchema, type PricedProduct } from '@shop/domain/orders';
import { deliveryDayChoices, formatDeliveryDay, type OrderPolicy, OrderPolicySchema } from '@shop/domain/policy-facts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateCart } from '../../lib/cart-store.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { CartPage } from './cart-page.tsx';

// Issue 36: the cart shows the city's minimum order and how much more is needed, and the checkout sends
// the buyer's reference and the delivery day chosen among the days the city delivers. The API answers
// at the network boundary (MSW) with the real contract; the rules run in the components.
vi.setConfig({ testTimeout: 30_000 });

const lines: CartLine[] = [
  { product_id: 1, product_name: 'Dalda Cooking Oil 5L', quantity: 2, unit_price: '2400.00', url_name: 'dalda', brand_name: 'Dalda', sku: 'D5', stock: 10, tax: '400.00', sell_price: '2000.00', sale: false },
];
const owner = SessionSchema.parse({
  token: 't',
  user: {
    id: 9, cmId: null, type: 'Owner', name: 'Bilal Owner', business_name: 'Bilal Store', email: 'owner@demo.pk', mobile_no: '03001234567',
    national_identity_card: '', businessId: 4, BusinessUserId: 9, businessUserId: 9, metro_store_id: null, delivery_id: null, customer_id: null,
    limit: '0.00', help_no: '', city: 'Lahore', address: 'Shop 9, Anarkali',
  },
}).user;

let policy: OrderPolicy;
let sent: Record<string, unknown>[] = [];
const server = setupServer(
  http.get('/api/orders/policy', () => HttpResponse.json({ data: policy })),
  http.post('/api/cart/price', () =>
    HttpResponse.json({
      // As the server answers (PricedProductSchema), written out: the schema is not what this test is about.
      data: lines.map((l) =>
        ({
          id: l.product_id, name: l.product_name, url_name: l.url_name, url: '', price: l.unit_price, sale: false, sale_price: null, customer_specific_pricing: null,
          stock: l.stock, sku: l.sku, code: '1', brand_id: 1, brand_name: l.brand_name, description: '', weight: '', product_subsys: '',
          tax: l.tax, sell_price: l.sell_price, tier1Id: 1, tier2Id: null, tier3Id: null, tier4Id: null, tier2_id: null, tier3_id: null,
          add_to_cart_count: 0, viewed_count: 0, article_mgb: '', unit_price: l.unit_price, unit_tax: l.tax, unit_sell_price: l.sell_price, price_rule: 'list',
          city_price: null, quantity_prices: [],
        }) satisfies Omit<PricedProduct, 'city_price' | 'quantity_prices'> & { city_price: null; quantity_prices: [] },
      ),
    }),
  ),
  http.get('/api/read/Businesses/:id', ({ params }) => {
    const cash = { payment_mode: 'Cash', advance_amount: '0.00', credit_limit: '0.00', payment_days: 0 };
    return HttpResponse.json({ data: BusinessSchema.parse({ id: Number(params.id), name: 'Bilal Store', ...cash, business_credits: [cash] }) });
  }),
  http.get('/api/read/Business_Users/:id', ({ params }) =>
    HttpResponse.json({
      data: BusinessUserSchema.parse({ id: Number(params.id), business_id: 4, type: 'Owner', name: 'Bilal Owner', email: 'owner@demo.pk', mobile_no: '03001234567', address: 'Shop 9, Anarkali', limit: '0.00', help_no: '' }),
    }),
  ),
  http.get('/api/custom_route/get_products_by_categories', () =>
    HttpResponse.json({ data: ProductPageSchema.parse({ products: [], out_of_stock_products: [], has_more: false, offset: 0, limit: 12 }) }),
  ),
  http.post('/api/write/Orders', async ({ request }) => {
    sent.push((await request.json()) as Record<string, unknown>);
    return HttpResponse.json({ error: 'stop here' }, { status: 409 });
  }),
);

function renderCart() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/cart']}>
          <CartPage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

describe('policy facts in the cart (issue 36)', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    policy = OrderPolicySchema.parse({ city: 'Lahore', min_order_value: null, delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00', now: new Date().toISOString() });
    sent = [];
    localStorage.setItem(STORAGE_KEYS.token, 'token-of-the-owner');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(owner));
    updateCart(() => lines);
  });
  afterEach(() => {
    cleanup();
    localStorage.clear();
  });

  it("says how much more the cart needs to reach the city's minimum, and that it is reached", async () => {
    policy = { ...policy, min_order_value: '30000.00' };
    renderCart();
    // 2 x Rs. 2,400 = Rs. 4,800.
    expect((await screen.findByTestId('minimum-order')).textContent).toBe('The minimum order in Lahore is Rs. 30,000. Add Rs. 25,200 more to place this order.');
    cleanup();
    updateCart(() => [{ ...(lines[0] as CartLine), quantity: 10 }]);
    policy = { ...policy, min_order_value: '20000.00' };
    renderCart();
    expect((await screen.findByTestId('minimum-order')).textContent).toBe('The minimum order in Lahore (Rs. 20,000) is reached.');
  });

  it('shows no minimum while the city has none', async () => {
    renderCart();
    await screen.findByText('Dalda Cooking Oil 5L');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('minimum-order')).toBeNull();
  });

  it('offers the days the city delivers from its cut-off on, and sends the chosen day and the reference with the order', async () => {
    const user = userEvent.setup();
    renderCart();
    await user.click(screen.getByRole('tab', { name: 'Check Out' }));
    const day = await screen.findByRole('combobox', { name: 'Delivery day' });
    const expected = deliveryDayChoices(policy, new Date());
    const options = [...(day as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options).toEqual([`Next delivery day (${formatDeliveryDay(expected[0] as string)})`, ...expected.map(formatDeliveryDay)]);
    expect(options.some((o) => o?.startsWith('Sun'))).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('stop here');
    // Left as they are, neither is sent: the order goes out on the next delivery day.
    expect(sent[0]).not.toHaveProperty('order_reference');
    expect(sent[0]).not.toHaveProperty('requested_delivery_day');
    await user.click(screen.getByRole('button', { name: 'OK' }));

    await user.selectOptions(day, formatDeliveryDay(expected[2] as string));
    await user.type(screen.getByRole('textbox', { name: /Your reference/ }), ' PO-4471 ');
    await user.click(screen.getByRole('button', { name: 'Place order' }));
    await screen.findByText('stop here');
    expect(sent[1]).toMatchObject({ order_reference: 'PO-4471', requested_delivery_day: expected[2] });
  });
});
