import { BUSINESS_STATUS_LABELS, type BusinessStatus, VERIFICATION_LABELS, type VerificationState } from '@shop/domain/businesses';

const TONE: Record<VerificationState, string> = {
  new: 'bg-sky-100 text-sky-900',
  changed: 'bg-indigo-100 text-indigo-900',
  documents_requested: 'bg-amber-100 text-amber-900',
  approved: 'bg-emerald-100 text-emerald-900',
  rejected: 'bg-rose-100 text-rose-900',
};

export function VerificationBadge({ state }: { state: VerificationState }) {
  return <span className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${TONE[state]}`}>{VERIFICATION_LABELS[state]}</span>;
}

export function StatusBadge({ status }: { status: BusinessStatus }) {
  const tone = status === 'active' ? 'bg-slate-100 text-slate-800' : status === 'on_hold' ? 'bg-amber-100 text-amber-900' : 'bg-rose-100 text-rose-900';
  return <span className={`inline-block whitespace-nowrap rounded px-1.5 py-0.5 text-xs font-medium ${tone}`}>{BUSINESS_STATUS_LABELS[status]}</span>;
}

export function FlagBadge({ children }: { children: string }) {
  return <span className="inline-block whitespace-nowrap rounded border border-rose-300 bg-rose-50 px-1.5 py-0.5 text-xs font-medium text-rose-900">{children}</span>;
}
