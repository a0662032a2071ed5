import * as Dialog from '@radix-ui/react-dialog';
import type { ReactNode } from 'react';

/**
 * A modal with a title, a body that scrolls when long (a whole order's lines at 375 px) and its own
 * buttons below; Escape and the overlay close it (Radix keeps the focus inside while open).
 */
export function Modal({
  open,
  title,
  description,
  children,
  footer,
  onClose,
}: {
  open: boolean;
  title: string;
  description?: string;
  children: ReactNode;
  footer: ReactNode;
  onClose: () => void;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content
          className="fixed top-1/2 left-1/2 z-50 flex max-h-[90vh] w-[min(94vw,40rem)] -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white shadow-xl focus:outline-none"
        >
          <div className="border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-lg font-bold text-slate-900">{title}</Dialog.Title>
            {description ? (
              <Dialog.Description className="mt-0.5 text-sm text-slate-600">{description}</Dialog.Description>
            ) : (
              <Dialog.Description className="sr-only">{title}</Dialog.Description>
            )}
          </div>
          <div className="min-h-0 flex-1 overflow-y-auto px-4 py-3 text-sm text-slate-800">{children}</div>
          <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-4 py-3 sm:flex-row sm:justify-end">{footer}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
