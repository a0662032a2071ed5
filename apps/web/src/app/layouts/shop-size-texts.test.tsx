import { GUEST_USER } from '@shop/domain/guest-user';
import type { SiteContent } from '@shop/domain/content';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { HomePage } from '../../features/catalogue/home-page.tsx';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { NoticeTicker } from './notice-ticker.tsx';

// Issue 35: no demo text reaches buyers where it is not true. The storefront's size comes from the
// server (GET /api/content/site, counted from the database: go-live.test.ts); answered here at the
// network boundary (MSW) with bodies of the real contract.
vi.setConfig({ testTimeout: 30_000 });

let site: SiteContent = { ticker: [], help_no: null, shop: 'setting_up' };
let businessTypes: unknown[] = [];
const server = setupServer(
  http.get('/api/content/site', () => HttpResponse.json({ data: site })),
  http.get('/api/read/Business_Types', () => HttpResponse.json({ data: businessTypes })),
  // The storefront home's banners: none published.
  http.get('/api/bmpl/banners', () => HttpResponse.json({ data: [] })),
  http.get('/api/custom_route/get_products_by_categories', () => HttpResponse.json({ data: { products: [], out_of_stock_products: [], has_more: false, offset: 0, limit: 8 } })),
);

function openHome() {
  localStorage.setItem(STORAGE_KEYS.token, 'guest-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(GUEST_USER));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/home']}>
          <NoticeTicker />
          <HomePage />
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no matchMedia; the product grid asks whether it is on a desktop (SPEC 9).
  window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});
afterAll(() => server.close());
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const ticker = () => screen.getByRole('status', { name: 'Notice' });

describe('what the storefront says of itself (issue 35)', () => {
  it('an empty shop says plainly that it is being set up, with no closing notice and no "thousands"', async () => {
    site = { ticker: [], help_no: null, shop: 'setting_up' };
    businessTypes = [];
    openHome();
    expect(await screen.findByText('This shop is being set up. Products will appear here once they are added.')).toBeTruthy();
    expect(ticker().textContent).toBe('This shop is being set up: ordering opens once its products are added.');
    expect(await screen.findByText('Business types will appear here once the shop has added them.')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/thousands|closing soon/i);
  });

  it('a shop of a few hundred products claims no thousands, and with no message the bar says what is true', async () => {
    site = { ticker: [], help_no: null, shop: 'some' };
    openHome();
    expect(await screen.findByText('Order at wholesale prices for shops, hotels, restaurants and offices.')).toBeTruthy();
    expect(ticker().textContent).toBe('Prices are guide prices; the final price is the one charged at delivery.');
    expect(document.body.textContent).not.toMatch(/thousands|closing soon|being set up/i);
  });

  it('the demo shop (thousands of products, SPEC 1\'s closing-soon notice as a message) shows both', async () => {
    const closing = 'Notice: our online ordering services will be closing soon. Please place your pending orders in time.';
    site = { ticker: [{ id: 1, text: closing }], help_no: null, shop: 'thousands' };
    businessTypes = [{ id: 1, name: 'Hotels', image: null, parent_id: null, parentId: null }];
    openHome();
    expect(await screen.findByText('Shop thousands of products for shops, hotels, restaurants and offices.')).toBeTruthy();
    expect(ticker().textContent).toBe(closing);
    expect(await screen.findByRole('link', { name: 'Hotels' })).toBeTruthy();
    expect(screen.queryByText('Business types will appear here once the shop has added them.')).toBeNull();
  });
});
