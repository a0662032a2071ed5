import type { DocumentKind } from '@shop/domain/account-rules';
import type { RegisterResult } from '@shop/domain/auth';
import { type BuyerVerification, canUploadDocuments, DOCUMENT_MAX_BYTES, DOCUMENT_TYPES } from '@shop/domain/businesses';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';

const ACCEPT = DOCUMENT_TYPES.join(',');

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });
}

function UploadField({ label, onPick }: { label: string; onPick(file: File | null): void }) {
  const id = useId();
  return (
    <div className="rounded-md border-2 border-dashed border-slate-300 bg-slate-50 p-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input id={id} type="file" accept={ACCEPT} onChange={(e) => onPick(e.target.files?.[0] ?? null)} className="mt-1 block w-full text-sm text-slate-700 file:mr-2 file:cursor-pointer file:rounded file:border-0 file:bg-brand file:px-3 file:py-1.5 file:text-white" />
    </div>
  );
}

/**
 * Issue 18 on Account Information: where the business's verification stands, and the documents staff
 * asked for again, uploaded through SPEC 2's upload step (register step 2). Afterwards the business
 * is back in the staff's queue.
 */
export function DocumentsSection() {
  const { user, signIn } = useSession();
  const client = useQueryClient();
  const verification = useQuery({ queryKey: ['account', 'verification'], queryFn: () => api<BuyerVerification>('/api/account/verification'), enabled: Boolean(user) });
  const [files, setFiles] = useState<Partial<Record<DocumentKind, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({
    mutationFn: (v: { businessId: number; documents: Partial<Record<DocumentKind, string>> }) =>
      api<RegisterResult>('/api/auth/register', { body: { step: 2, business_id: v.businessId, business_users: [v.documents] } }),
    onSuccess: (result) => {
      signIn(result);
      setFiles({});
      notify.success('Thank you. We will check your documents again.');
      void client.invalidateQueries({ queryKey: ['account', 'verification'] });
    },
    onError: (err) => setError(err instanceof ApiError && err.status > 0 ? err.message : 'The documents could not be uploaded. Please try again.'),
  });
  const v = verification.data;
  if (!v) return null;

  async function pick(kind: DocumentKind, file: File | null) {
    setError(null);
    if (!file) {
      setFiles(({ [kind]: _, ...rest }) => rest);
      return;
    }
    if (!(DOCUMENT_TYPES as readonly string[]).includes(file.type)) return setError('Please choose a PNG, JPEG or WebP image.');
    if (file.size > DOCUMENT_MAX_BYTES) return setError('Each image must be 2 MB or smaller.');
    const url = await readAsDataUrl(file);
    setFiles((f) => ({ ...f, [kind]: url }));
  }

  const requested = v.requested_documents;
  const ready = requested.length > 0 && requested.every((d) => files[d.kind]);
  return (
    <section aria-labelledby="documents-heading" className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="documents-heading" className="text-lg font-bold">
        Business documents
      </h2>
      {v.verification === 'approved' ? <p className="mt-2 text-slate-700">Your business is verified.</p> : null}
      {v.verification === 'new' || v.verification === 'changed' ? <p className="mt-2 text-slate-700">We are checking your documents.</p> : null}
      {v.verification === 'rejected' ? (
        <p className="mt-2 rounded-md bg-red-50 px-3 py-2 text-red-900">
          Your registration was not approved{v.note ? `: ${v.note}` : '.'}
        </p>
      ) : null}
      {v.verification === 'documents_requested' ? (
        <div className="mt-2 flex flex-col gap-3">
          <div role="status" className="rounded-md bg-amber-50 px-3 py-2 text-amber-950">
            <p className="font-semibold">Please upload these documents again: {requested.map((d) => d.label).join(', ')}</p>
            {v.note ? <p className="mt-1">{v.note}</p> : null}
          </div>
          {canUploadDocuments(user?.type) ? (
            <>
              {requested.map((d) => (
                <UploadField key={d.kind} label={d.label} onPick={(f) => void pick(d.kind, f)} />
              ))}
              <p className="text-xs text-slate-600">PNG, JPEG or WebP, up to 2 MB each.</p>
              {error ? (
                <p role="alert" className="text-sm text-red-700">
                  {error}
                </p>
              ) : null}
              <button
                type="button"
                disabled={!ready || upload.isPending}
                aria-busy={upload.isPending}
                onClick={() => upload.mutate({ businessId: v.business_id, documents: files })}
                className="self-start rounded-md bg-brand px-4 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:cursor-not-allowed disabled:opacity-60"
              >
                Upload documents
              </button>
            </>
          ) : (
            <p className="text-slate-700">Your business Owner can upload them here.</p>
          )}
        </div>
      ) : null}
    </section>
  );
}
