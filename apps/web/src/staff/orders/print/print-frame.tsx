import type { ReactNode } from 'react';
import { btn } from '../desk-ui.tsx';

// On paper only the document prints: whatever shell surrounds it (navigation, header) is hidden, the
// page is black on white, and each `.print-page` starts a new sheet.
const PRINT_CSS = `
@media print {
  @page { size: A4; margin: 12mm; }
  html, body { background: #fff !important; color: #000; }
  body * { visibility: hidden; }
  [data-print-root], [data-print-root] * { visibility: visible; }
  [data-print-root] { position: absolute; inset: 0 auto auto 0; width: 100%; }
  .print-page { break-after: page; }
  .print-page:last-child { break-after: auto; }
  .no-print { display: none !important; }
}`;

export function PrintFrame({ title, children, ready }: { title: string; children: ReactNode; ready: boolean }) {
  return (
    <div className="bg-white p-4 text-black">
      <style>{PRINT_CSS}</style>
      <div className="no-print mb-4 flex items-center gap-3">
        <h1 className="text-lg font-semibold">{title}</h1>
        <button type="button" className={btn.primary} disabled={!ready} onClick={() => window.print()}>
          Print
        </button>
        <button type="button" className={btn.secondary} onClick={() => window.history.back()}>
          Back
        </button>
        <span className="text-sm text-slate-600">Or save as PDF from the print dialog.</span>
      </div>
      <div data-print-root className="text-black">
        {children}
      </div>
    </div>
  );
}

export const printTable = 'w-full border-collapse text-sm [&_td]:border [&_td]:border-black [&_td]:px-1.5 [&_td]:py-1 [&_th]:border [&_th]:border-black [&_th]:px-1.5 [&_th]:py-1 [&_thead_th]:text-left';
