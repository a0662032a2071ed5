import { SessionSchema, type SessionUser } from '@shop/domain/auth';
import type { CartLine } from '@shop/domain/cart';
import { ProductPageSchema } from '@shop/domain/catalogue';
import type { PaymentMode } from '@shop/domain/constants';
import { BusinessSchema, BusinessUserSchema, type CreditStanding, CreditStandingSchema, PricedProductSchema } from '@shop/domain/orders';
import { OrderPolicySchema } from '@shop/domain/policy-facts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { updateCart } from '../../lib/cart-store.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { CartPage } from './cart-page.tsx';
import { CheckoutView } from './checkout-view.tsx';

// SPEC 2 Cart / Check Out: payment options by the business's payment_mode (default Cash); Guests see
// no sell price or tax breakdown. The API is answered at the network boundary (MSW) with bodies of
// the real contract (parsed by packages/domain's schemas); the rules themselves run in the components.
vi.setConfig({ testTimeout: 30_000 });

const lines: CartLine[] = [
  { product_id: 1, product_name: 'Dalda Cooking Oil 5L', quantity: 2, unit_price: '2400.00', url_name: 'dalda', brand_name: 'Dalda', sku: 'D5', stock: 10, tax: '400.00', sell_price: '2000.00', sale: false },
  { product_id: 2, product_name: 'Sufi Ghee 1kg', quantity: 1, unit_price: '600.00', url_name: 'sufi', brand_name: 'Sufi', sku: 'S1', stock: 10, tax: '100.00', sell_price: '500.00', sale: false },
];

describe('checkout view (SPEC 2)', () => {
  afterEach(cleanup);
  const view = (businessMode: PaymentMode, isGuest = false) => {
    const onPaymentMode = vi.fn();
    render(<CheckoutView lines={lines} isGuest={isGuest} businessMode={businessMode} paymentMode="Cash" onPaymentMode={onPaymentMode} address="Shop 4, Liberty Market" />);
    const options = within(screen.getByRole('group', { name: 'Payment Method' }))
      .getAllByRole('radio')
      .map((r) => (r.closest('label')?.textContent ?? '').trim());
    return { onPaymentMode, options };
  };

  it.each([
    ['Cash', ['Cash on Delivery']],
    ['Credit', ['Cash on Delivery', 'Credit']],
    ['Advance', ['Cash on Delivery', 'Advance']],
  ] as const)('a %s business is offered %j', (mode, expected) => {
    expect(view(mode).options).toEqual(expected);
  });

  it('choosing an option reports it', async () => {
    const user = userEvent.setup();
    const { onPaymentMode } = view('Credit');
    await user.click(screen.getByRole('radio', { name: 'Credit' }));
    expect(onPaymentMode).toHaveBeenCalledWith('Credit');
  });

  it('a registered user sees sell price and tax totals; the total bill is the sum of the lines', () => {
    view('Cash');
    expect(screen.getByText('Sell Price').nextElementSibling?.textContent).toBe('Rs. 4,500');
    expect(screen.getByText('Tax').nextElementSibling?.textContent).toBe('Rs. 900');
    expect(screen.getByText('Total Bill').nextElementSibling?.textContent).toBe('Rs. 5,400');
  });

  // Issue 37: Rs. 102,000 owed against a limit of Rs. 100,000, and Finance's release until 1 Dec 2026, 17:52 (Pakistan).
  const released = (amount: string | null): CreditStanding =>
    CreditStandingSchema.parse({
      credit_limit: '100000.00', ledger_outstanding: '102000.00', open_orders: '0.00', available: '0.00', hold: null,
      release: amount ? { amount, until: '2026-12-01T17:52:00.000+05:00' } : null,
    });
  const onCredit = (credit: CreditStanding) =>
    render(<CheckoutView lines={lines} isGuest={false} businessMode="Credit" paymentMode="Credit" onPaymentMode={vi.fn()} address="Shop 4, Liberty Market" credit={credit} />);

  it('issue 37: under a release the buyer is told until when and how far above the limit, and what is available', () => {
    onCredit(released('10000.00'));
    expect(screen.getByTestId('credit-release').textContent).toBe('Your business is ordering on Credit under a release until 1 Dec 2026, 17:52 (up to Rs. 10,000.00 above its credit limit).');
    expect(screen.getByTestId('credit-available').textContent).toBe('Credit available: Rs. 8,000.00');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('issue 37: an order beyond the release is explained before Place order, naming the release', () => {
    onCredit(released('5000.00'));
    expect(screen.getByTestId('credit-release').textContent).toContain('up to Rs. 5,000.00 above its credit limit');
    expect(screen.getByRole('alert').textContent).toBe(
      'This order of Rs. 5,400.00 would take your business above its credit limit of Rs. 100,000.00 plus the Rs. 5,000.00 released until 1 Dec 2026, 17:52 (available now: Rs. 3,000.00). ' +
        'Please choose Cash on Delivery, order less, or clear your outstanding first.',
    );
  });

  it('issue 37: without a release there is no release line', () => {
    onCredit(released(null));
    expect(screen.queryByTestId('credit-release')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('above its credit limit of Rs. 100,000.00 (available now: Rs. 0.00)');
  });

  it('a Guest sees no sell price or tax breakdown, only the total bill', () => {
    view('Cash', true);
    expect(screen.queryByText('Sell Price')).toBeNull();
    expect(screen.queryByText('Tax')).toBeNull();
    expect(screen.getByText('Total Bill').nextElementSibling?.textContent).toBe('Rs. 5,400');
  });
});

// The cart page as a signed-in Orderer whose business pays on Credit: the API's answers come from here.
const orderer: SessionUser = SessionSchema.parse({
  token: 't',
  user: {
    id: 7, cmId: null, type: 'Orderer', name: 'Ali Orderer', business_name: 'Ali Traders', email: 'orderer@demo.pk', mobile_no: '03001234567',
    national_identity_card: '', businessId: 3, BusinessUserId: 7, businessUserId: 7, metro_store_id: null, delivery_id: null, customer_id: null,
    limit: '50000.00', help_no: '', city: 'Lahore', address: 'Shop 4, Liberty Market',
  },
}).user;

const server = setupServer(
  http.post('/api/cart/price', async ({ request }) => {
    const { ids } = (await request.json()) as { ids: number[] };
    const priced = ids.map((id) => {
      const l = lines.find((x) => x.product_id === id)!;
      return PricedProductSchema.parse({
        id, name: l.product_name, url_name: l.url_name, url: '', price: l.unit_price, sale: false, sale_price: null, customer_specific_pricing: null, city_price: null, quantity_prices: [],
        stock: l.stock, sku: l.sku, code: String(id), brand_id: 1, brand_name: l.brand_name, description: '', weight: '', product_subsys: '',
        tax: l.tax, sell_price: l.sell_price, tier1Id: 1, tier2Id: null, tier3Id: null, tier4Id: null, tier2_id: null, tier3_id: null,
        add_to_cart_count: 0, viewed_count: 0, article_mgb: '', unit_price: l.unit_price, unit_tax: l.tax, unit_sell_price: l.sell_price, price_rule: 'list',
      });
    });
    return HttpResponse.json({ data: priced });
  }),
  http.get('/api/read/Businesses/:id', ({ params }) => {
    const credit = { payment_mode: 'Credit', advance_amount: '0.00', credit_limit: '100000.00', payment_days: 30 };
    return HttpResponse.json({ data: BusinessSchema.parse({ id: Number(params.id), name: 'Ali Traders', ...credit, business_credits: [credit] }) });
  }),
  http.get('/api/read/Business_Users/:id', ({ params }) =>
    HttpResponse.json({
      data: BusinessUserSchema.parse({ id: Number(params.id), business_id: 3, type: 'Orderer', name: 'Ali Orderer', email: 'orderer@demo.pk', mobile_no: '03001234567', address: 'Shop 4, Liberty Market', limit: '50000.00', help_no: '' }),
    }),
  ),
  // Issue 36: the city's order rules (no minimum here; policy-facts.test.tsx covers them).
  http.get('/api/orders/policy', () =>
    HttpResponse.json({ data: OrderPolicySchema.parse({ city: 'Lahore', min_order_value: null, delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00', now: new Date().toISOString() }) }),
  ),
  http.get('/api/custom_route/get_products_by_categories', () =>
    HttpResponse.json({ data: ProductPageSchema.parse({ products: [], out_of_stock_products: [], has_more: false, offset: 0, limit: 12 }) }),
  ),
);

describe('cart page checkout (SPEC 2)', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  beforeEach(() => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-of-the-orderer');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(orderer));
    updateCart(() => lines);
  });
  afterEach(() => {
    cleanup();
    server.resetHandlers();
    localStorage.clear();
  });

  it("offers the business's Credit beside Cash, with Cash chosen until the buyer picks another", async () => {
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/cart']}>
            <CartPage />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'Check Out' }));
    const credit = await screen.findByRole('radio', { name: 'Credit' });
    const cash = screen.getByRole('radio', { name: 'Cash on Delivery' });
    expect(cash).toHaveProperty('checked', true);
    expect(credit).toHaveProperty('checked', false);
    expect(screen.queryByRole('radio', { name: 'Advance' })).toBeNull();
    await user.click(credit);
    expect(credit).toHaveProperty('checked', true);
    expect(cash).toHaveProperty('checked', false);
    expect(await screen.findByText('Shop 4, Liberty Market')).toBeTruthy();
  });

  it("issue 37: with Credit chosen, the checkout says the business orders under Finance's release, as GET /api/orders/credit answers", async () => {
    server.use(
      http.get('/api/orders/credit', () =>
        HttpResponse.json({
          data: CreditStandingSchema.parse({
            credit_limit: '100000.00', ledger_outstanding: '101000.00', open_orders: '0.00', available: '9000.00', hold: null,
            release: { amount: '10000.00', until: '2026-12-01T17:52:00.000+05:00' },
          }),
        }),
      ),
    );
    const user = userEvent.setup();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <SessionProvider>
          <MemoryRouter initialEntries={['/cart']}>
            <CartPage />
          </MemoryRouter>
        </SessionProvider>
      </QueryClientProvider>,
    );
    await user.click(screen.getByRole('tab', { name: 'Check Out' }));
    await user.click(await screen.findByRole('radio', { name: 'Credit' }));
    expect((await screen.findByTestId('credit-release')).textContent).toBe(
      'Your business is ordering on Credit under a release until 1 Dec 2026, 17:52 (up to Rs. 10,000.00 above its credit limit).',
    );
    expect((await screen.findByTestId('credit-available')).textContent).toBe('Credit available: Rs. 9,000.00');
  });
});
