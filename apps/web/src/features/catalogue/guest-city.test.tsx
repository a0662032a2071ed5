import { SessionSchema, type SessionUser } from '@shop/domain/auth';
import { ProductPageSchema, ProductSchema } from '@shop/domain/catalogue';
import { GUEST_USER } from '@shop/domain/guest-user';
import { PublicCitiesSchema } from '@shop/domain/places';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { useHomeGrid } from './catalogue-api.ts';
import { GuestCityMenu } from './guest-city-menu.tsx';

// Issue 36: a guest sees list and sale prices until choosing a city (the marketplace's choice, the same
// stored City), then that city's prices: the product calls send `city` and refetch when it changes. A
// signed-in buyer sees the business's city's prices (the server decides), is offered no choice and
// sends none. The API is answered at the network boundary (MSW) with the real contract.
vi.setConfig({ testTimeout: 30_000 });

const RICE = 'Guard 1121 Basmati Rice 1 kg';
/** The `city` of every product list call, '' when none was sent. */
let asked: string[] = [];

const rice = (cityPrice: string | null) =>
  ProductSchema.parse({
    id: 2, name: RICE, url_name: 'rice', url: '/productDetails?id=2', price: '555.00', sale: false, sale_price: null, customer_specific_pricing: null,
    city_price: cityPrice, quantity_prices: [], stock: 40, sku: 'G-2', code: '2', brand_id: 1, brand_name: 'Guard', description: '', weight: '',
    product_subsys: '', tax: '0.00', sell_price: '555.00', tier1Id: 1, tier2Id: null, tier3Id: null, tier4Id: null, tier2_id: null, tier3_id: null,
    add_to_cart_count: 0, viewed_count: 0, article_mgb: '',
  });

const server = setupServer(
  http.get('/api/cities', () =>
    HttpResponse.json({
      data: PublicCitiesSchema.parse({
        cities: [
          { id: 1, name: 'Lahore', delivery_days: [1, 2, 3, 4, 5, 6], cutoff_time: '18:00' },
          { id: 2, name: 'Karachi', delivery_days: [1, 3, 5], cutoff_time: '17:00' },
        ],
        default_city: 'Lahore',
      }),
    }),
  ),
  http.get('/api/custom_route/get_products_by_categories', ({ request }) => {
    const city = new URL(request.url).searchParams.get('city') ?? '';
    asked.push(city);
    const price = city === 'Lahore' ? '540.00' : city === 'Karachi' ? '560.00' : null;
    return HttpResponse.json({ data: ProductPageSchema.parse({ products: [rice(price)], out_of_stock_products: [], has_more: false, offset: 0, limit: 12 }) });
  }),
);

function Storefront() {
  const list = useHomeGrid('viewed_count__DESC');
  return (
    <>
      <GuestCityMenu />
      {list.items.map((p) => (
        <ProductCard key={p.id} product={p} />
      ))}
    </>
  );
}

function open(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.token, 'a-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter>
          <Storefront />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

const shownPrice = async (text: string) => waitFor(() => expect(screen.getByRole('article', { name: RICE }).querySelector('[data-testid="price"]')?.textContent).toBe(text));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
beforeEach(() => {
  asked = [];
});
afterEach(() => {
  cleanup();
  server.resetHandlers();
  localStorage.clear();
});

describe("a guest's city prices on the storefront (issue 36)", () => {
  it('without a choice: no city sent, the list price; choosing a city (stored for the marketplace too) shows its price', async () => {
    const user = userEvent.setup();
    open(GUEST_USER);
    await shownPrice('Rs. 555');
    expect(asked).toEqual(['']);
    const menu = await screen.findByRole('combobox', { name: 'City' });
    expect((menu as HTMLSelectElement).value).toBe('');
    expect(screen.getByRole('option', { name: 'Choose city' })).toBeTruthy();

    await user.selectOptions(menu, 'Lahore');
    await shownPrice('Rs. 540');
    expect(asked).toEqual(['', 'Lahore']);
    expect(localStorage.getItem(STORAGE_KEYS.city)).toBe('Lahore');

    await user.selectOptions(menu, 'Choose city');
    await shownPrice('Rs. 555');
    expect(localStorage.getItem(STORAGE_KEYS.city)).toBeNull();
  });

  it("the marketplace's stored choice is the guest's from the start", async () => {
    localStorage.setItem(STORAGE_KEYS.city, 'Karachi');
    open(GUEST_USER);
    await shownPrice('Rs. 560');
    expect(asked).toEqual(['Karachi']);
    expect((screen.getByRole('combobox', { name: 'City' }) as HTMLSelectElement).value).toBe('Karachi');
  });

  it('a signed-in buyer is offered no choice and sends none, whatever is stored', async () => {
    localStorage.setItem(STORAGE_KEYS.city, 'Karachi');
    const owner = SessionSchema.parse({
      token: 't',
      user: {
        ...GUEST_USER, id: 5, type: 'Owner', name: 'Demo Owner', business_name: 'Demo Kiryana', email: 'owner@demo.pk', businessId: 3,
        BusinessUserId: 5, businessUserId: 5, city: 'Lahore',
      },
    }).user;
    open(owner);
    await shownPrice('Rs. 555');
    expect(asked).toEqual(['']);
    expect(screen.queryByRole('combobox', { name: 'City' })).toBeNull();
  });
});
