import { act, cleanup, render } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useQueueFilters } from './use-queue-filters.ts';

afterEach(cleanup);

/** The hook's answer at each render of the page. */
const drawn: ReturnType<typeof useQueueFilters>[] = [];
function Page() {
  drawn.push(useQueueFilters());
  return null;
}

describe('useQueueFilters', () => {
  it('a second change made before the first is drawn keeps the first (search, then a payment mode)', async () => {
    window.history.replaceState(null, '', '/staff/orders');
    const router = createBrowserRouter([{ path: '/staff/orders', element: <Page /> }]);
    render(<RouterProvider router={router} />);
    await act(async () => {});
    // The page's handlers as drawn before the first change: a clerk's second event can reach them before the
    // page is drawn again (React Router draws a navigation in a transition). The router's microtasks run between.
    const first = drawn.at(-1);
    act(() => first?.change('q', 'Demo Kiryana'));
    for (let i = 0; i < 20; i++) await Promise.resolve();
    first?.change('payment_mode', 'Cash');
    await act(async () => {});
    expect(new URLSearchParams(window.location.search).toString()).toBe('payment_mode=Cash&q=Demo+Kiryana');
    expect(drawn.at(-1)?.filters).toEqual({ payment_mode: 'Cash', q: 'Demo Kiryana' });
  });
});
