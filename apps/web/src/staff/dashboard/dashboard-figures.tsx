import { ORDER_STATUSES } from '@shop/domain/constants';
import { type Dashboard, PENDING_ALERT_HOURS } from '@shop/domain/dashboard';
import { AGING_BUCKETS } from '@shop/domain/ledgers';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { Link } from 'react-router';
import { money } from '../finance/finance-format.ts';
import { staffApi, staffUrl } from '../staff-api.ts';

// The charts (recharts) load after the figures: the numbers a clerk reads first do not wait for them.
const OrdersChart = lazy(() => import('./orders-chart.tsx').then((m) => ({ default: m.OrdersChart })));
const AgingChart = lazy(() => import('./orders-chart.tsx').then((m) => ({ default: m.AgingChart })));

function Figure({ to, label, value, alert = false }: { to: string; label: string; value: number; alert?: boolean }) {
  return (
    <Link to={to} className={`block rounded-lg bg-white p-4 shadow-sm ring-1 hover:ring-sky-600 ${alert && value > 0 ? 'ring-amber-400' : 'ring-slate-200'}`}>
      <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">{label}</span>
      <span className={`mt-1 block text-3xl font-semibold tabular-nums ${alert && value > 0 ? 'text-amber-800' : 'text-slate-900'}`}>{value.toLocaleString('en-US')}</span>
    </Link>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="mt-6">
      <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">{title}</h2>
      {children}
    </section>
  );
}

/** Issue 18: the home page's figures, each a link to the filtered list behind it (the queues keep their filters in the URL). */
export function DashboardFigures() {
  const dashboard = useQuery({ queryKey: ['staff', 'dashboard'], queryFn: () => staffApi<Dashboard>('/api/staff/dashboard'), refetchInterval: 60_000 });
  const d = dashboard.data;
  if (!d || (!d.orders && d.registrations_waiting === null && !d.money && d.feedback_new === null)) return null;
  const today = { from: d.today, to: d.today };
  return (
    <>
      {d.orders ? (
        <Section title={`Orders today (${d.today}, PKT)`}>
          <div className="grid grid-cols-3 gap-3 xl:grid-cols-6">
            {ORDER_STATUSES.map((status) => (
              <Figure key={status} to={staffUrl('/staff/orders', { status, ...today })} label={status} value={d.orders?.today_by_status[status] ?? 0} />
            ))}
          </div>
        </Section>
      ) : null}
      <Section title="Waiting for someone">
        <div className="grid grid-cols-3 gap-3 xl:grid-cols-6">
          {d.orders ? (
            <Figure to={staffUrl('/staff/orders', { pending_hours: PENDING_ALERT_HOURS })} label={`Pending over ${PENDING_ALERT_HOURS} hours`} value={d.orders.pending_over_alert} alert />
          ) : null}
          {d.registrations_waiting !== null ? <Figure to="/staff/businesses" label="Registrations waiting" value={d.registrations_waiting} alert /> : null}
          {d.feedback_new !== null ? <Figure to={staffUrl('/staff/feedback', { status: 'new' })} label="Unread feedback" value={d.feedback_new} alert /> : null}
        </div>
      </Section>
      {d.money ? (
        <Section title={`Money owed by age (overdue ${money(d.money.overdue)})`}>
          <Link to="/staff/finance/aging" className="grid grid-cols-4 gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 hover:ring-sky-600">
            {AGING_BUCKETS.map((b) => (
              <span key={b.key} className="block">
                <span className="block text-xs font-semibold uppercase tracking-wide text-slate-500">{b.key === 'zero_to_zero' ? 'Not yet due' : `${b.label} days overdue`}</span>
                <span className="mt-1 block text-2xl font-semibold tabular-nums text-slate-900">{money(d.money?.buckets[b.key] ?? '0')}</span>
              </span>
            ))}
          </Link>
          <div className="mt-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
            <Suspense fallback={<div className="h-48 2xl:h-64" />}>
              <AgingChart buckets={d.money.buckets} />
            </Suspense>
          </div>
        </Section>
      ) : null}
      {d.orders ? (
        <section className="mt-6 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
          <Suspense fallback={<div className="h-64 2xl:h-80" />}>
            <OrdersChart perDay={d.orders.per_day} />
          </Suspense>
        </section>
      ) : null}
    </>
  );
}
