import { WifiOff } from 'lucide-react';
import { useOnline } from '../../lib/use-online.ts';

/** Issue 15 (14): says plainly that the buyer is offline and what still works. */
export function OfflineBanner() {
  const online = useOnline();
  return (
    <div role="status" className={online ? 'sr-only' : 'bg-amber-100 px-3 py-2 text-center text-sm font-semibold text-amber-950'}>
      {online ? (
        ''
      ) : (
        <>
          <WifiOff aria-hidden="true" className="mr-1 inline h-4 w-4 align-[-2px]" />
          You are offline. You can read the pages you have opened; orders cannot be sent until you are back online.
        </>
      )}
    </div>
  );
}
