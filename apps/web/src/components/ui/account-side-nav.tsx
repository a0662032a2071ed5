import { accountMenuEntries } from '@shop/domain/roles';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';

/** SPEC 2 Account screens: the side navigation (desktop; on mobile the account landing lists them). */
export function AccountSideNav() {
  const { user } = useSession();
  const signOut = useSignOut();
  return (
    <nav aria-label="Account" className="hidden w-56 shrink-0 md:block">
      <ul className="space-y-1 rounded-lg border border-slate-200 bg-white p-2 text-sm">
        {accountMenuEntries(user?.type).map((e) => (
          <li key={e.to}>
            <NavLink
              to={e.to}
              className={({ isActive }) => `block rounded px-3 py-2 ${isActive ? 'bg-brand font-semibold text-white' : 'hover:bg-slate-100'}`}
            >
              {e.label}
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            className="block w-full rounded px-3 py-2 text-left text-red-700 hover:bg-slate-100"
            onClick={signOut}
          >
            Sign Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
