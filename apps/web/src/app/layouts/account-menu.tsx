import { CircleUserRound } from 'lucide-react';
import { type ComponentType, useEffect, useState } from 'react';

type Menu = ComponentType<{ openAtStart: 'pointer' | 'keyboard' | null }>;
let loaded: Menu | null = null;
let loading: Promise<Menu> | null = null;
const loadMenu = () => {
  loading ??= import('./account-menu-radix.tsx').then((m) => {
    loaded = m.RadixAccountMenu;
    return loaded;
  });
  return loading;
};

const trigger = 'flex items-center gap-1 rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent';

/**
 * SPEC 2/6 account menu. Its Radix implementation (about 28 KB of the first load, issue 15: /home at
 * most 130 KB) loads when the buyer comes near the button (pointer over it, focus, a touch); until
 * then the same button stands here, and a press while it loads opens the menu as soon as it is there.
 */
export function AccountMenu() {
  const [Loaded, setLoaded] = useState<Menu | null>(() => loaded);
  const [asked, setAsked] = useState<'pointer' | 'keyboard' | null>(null);
  useEffect(() => {
    // Swapped in only once asked for: the button keeps its focus until then.
    if (Loaded || !asked) return;
    let live = true;
    void loadMenu().then((m) => live && setLoaded(() => m));
    return () => {
      live = false;
    };
  }, [Loaded, asked]);
  if (Loaded) return <Loaded openAtStart={asked} />;
  const near = () => void loadMenu();
  return (
    <button
      type="button"
      aria-label="Account menu"
      aria-haspopup="menu"
      aria-expanded={false}
      className={trigger}
      onPointerEnter={near}
      onFocus={near}
      // Radix opens its menu on pointer down, so this one does too (the click may land after the swap).
      onPointerDown={(e) => e.button === 0 && setAsked('pointer')}
      // Enter and Space (a click without a pointer) open it on its first entry.
      onClick={(e) => e.detail === 0 && setAsked('keyboard')}
      onKeyDown={(e) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
          e.preventDefault();
          setAsked('keyboard');
        }
      }}
    >
      <CircleUserRound aria-hidden="true" className="h-6 w-6" />
    </button>
  );
}
