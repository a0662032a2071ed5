import { FinanceAccountSchema, StatementSchema } from '@shop/domain/finance';
import { StaffMeSchema } from '@shop/domain/staff';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { StaffSessionProvider } from '../staff-session.tsx';
import { LedgerPage } from './ledger-page.tsx';

// Issue 37: Finance's ledger screen says the running release in the sentence the buyer's checkout shows
// (the domain's releaseNotice), and ends it early with a reason. The API is answered at the network
// boundary (MSW) with bodies of the real contract.
vi.setConfig({ testTimeout: 30_000 });

const until = '2026-12-01T12:52:00.000Z'; // 17:52 in Pakistan
const account = (hold: Record<string, unknown>) =>
  FinanceAccountSchema.parse({
    business: { id: 5, name: 'Ali Traders', city: 'Lahore', payment_mode: 'Credit', credit_limit: '1000.00', payment_days: 30 },
    balance: '1200.00', credit_on_account: '0.00', credit_outstanding: '1200.00', open_orders: '123.00', available: '177.00',
    hold: { held: false, reason: null, message: null, released_until: null, release_amount: null, ...hold },
    buckets: { zero_to_zero: '1200.00', one_to_fourteen: '0.00', fifteen_to_twentynine: '0.00', thirty_to_onward: '0.00' },
    as_of: '2026-11-28', open_entries: [], returnable: [], receipts: [], credit_notes: [],
  });
const ended: string[] = [];
const server = setupServer(
  http.get('/api/staff/auth/session', () =>
    HttpResponse.json({ data: StaffMeSchema.parse({ id: 1, email: 'finance@staff.pk', name: 'Fatima', roles: ['Finance'], capabilities: ['finance.read', 'finance.write'], totpEnabled: true, totpRequired: true, csrfToken: 'csrf' }) }),
  ),
  http.get('/api/staff/finance/businesses/5', () => HttpResponse.json({ data: account({ released_until: until, release_amount: '500.00' }) })),
  http.get('/api/staff/finance/businesses/5/statement', () =>
    HttpResponse.json({ data: StatementSchema.parse({ business_id: 5, business_name: 'Ali Traders', from: '2026-11-01', to: '2026-11-28', opening_balance: '0.00', closing_balance: '0.00', entries: [], next: null }) }),
  ),
  http.post('/api/staff/finance/businesses/5/hold-release/end', async ({ request }) => {
    ended.push(((await request.json()) as { reason: string }).reason);
    const message = 'Your business is on credit hold: it owes Rs. 1,323.00, above its credit limit of Rs. 1,000.00. Please choose Cash on Delivery, or clear your outstanding first.';
    return HttpResponse.json({ data: account({ held: true, reason: 'over_limit', message }) });
  }),
);

describe('ledger page: a credit release (issue 37)', () => {
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());
  afterEach(cleanup);

  it("says the release as the buyer's checkout does, and Finance ends it early with a reason", async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <StaffSessionProvider>
          <MemoryRouter initialEntries={['/staff/finance/ledgers/5']}>
            <Routes>
              <Route path="/staff/finance/ledgers/:id" element={<LedgerPage />} />
            </Routes>
          </MemoryRouter>
        </StaffSessionProvider>
      </QueryClientProvider>,
    );
    expect((await screen.findByTestId('credit-release')).textContent).toBe(
      'Credit hold released. Ali Traders is ordering on Credit under a release until 1 Dec 2026, 17:52 (up to Rs. 500.00 above its credit limit).',
    );
    expect(screen.getByText('Released above the limit').nextElementSibling?.textContent).toBe('Rs. 500.00');
    fireEvent.click(await screen.findByRole('button', { name: 'End the release now…' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Cheque bounced' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'End the release' }));
    await waitFor(() => expect(ended).toEqual(['Cheque bounced']));
    expect((await screen.findByText(/Your business is on credit hold: it owes Rs\. 1,323\.00/)).textContent).toContain('above its credit limit');
    expect(screen.queryByTestId('credit-release')).toBeNull();
  });
});
