import type { DocumentKind } from '@shop/domain/account-rules';
import { DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from '@shop/domain/businesses';
import { ImageUp } from 'lucide-react';
import { useId, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AuthCard, FormError } from './field.tsx';
import { type Documents, registrationPayload, type Step1Draft, type Step2Draft } from './sign-up-draft.ts';
import { useRegistration } from './use-registration.ts';

const DOCUMENTS: { kind: DocumentKind; label: string }[] = [
  { kind: 'cnic_image', label: 'CNIC front' },
  { kind: 'cnic_back_image', label: 'CNIC back' },
  { kind: 'ntn_certificate_image', label: 'NTN certificate' },
  { kind: 'invoice_image', label: 'Letter head' },
  { kind: 'business_card_image', label: 'Business card' },
];
// The server's limits (README): 2 MB a file, checked here first to save an upload.
const MAX_BYTES = DOCUMENT_MAX_BYTES;
const ACCEPT = DOCUMENT_TYPES.join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function Upload({ label, value, onPick }: { label: string; value?: string; onPick(file: File | null): void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3 rounded-md border-2 border-dashed border-slate-300 bg-slate-50 p-3">
      {value ? (
        <img src={value} alt={`${label} preview`} className="h-14 w-14 rounded object-cover" />
      ) : (
        <span className="flex h-14 w-14 items-center justify-center rounded bg-white text-slate-500">
          <ImageUp aria-hidden="true" className="h-6 w-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <input id={id} type="file" accept={ACCEPT} onChange={(e) => onPick(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm text-slate-700 file:mr-2 file:cursor-pointer file:rounded file:border-0 file:bg-brand file:px-3 file:py-1.5 file:text-white" />
      </div>
    </div>
  );
}

export function SignUp3Page() {
  const state = useLocation().state as { step1?: Step1Draft; step2?: Step2Draft } | null;
  const [documents, setDocuments] = useState<Documents>({});
  const [error, setError] = useState<string | null>(null);
  const { busy, submitRegistration } = useRegistration(setError);
  if (!state?.step1 || !state.step2) return <Navigate to="/sign-up" replace />;
  const { step1, step2 } = state;

  async function pick(kind: DocumentKind, file: File | null) {
    setError(null);
    if (!file) {
      setDocuments(({ [kind]: _, ...rest }) => rest);
      return;
    }
    // SPEC 5: images only, read as data URLs. The server checks the bytes again.
    if (!ACCEPT.split(',').includes(file.type)) return setError('Please choose a PNG, JPEG or WebP image.');
    if (file.size > MAX_BYTES) return setError('Each image must be 2 MB or smaller.');
    const url = await readAsDataUrl(file);
    setDocuments((d) => ({ ...d, [kind]: url }));
  }

  async function send(withDocuments: boolean) {
    await submitRegistration(registrationPayload(step1, step2, withDocuments ? documents : {}));
  }

  return (
    <AuthCard title="Create Account" subtitle="Please update your documents">
      <div className="flex flex-col gap-3">
        {DOCUMENTS.map((d) => (
          <Upload key={d.kind} label={d.label} value={documents[d.kind]} onPick={(f) => void pick(d.kind, f)} />
        ))}
        <p className="text-xs text-slate-600">PNG, JPEG or WebP, up to 2 MB each.</p>
        <FormError message={error} />
        <button
          type="button"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void send(true)}
          className="w-full cursor-pointer rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
        >
          Submit
        </button>
        <button type="button" disabled={busy} onClick={() => void send(false)} className="cursor-pointer text-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
          Upload Later
        </button>
      </div>
    </AuthCard>
  );
}
