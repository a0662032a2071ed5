import { SessionSchema, type SessionUser } from '@shop/domain/auth';
import type { UserType } from '@shop/domain/constants';
import { type Order, OrderSchema } from '@shop/domain/orders';
import { orderChangedText } from '@shop/domain/order-version';
import { CANNOT_APPROVE } from '@shop/domain/roles';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { getCart, updateCart } from '../../lib/cart-store.ts';
import { SessionProvider } from '../../lib/session.tsx';
import { STORAGE_KEYS } from '../../lib/storage.ts';
import { PendingPage } from './pending-page.tsx';

// SPEC 6 Pending Approvals, per role: only an Approver approves or rejects; anyone else who may open
// /pending sees 'You cannot approve order!' and nothing is sent. Edit Order and Review And Payment
// Address open /home and /cart with approverFlag. The API is answered at the network boundary (MSW) with
// bodies of the real contract (packages/domain schemas); the server's own refusal is tested server-side.
vi.setConfig({ testTimeout: 30_000 });

const order: Order = OrderSchema.parse({
  id: 41,
  order_number: 'ORD-000041',
  created_on: '2026-11-20T09:30:00.000Z',
  status: 'Pending',
  address: 'Shop 4, Liberty Market',
  contact_no: '03001234567',
  total_price: '4800.00',
  sell_price_total: '4000.00',
  tax_total: '800.00',
  discount_price: '0.00',
  paid_amount: '0.00',
  remaining_amount: '4800.00',
  cm_id: null,
  business_id: 3,
  business_user_id: 7,
  payment_days: 0,
  payment_mode: 'Cash',
  metro_store_id: null,
  delivery_id: null,
  customer_id: null,
  business_name: 'Ali Traders',
  order_by: 'Ali Orderer',
  version: 1,
  order_reference: null,
  requested_delivery_day: null,
  confirmed_on: null,
  change_requests: [],
  order_details: [
    {
      id: 1, product_id: 5, product_name: 'Dalda Cooking Oil 5L', quantity: 2, unit_price: '2400.00', total_price: '4800.00', tax: '400.00',
      sell_price: '2000.00', url: '', product_subsys: '', article_mgb: '',
    },
  ],
});

const userOf = (type: UserType, id: number): SessionUser =>
  SessionSchema.parse({
    token: 't',
    user: {
      id, cmId: null, type, name: `${type} of Ali Traders`, business_name: 'Ali Traders', email: `${type.toLowerCase()}@demo.pk`, mobile_no: '03001234567',
      national_identity_card: '', businessId: 3, BusinessUserId: id, businessUserId: id, metro_store_id: null, delivery_id: null, customer_id: null,
      limit: '50000.00', help_no: '', city: 'Lahore', address: 'Shop 4, Liberty Market',
    },
  }).user;

const decisions: Array<{ id: string; status: string; version: number }> = [];
/** The order as the server has it now (a test may change it after the page showed it). */
let current: Order = order;
const server = setupServer(
  http.get('/api/read/Orders', ({ request }) => {
    const status = new URL(request.url).searchParams.get('status');
    return HttpResponse.json({ data: status === 'Pending' ? [current] : [] });
  }),
  http.post('/api/orders/:id/status', async ({ params, request }) => {
    const { status, version } = (await request.json()) as { status: 'In Process' | 'Rejected'; version: number };
    decisions.push({ id: String(params.id), status, version });
    // As the server answers (order-status.service.ts): a version the order no longer has is 409.
    if (version !== current.version) return HttpResponse.json({ error: orderChangedText(current.total_price, order.total_price) }, { status: 409 });
    return HttpResponse.json({ data: OrderSchema.parse({ ...current, status }) });
  }),
);

/** Where the page navigated, with the state it passed. */
function Landing() {
  const location = useLocation();
  return <p role="status" aria-label="landed">{`${location.pathname} ${JSON.stringify(location.state)}`}</p>;
}

function openPending(user: SessionUser) {
  localStorage.setItem(STORAGE_KEYS.token, `token-of-${user.type}`);
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <SessionProvider>
        <MemoryRouter initialEntries={['/pending']}>
          <Routes>
            <Route path="/pending" element={<PendingPage />} />
            <Route path="/home" element={<Landing />} />
            <Route path="/cart" element={<Landing />} />
          </Routes>
        </MemoryRouter>
      </SessionProvider>
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Order ORD-000041' });
}

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
  // jsdom has no matchMedia; the page asks whether it is on a desktop (SPEC 9).
  window.matchMedia = ((query: string) => ({ matches: true, media: query, addEventListener() {}, removeEventListener() {} })) as unknown as typeof window.matchMedia;
});
afterAll(() => server.close());
beforeEach(() => {
  decisions.length = 0;
  current = order;
  updateCart(() => []);
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

const approver = userOf('Approver', 9);
const orderer = userOf('Orderer', 7);

describe('approve and reject (SPEC 6)', () => {
  it.each([
    ['Approve', 'In Process'],
    ['Reject', 'Rejected'],
  ])('an Approver presses %s: the order goes to %s', async (button, status) => {
    const user = userEvent.setup();
    const detail = await openPending(approver);
    await user.click(within(detail).getByRole('button', { name: button }));
    await vi.waitFor(() => expect(decisions).toEqual([{ id: '41', status, version: 1 }]));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  // Issue 37: the Orderer resubmitted the order larger after the page showed it.
  it('an Approver approves an order changed since it was shown: 409, the order is shown again with what changed, and approving that version goes through', async () => {
    const user = userEvent.setup();
    const detail = await openPending(approver);
    current = OrderSchema.parse({
      ...order,
      version: 2,
      total_price: '7400.00',
      remaining_amount: '7400.00',
      order_details: [
        { ...order.order_details[0], quantity: 3, total_price: '7200.00' },
        { id: 2, product_id: 6, product_name: 'Tapal Danedar 95g', quantity: 1, unit_price: '200.00', total_price: '200.00', tax: '30.00', sell_price: '170.00', url: '', product_subsys: '', article_mgb: '' },
      ],
    });
    await user.click(within(detail).getByRole('button', { name: 'Approve' }));

    const notice = await screen.findByRole('alert', { name: 'Order changed' });
    expect(within(notice).getByText('This order was changed after you opened it: it now totals Rs. 7,400 (was Rs. 4,800). Review it and decide again.')).toBeTruthy();
    expect(within(notice).getByText('Total: Rs. 4,800 → Rs. 7,400')).toBeTruthy();
    const lines = within(within(notice).getByRole('list', { name: 'Lines changed' })).getAllByRole('listitem').map((li) => li.textContent);
    expect(lines).toEqual(['Dalda Cooking Oil 5L: 2 → 3', 'Tapal Danedar 95g: added (1)']);
    // The detail shows the order as it is now; nothing was approved, and no dialog hides the notice.
    const now = screen.getByRole('region', { name: 'Order ORD-000041' });
    expect(within(within(now).getByRole('region', { name: 'Order lines' })).getByText('Tapal Danedar 95g')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(decisions).toEqual([{ id: '41', status: 'In Process', version: 1 }]);

    await user.click(within(now).getByRole('button', { name: 'Approve' }));
    await vi.waitFor(() => expect(decisions.at(-1)).toEqual({ id: '41', status: 'In Process', version: 2 }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each(['Approve', 'Reject'])("an Orderer who presses %s is told 'You cannot approve order!' and nothing is sent", async (button) => {
    const user = userEvent.setup();
    const detail = await openPending(orderer);
    await user.click(within(detail).getByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog', { name: 'Alert' });
    expect(within(dialog).getByText(CANNOT_APPROVE)).toBeTruthy();
    expect(decisions).toEqual([]);
  });
});

describe('Edit Order and Review And Payment Address (SPEC 2, 4)', () => {
  const opens = async (who: SessionUser, button: string, path: string) => {
    const user = userEvent.setup();
    const detail = await openPending(who);
    await user.click(within(detail).getByRole('button', { name: button }));
    expect((await screen.findByRole('status', { name: 'landed' })).textContent).toBe(`${path} {"approverFlag":true}`);
    // The pending order's lines are the cart now.
    expect(getCart().map((l) => [l.product_id, l.quantity])).toEqual([[5, 2]]);
  };

  it('an Approver: Edit Order opens /home with approverFlag', () => opens(approver, 'Edit Order', '/home'));
  it('an Approver: Review And Payment Address opens /cart with approverFlag', () => opens(approver, 'Review And Payment Address', '/cart'));

  // Issue 15 point 2: SPEC 6 refuses only approve and reject to non-Approvers; whoever may see /pending
  // goes to /home and /cart with approverFlag.
  it('an Orderer: Edit Order opens /home with approverFlag', () => opens(orderer, 'Edit Order', '/home'));
  it('an Orderer: Review And Payment Address opens /cart with approverFlag', () => opens(orderer, 'Review And Payment Address', '/cart'));
});
