// SPEC 1: a notice that the provider's services will be closing soon is always shown.
export const CLOSING_NOTICE = 'Notice: our online ordering services will be closing soon. Please place your pending orders in time.';

export function NoticeTicker() {
  return (
    <div className="overflow-hidden bg-amber-300 py-1 text-sm font-medium text-slate-900" role="status" aria-label="Notice">
      <p className="ticker-text whitespace-nowrap">{CLOSING_NOTICE}</p>
    </div>
  );
}
