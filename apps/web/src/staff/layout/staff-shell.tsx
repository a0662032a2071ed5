import type { ReactNode } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { STAFF_ROUTES, type StaffRoute } from '../staff-routes.tsx';
import { useStaffSession } from '../staff-session.tsx';

const GROUPS: NonNullable<StaffRoute['group']>[] = ['Orders', 'Customers', 'Finance', 'Catalogue', 'Admin'];

/** The desktop frame of the back office: navigation of what the roles allow on the left, the page on the right. */
export function StaffShell({ children }: { children: ReactNode }) {
  const { me, can, signOut } = useStaffSession();
  const navigate = useNavigate();
  const visible = STAFF_ROUTES.filter((r) => r.label && (!r.capability || can(r.capability)));
  const link = ({ isActive }: { isActive: boolean }) =>
    `block rounded-md px-3 py-2 text-sm ${isActive ? 'bg-white/15 font-semibold text-white' : 'text-slate-300 hover:bg-white/10 hover:text-white'}`;
  return (
    <div className="flex min-h-screen">
      {/* The dark column runs the page's full height; the navigation in it stays in view while the page scrolls. */}
      <div className="w-60 shrink-0 bg-slate-900">
      <aside className="sticky top-0 flex h-screen flex-col px-3 py-4">
        <p className="px-3 text-sm font-semibold text-white">Back office</p>
        <nav aria-label="Back office" className="mt-4 flex-1 space-y-5 overflow-y-auto">
          <ul>
            {visible.filter((r) => !r.group).map((r) => (
              <li key={r.path}><NavLink end to={`/staff/${r.path}`} className={link}>{r.label}</NavLink></li>
            ))}
          </ul>
          {GROUPS.map((group) => {
            const items = visible.filter((r) => r.group === group);
            if (!items.length) return null;
            return (
              <div key={group}>
                <p className="px-3 text-xs font-semibold uppercase tracking-wide text-slate-500">{group}</p>
                <ul className="mt-1">
                  {items.map((r) => (
                    <li key={r.path}><NavLink to={`/staff/${r.path}`} className={link}>{r.label}</NavLink></li>
                  ))}
                </ul>
              </div>
            );
          })}
        </nav>
      </aside>
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex h-14 items-center justify-end gap-4 border-b border-slate-200 bg-white px-6">
          <span className="text-sm text-slate-700">
            <span className="font-medium">{me?.name}</span> · {me?.roles.join(', ')}
          </span>
          <button
            type="button"
            className="rounded-md border border-slate-300 px-3 py-1.5 text-sm hover:bg-slate-50"
            onClick={async () => {
              await signOut();
              navigate('/staff/sign-in', { replace: true });
            }}
          >
            Sign out
          </button>
        </header>
        <main className="mx-auto w-full max-w-[1600px] flex-1 p-6">{children}</main>
      </div>
    </div>
  );
}
