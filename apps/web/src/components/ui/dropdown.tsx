import { type ReactNode, useId } from 'react';
import { useDisclosure } from '../../lib/use-disclosure.ts';

/**
 * A button that opens a panel below it (a disclosure: button with aria-expanded). Closes on Escape,
 * on a click outside, on choosing a link inside, and on navigation.
 *
 * Why not Radix DropdownMenu here: with floating-ui it costs about 30 KB gzip on every page, a fifth
 * of the first-load budget, and these header panels (cart, notifications, account) are panels of
 * links and buttons, not menus of commands, so they need no menu roles.
 */
export function Dropdown({ trigger, label, children, align = 'end' }: { trigger: ReactNode; label: string; children: ReactNode; align?: 'start' | 'end' }) {
  const { open, root, toggle, close } = useDisclosure<HTMLDivElement>();
  const panelId = useId();

  return (
    <div ref={root} className="relative">
      <button
        type="button"
        aria-label={label}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
        className="flex items-center gap-1 rounded-md p-2 text-white hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-accent"
      >
        {trigger}
      </button>
      {open && (
        <div
          id={panelId}
          onClickCapture={(e) => {
            if ((e.target as HTMLElement).closest('a,[data-close]')) close();
          }}
          className={`absolute top-full z-50 mt-1 max-h-[70vh] w-72 max-w-[calc(100vw-1rem)] overflow-auto rounded-lg border border-slate-200 bg-white p-2 text-slate-900 shadow-xl ${align === 'end' ? 'right-0' : 'left-0'}`}
        >
          {children}
        </div>
      )}
    </div>
  );
}
