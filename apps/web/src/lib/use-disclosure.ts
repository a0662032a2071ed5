import { type RefObject, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';

/**
 * Open/closed state of a panel that closes on Escape, on a pointer press outside `root`, and on
 * navigation (the panel belongs to the page it was opened on). Shared by the header panels and
 * the marketplace mega-menu.
 */
export function useDisclosure<T extends HTMLElement>(): {
  open: boolean;
  root: RefObject<T | null>;
  toggle(): void;
  close(): void;
} {
  const [open, setOpen] = useState(false);
  const root = useRef<T>(null);
  const { pathname } = useLocation();
  const [openedOn, setOpenedOn] = useState(pathname);
  if (open && openedOn !== pathname) {
    setOpen(false);
    setOpenedOn(pathname);
  }
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      root.current?.querySelector('button')?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return {
    open,
    root,
    toggle: () => {
      setOpenedOn(pathname);
      setOpen((o) => !o);
    },
    close: () => setOpen(false),
  };
}
