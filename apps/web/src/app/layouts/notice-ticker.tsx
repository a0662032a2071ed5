import { useSiteContent } from './site-content.ts';

// SPEC 1: a notice that the provider's services will be closing soon is always shown. Issue 19: staff
// write the messages per city; this one stands whenever none is set.
export const CLOSING_NOTICE = 'Notice: our online ordering services will be closing soon. Please place your pending orders in time.';

export function NoticeTicker() {
  const messages = useSiteContent().data?.ticker ?? [];
  const text = messages.length ? messages.map((m) => m.text).join('   •   ') : CLOSING_NOTICE;
  return (
    <div className="overflow-hidden bg-amber-300 py-1 text-sm font-medium text-slate-900" role="status" aria-label="Notice">
      <p className="ticker-text whitespace-nowrap">{text}</p>
    </div>
  );
}
