import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createBrowserRouter, Navigate, Outlet, type RouteObject, RouterProvider, ScrollRestoration, useLocation } from 'react-router';
import { scrollKey } from '../lib/scroll-key.ts';
import { SetupPage } from './auth/setup-page.tsx';
import { SignInPage } from './auth/sign-in-page.tsx';
import { StaffShell } from './layout/staff-shell.tsx';
import { StaffNavContext } from './staff-nav.tsx';
import { STAFF_ROUTES } from './staff-routes.tsx';
import { StaffSessionProvider, useStaffSession } from './staff-session.tsx';

function Loading() {
  return <p className="p-8 text-slate-500">Loading…</p>;
}

/** Signed-in pages: without a session, to sign-in (and back here afterwards). */
function RequireStaff() {
  const { me } = useStaffSession();
  const location = useLocation();
  if (me === undefined) return <Loading />;
  if (me === null) return <Navigate to={`/staff/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  return <StaffShell><Outlet /></StaffShell>;
}

function NotAllowed() {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-6">
      <h1 className="text-lg font-semibold">Not available to your role</h1>
      <p className="mt-1 text-slate-700">Ask an Admin if you need this page.</p>
    </div>
  );
}

function Guarded({ route }: { route: (typeof STAFF_ROUTES)[number] }) {
  const { can } = useStaffSession();
  if (route.capability && !can(route.capability)) return <NotAllowed />;
  return <Outlet />;
}

/**
 * Every back-office page opens at its top and Back returns to where the list was (React Router's scroll
 * restoration, keyed as the storefront's: lib/scroll-key.ts). Without it the window kept the last page's
 * scroll: an order opened from the foot of the queue opened scrolled past its header and "← Orders".
 */
function ScrollRoot() {
  return (
    <>
      <Outlet />
      <ScrollRestoration getKey={scrollKey} />
    </>
  );
}

const routes: RouteObject[] = [
  {
    element: <ScrollRoot />,
    children: [
      { path: '/staff/sign-in', element: <SignInPage /> },
      { path: '/staff/setup', element: <SetupPage /> },
      {
        path: '/staff',
        element: <RequireStaff />,
        hydrateFallbackElement: <Loading />,
        children: [
          ...STAFF_ROUTES.map((route) => ({
            element: <Guarded route={route} />,
            children: [{ path: route.path === '' ? undefined : route.path, index: route.path === '' ? true : undefined, lazy: async () => ({ Component: await route.load() }) } as RouteObject],
          })),
          { path: '*', element: <Navigate to="/staff" replace /> },
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);
// The desk's lists are shared by several people: read again when the window comes back, never retried
// on a refusal (a 4xx is an answer, not a fault).
const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, retry: (n, err) => n < 2 && !(err instanceof Error && 'status' in err && Number(err.status) >= 400 && Number(err.status) < 500) } } });

export function StaffApp() {
  return (
    <QueryClientProvider client={queryClient}>
      <StaffSessionProvider>
        <StaffNavContext.Provider value={STAFF_ROUTES}>
          <RouterProvider router={router} />
        </StaffNavContext.Provider>
      </StaffSessionProvider>
    </QueryClientProvider>
  );
}
