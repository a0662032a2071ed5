import { Link } from 'react-router';
import { DashboardFigures } from './dashboard/dashboard-figures.tsx';
import { GoLiveChecklist } from './go-live/go-live-checklist.tsx';
import { useStaffNav } from './staff-nav.tsx';
import { useStaffSession } from './staff-session.tsx';

/** The start page: the screens this person's roles open, nothing else. */
export function StaffHomePage() {
  const { me, can } = useStaffSession();
  const pages = useStaffNav();
  if (!me) return null;
  const mine = pages.filter((r) => r.label && r.path !== '' && (!r.capability || can(r.capability)));
  return (
    <div>
      <h1 className="text-2xl font-semibold">Welcome, {me.name}</h1>
      <p className="mt-1 text-slate-600">Signed in as {me.roles.join(', ')}.</p>
      {can('staff.manage') ? <GoLiveChecklist /> : null}
      <DashboardFigures />
      {mine.length > 0 ? (
        <ul className="mt-6 grid grid-cols-3 gap-4 2xl:grid-cols-4">
          {mine.map((r) => (
            <li key={r.path}>
              <Link to={`/staff/${r.path}`} className="block rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200 hover:ring-brand">
                <span className="text-xs font-semibold uppercase tracking-wide text-slate-500">{r.group}</span>
                <span className="mt-1 block text-lg font-medium text-slate-900">{r.label}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-6 rounded-lg bg-white p-5 text-slate-700 ring-1 ring-slate-200">The screens for your role are on their way.</p>
      )}
      {!me.totpEnabled && (
        <p className="mt-6 text-sm text-slate-600">
          Two-factor sign-in is off for your account. <Link className="font-medium text-brand underline" to="/staff/two-factor">Set it up</Link>
        </p>
      )}
    </div>
  );
}
