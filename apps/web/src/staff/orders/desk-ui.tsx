// Small shared pieces of the desk's screens: status badge, error line, buttons.
import type { ReactNode } from 'react';
import { statusTone } from './desk-format.ts';

export function StatusBadge({ status }: { status: string }) {
  return <span className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${statusTone(status)}`}>{status}</span>;
}

export function ErrorLine({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <p role="alert" className="rounded border border-rose-300 bg-rose-50 px-3 py-2 text-sm text-rose-900">
      {error instanceof Error ? error.message : String(error)}
    </p>
  );
}

const base = 'inline-flex items-center justify-center gap-1 rounded px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-50';
export const btn = {
  primary: `${base} bg-sky-700 text-white hover:bg-sky-800`,
  secondary: `${base} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100`,
  danger: `${base} bg-rose-700 text-white hover:bg-rose-800`,
  link: 'rounded text-sky-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600',
};
export const field = 'rounded border border-slate-300 bg-white px-2 py-1.5 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600';

export function Panel({ title, children, className = '' }: { title: string; children: ReactNode; className?: string }) {
  const id = `panel-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={`rounded border border-slate-200 bg-white p-3 ${className}`}>
      <h2 id={id} className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-600">
        {title}
      </h2>
      {children}
    </section>
  );
}
