import { accountMenuEntries } from '@shop/domain/roles';
import { CircleUserRound } from 'lucide-react';
import { Link, useNavigate } from 'react-router';
import { Dropdown } from '../../components/ui/dropdown.tsx';
import { useSession } from '../../lib/session.tsx';

export function AccountMenu() {
  const { user, signOut } = useSession();
  const navigate = useNavigate();
  const entries = accountMenuEntries(user?.type);
  return (
    <Dropdown label="Account menu" trigger={<CircleUserRound aria-hidden="true" className="h-6 w-6" />}>
      <p className="px-2 py-1 text-xs text-slate-500">{user?.type ?? 'Guest'} account</p>
      {entries.map((e) => (
        <Link key={e.to} to={e.to} className="block rounded px-2 py-2 text-sm hover:bg-slate-100 focus:bg-slate-100">
          {e.label}
        </Link>
      ))}
      <button
        type="button"
        data-close
        onClick={() => {
          signOut();
          navigate('/sign-in');
        }}
        className="block w-full cursor-pointer rounded px-2 py-2 text-left text-sm text-red-700 hover:bg-slate-100 focus:bg-slate-100"
      >
        Sign Out
      </button>
    </Dropdown>
  );
}
