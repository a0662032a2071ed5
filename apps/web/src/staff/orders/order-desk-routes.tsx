import type React from 'react';
import type { RouteObject } from 'react-router';

// Issue 16, the order desk's screens, mounted by the staff shell under /staff. Every page is its own
// chunk: nothing here loads until a staff person opens it, and the buyer's first load carries none of it.
const page = (load: () => Promise<React.ComponentType>) => async () => ({ Component: await load() });

export const orderDeskRoutes: RouteObject[] = [
  { path: 'orders', lazy: page(() => import('./queue-page.tsx').then((m) => m.QueuePage)) },
  { path: 'orders/print/slips', lazy: page(() => import('./print/slips-page.tsx').then((m) => m.SlipsPage)) },
  { path: 'orders/print/picking', lazy: page(() => import('./print/picking-page.tsx').then((m) => m.PickingPage)) },
  { path: 'orders/:id', lazy: page(() => import('./order-page.tsx').then((m) => m.OrderPage)) },
  { path: 'runs', lazy: page(() => import('./runs-page.tsx').then((m) => m.RunsPage)) },
  { path: 'runs/:id', lazy: page(() => import('./print/run-sheet-page.tsx').then((m) => m.RunSheetPage)) },
];
