import { TICKER_FALLBACK } from '@shop/domain/shop-size';
import { useSiteContent } from './site-content.ts';

// SPEC 1: the notice bar is always shown. Issue 19: staff write its messages per city (the demo data
// holds SPEC 1's closing-soon notice as one). Issue 35: with none in effect it says only what is true
// of this shop (TICKER_FALLBACK), never a closing that nobody announced.
export function NoticeTicker() {
  const site = useSiteContent().data;
  const messages = site?.ticker ?? [];
  const text = messages.length ? messages.map((m) => m.text).join('   •   ') : site ? TICKER_FALLBACK[site.shop] : '\u00a0';
  return (
    <div className="overflow-hidden bg-amber-300 py-1 text-sm font-medium text-slate-900" role="status" aria-label="Notice">
      <p className="ticker-text whitespace-nowrap">{text}</p>
    </div>
  );
}
