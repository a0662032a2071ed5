import { accountMenuEntries } from '@shop/domain/roles';
import { ChevronRight, LogOut } from 'lucide-react';
import { NavLink } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';

/**
 * SPEC 2/6: the account menu by role as the mobile account landing lists it, then Sign Out (clears
 * storage, to /sign-in, SPEC 4). Desktop pages use components/ui/account-side-nav.tsx.
 */
export function AccountNav() {
  const { user } = useSession();
  const signOut = useSignOut();
  const entries = accountMenuEntries(user?.type);
  const item = 'flex items-center justify-between border-b border-slate-200 px-4 py-4 text-base font-medium text-slate-800 hover:bg-slate-50';
  return (
    <nav aria-label="Account" className="overflow-hidden rounded-xl bg-white shadow-sm ring-1 ring-slate-200">
      <ul>
        {entries.map((e) => (
          <li key={e.to}>
            <NavLink to={e.to} className={item}>
              {e.label}
              <ChevronRight aria-hidden="true" className="h-5 w-5 text-slate-400" />
            </NavLink>
          </li>
        ))}
        <li>
          <button
            type="button"
            onClick={signOut}
            className="flex w-full cursor-pointer items-center gap-2 px-4 py-4 text-left text-base font-medium text-red-700 hover:bg-red-50"
          >
            <LogOut aria-hidden="true" className="h-4 w-4" />
            Sign Out
          </button>
        </li>
      </ul>
    </nav>
  );
}
