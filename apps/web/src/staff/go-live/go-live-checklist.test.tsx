import { GO_LIVE_ITEMS, type GoLive, isGoLiveReady } from '@shop/domain/go-live';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { GoLiveChecklist } from './go-live-checklist.tsx';

// Issue 35: the Admin's checklist shows what the server counted (GET /api/staff/go-live, answered here at
// the network boundary with the real contract; the counting is go-live.test.ts's) with the screen that fixes each.
let answer: GoLive;
const server = setupServer(http.get('/api/staff/go-live', () => HttpResponse.json({ data: answer })));
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());
afterEach(() => cleanup());

const items = (done: readonly string[]) => GO_LIVE_ITEMS.map((key) => ({ key, done: done.includes(key), detail: `detail of ${key}` }));
function open(done: readonly string[]) {
  const list = items(done);
  answer = { items: list, ready: isGoLiveReady(list) };
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <MemoryRouter>
        <GoLiveChecklist />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Go live checklist' });
}

describe('the Go live checklist (issue 35)', () => {
  it('says how much is left, ticks what is done and links each item to the screen that fixes it', async () => {
    const region = await open(['categories', 'ticker']);
    expect(within(region).getByText('5 of 7 still to do before buyers can register and order.')).toBeTruthy();
    expect(within(region).getByRole('listitem', { name: 'Categories: done' })).toBeTruthy();
    const city = within(region).getByRole('listitem', { name: 'A city with areas: to do' });
    expect(within(city).getByRole('link', { name: 'Cities and areas' }).getAttribute('href')).toBe('/staff/admin/cities');
    expect(within(city).getByText('detail of city')).toBeTruthy();
    const products = within(region).getByRole('listitem', { name: 'Products with prices: to do' });
    expect(within(products).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/staff/catalogue/imports', '/staff/prices']);
    // Mail is the server's configuration: no screen fixes it.
    expect(within(within(region).getByRole('listitem', { name: 'Mail configured: to do' })).queryAllByRole('link')).toEqual([]);
  });

  it('is ready when every item but the optional banner is done', async () => {
    const region = await open(GO_LIVE_ITEMS.filter((k) => k !== 'home_banner'));
    expect(within(region).getByText('Everything buyers need is in place: they can register and order.')).toBeTruthy();
    expect(within(region).getByRole('listitem', { name: 'A storefront home banner: to do' })).toBeTruthy();
  });
});
