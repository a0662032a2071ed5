import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { accountMenuEntries } from '@shop/domain/roles';
import { CircleUserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session.tsx';
import { useSignOut } from '../../lib/use-sign-out.ts';

const item =
  'block w-full cursor-pointer select-none rounded px-2 py-2 text-left text-sm outline-none data-[highlighted]:bg-slate-100';

/**
 * SPEC 2/6 account menu (ARCHITECTURE: Radix menus). Radix closes the menu only after an entry is
 * chosen, so a mouse click, a tap and Enter all reach the entry; links are the router's Link, so
 * choosing one navigates inside the app. Loaded when the buyer comes near the menu (account-menu.tsx):
 * `openAtStart` opens it at once when it was asked for while loading, on the first entry when asked by key.
 */
export function RadixAccountMenu({ openAtStart }: { openAtStart: 'pointer' | 'keyboard' | null }) {
  const { user } = useSession();
  const signOut = useSignOut();
  const entries = accountMenuEntries(user?.type);
  const first = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    // Opened by a key pressed while the menu loaded: start on the first entry, as Radix does when it
    // sees the key itself (after Radix's own focus on the opened menu).
    if (openAtStart !== 'keyboard') return;
    const t = setTimeout(() => first.current?.focus(), 0);
    return () => clearTimeout(t);
  }, [openAtStart]);
  return (
    <DropdownMenu.Root modal={false} defaultOpen={openAtStart !== null}>
      <DropdownMenu.Trigger
        aria-label="Account menu"
        className="flex items-center gap-1 rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
      >
        <CircleUserRound aria-hidden="true" className="h-6 w-6" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          className="z-50 w-60 max-w-[calc(100vw-1rem)] rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl"
        >
          <DropdownMenu.Label className="px-2 py-1 text-xs text-slate-500">{user?.type ?? 'Guest'} account</DropdownMenu.Label>
          {entries.map((e, i) => (
            <DropdownMenu.Item key={e.to} asChild className={item}>
              <Link ref={i === 0 ? first : undefined} to={e.to}>
                {e.label}
              </Link>
            </DropdownMenu.Item>
          ))}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item onSelect={signOut} className={`${item} text-red-700`}>
            Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
