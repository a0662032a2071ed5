import * as Dialog from '@radix-ui/react-dialog';
import { TRACK_STEPS } from '@shop/domain/constants';
import { Check } from 'lucide-react';
import { useState } from 'react';

/**
 * SPEC 2: Track Order shows four steps, In Process, Arrange, Shipping, Done, advanced by clicking.
 * It opens at the order's real step (issue 16: the order desk moves orders through them).
 */
export function TrackOrderDialog({ orderNumber, initialStep = 0, open, onClose }: { orderNumber: string; initialStep?: number; open: boolean; onClose: () => void }) {
  const [step, setStep] = useState(initialStep);
  return (
    <Dialog.Root open={open} onOpenChange={(o) => !o && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(92vw,28rem)] -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl">
          <Dialog.Title className="text-lg font-bold">Track Order</Dialog.Title>
          <Dialog.Description className="text-sm text-slate-600">Order {orderNumber}</Dialog.Description>
          <ol className="mt-4 space-y-2">
            {TRACK_STEPS.map((name, i) => (
              <li key={name}>
                <button
                  type="button"
                  aria-current={i === step ? 'step' : undefined}
                  onClick={() => setStep(i)}
                  className={`flex w-full items-center gap-3 rounded-md border p-2 text-left text-sm ${i <= step ? 'border-brand bg-blue-50 font-semibold' : 'border-slate-200'}`}
                >
                  <span className={`flex h-6 w-6 items-center justify-center rounded-full text-xs ${i <= step ? 'bg-brand text-white' : 'bg-slate-200 text-slate-700'}`}>
                    {i < step ? <Check aria-hidden="true" className="h-4 w-4" /> : i + 1}
                  </span>
                  {name}
                </button>
              </li>
            ))}
          </ol>
          <div className="mt-5 flex justify-end gap-2">
            <button
              type="button"
              disabled={step >= TRACK_STEPS.length - 1}
              onClick={() => setStep((s) => Math.min(s + 1, TRACK_STEPS.length - 1))}
              className="rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand disabled:opacity-50"
            >
              Next Step
            </button>
            <Dialog.Close asChild>
              <button type="button" className="rounded-md bg-brand px-4 py-2 text-sm font-semibold text-white">Close</button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
