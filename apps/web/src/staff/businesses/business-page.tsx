import { canDecide, DOCUMENT_LABELS, type StaffBusiness, type Terms, type UpdateBusinessInput } from '@shop/domain/businesses';
import { formatRupees } from '@shop/domain/money';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { DeskDialog } from '../orders/desk-dialog.tsx';
import { karachiDateTime } from '../orders/desk-format.ts';
import { btn, ErrorLine, Panel } from '../orders/desk-ui.tsx';
import { StaffApiError } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';
import { FlagBadge, StatusBadge, VerificationBadge } from './business-badges.tsx';
import { BusinessForm } from './business-form.tsx';
import { businessesApi, businessPaths } from './businesses-client.ts';
import { ApproveForm, RejectForm, RequestDocumentsForm } from './decision-forms.tsx';
import { DocumentViewer } from './document-viewer.tsx';

function FlagsPanel({ b }: { b: StaffBusiness }) {
  const others = (label: string, list: { id: number; name: string }[]) =>
    list.length ? (
      <li className="text-sm">
        <FlagBadge>{`${label} used by another business`}</FlagBadge>{' '}
        {list.map((o, i) => (
          <span key={o.id}>
            {i > 0 ? ', ' : ''}
            <Link className={btn.link} to={businessPaths.business(o.id)}>
              {o.name}
            </Link>
          </span>
        ))}
      </li>
    ) : null;
  const { cnic, ntn, phone, unprovenEmails } = b.flags;
  const none = !cnic.length && !ntn.length && !phone.length && !unprovenEmails.length;
  return (
    <Panel title="Checks">
      {none ? (
        <p className="text-sm text-slate-700">No duplicate CNIC, NTN or phone; every email proven.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {others('CNIC', cnic)}
          {others('NTN', ntn)}
          {others('Phone', phone)}
          {unprovenEmails.length ? (
            <li className="text-sm">
              <FlagBadge>Email not proven</FlagBadge> {unprovenEmails.join(', ')}
            </li>
          ) : null}
        </ul>
      )}
      {!b.cnic_number ? <p className="mt-2 text-xs text-slate-600">Type the CNIC number from the document below to check it against other businesses.</p> : null}
    </Panel>
  );
}

function UsersPanel({ b }: { b: StaffBusiness }) {
  return (
    <Panel title="Users">
      <table className="w-full text-left text-sm" aria-label="Users">
        <thead className="text-xs uppercase text-slate-500">
          <tr>
            <th className="py-1 pr-3 font-semibold">Name</th>
            <th className="py-1 pr-3 font-semibold">Role</th>
            <th className="py-1 pr-3 font-semibold">Email</th>
            <th className="py-1 pr-3 font-semibold">Phone</th>
            <th className="py-1 pr-3 font-semibold">CNIC</th>
            <th className="py-1 text-right font-semibold">Cash limit</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {b.users.map((u) => (
            <tr key={u.id}>
              <td className="py-1.5 pr-3">{u.name}</td>
              <td className="py-1.5 pr-3">{u.type}</td>
              <td className="py-1.5 pr-3">
                {u.email}
                {u.email_proven ? null : <span className="ml-1 text-xs text-rose-800">(not proven)</span>}
              </td>
              <td className="py-1.5 pr-3 tabular-nums">{u.mobile_no || '—'}</td>
              <td className="py-1.5 pr-3 tabular-nums">{u.national_identity_card || '—'}</td>
              <td className="py-1.5 text-right tabular-nums">{u.type === 'Orderer' ? formatRupees(u.limit) : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

/** Issue 18: one business for staff: verification (documents, checks, decision) and its terms and status. */
export function BusinessPage() {
  const id = Number(useParams().id);
  const client = useQueryClient();
  const canWrite = useStaffSession().can('businesses.write');
  const key = ['staff', 'businesses', 'one', id];
  // Always read afresh on opening: the buyer may have sent documents since (the queue's cache is no guide).
  const business = useQuery({ queryKey: key, queryFn: () => businessesApi.business(id), enabled: Number.isInteger(id) && id > 0, staleTime: 0 });
  const [rejecting, setRejecting] = useState(false);
  const [saved, setSaved] = useState<string | null>(null);
  const settle = (message: string) => (next: StaffBusiness) => {
    client.setQueryData(key, next);
    void client.invalidateQueries({ queryKey: ['staff', 'businesses', 'queue'] });
    setSaved(message);
    setRejecting(false);
  };
  const approve = useMutation({ mutationFn: (v: { version: number; terms: Terms }) => businessesApi.approve(id, v.version, v.terms), onSuccess: settle('Approved. The buyer’s checkout now offers these terms.') });
  const reject = useMutation({ mutationFn: (v: { version: number; reason: string }) => businessesApi.reject(id, v.version, v.reason), onSuccess: settle('Rejected. The buyer sees the reason on Account Information.') });
  const ask = useMutation({
    mutationFn: (v: { version: number; kinds: Parameters<typeof businessesApi.requestDocuments>[2]; note: string }) => businessesApi.requestDocuments(id, v.version, v.kinds, v.note),
    onSuccess: settle('Asked for the documents again. The buyer sees the request on Account Information.'),
  });
  const update = useMutation({ mutationFn: (input: UpdateBusinessInput) => businessesApi.update(id, input), onSuccess: settle('Saved.') });
  const reset = () => {
    for (const m of [approve, reject, ask, update]) m.reset();
    setSaved(null);
  };

  if (business.isPending) return <p className="p-4 text-sm text-slate-500">Loading business…</p>;
  if (business.error || !business.data) return <div className="p-4"><ErrorLine error={business.error ?? new Error('Business not found')} /></div>;
  const b = business.data;
  const stale = [approve.error, reject.error, ask.error, update.error].some((e) => e instanceof StaffApiError && e.status === 409);
  const deciding = canWrite && canDecide(b.verification);

  return (
    <div className="flex flex-col gap-3 p-4">
      <nav aria-label="Breadcrumb" className="text-sm">
        <Link className={btn.link} to={businessPaths.queue}>
          ← Business verification
        </Link>
      </nav>
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-xl font-semibold">{b.name}</h1>
        <VerificationBadge state={b.verification} />
        <StatusBadge status={b.status} />
        <span className="text-sm text-slate-600">
          {[b.business_type, [b.city, b.area].filter(Boolean).join(' · ')].filter(Boolean).join(' — ')} · signed up {karachiDateTime(b.created_at)} (PKT)
        </span>
      </header>
      {saved ? (
        <p role="status" className="rounded border border-emerald-300 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
          {saved}
        </p>
      ) : null}
      {stale ? (
        <button
          type="button"
          className={`${btn.secondary} self-start`}
          onClick={() => {
            reset();
            void business.refetch();
          }}
        >
          Reload the business
        </button>
      ) : null}
      {b.verification === 'documents_requested' ? (
        <p className="rounded border border-amber-300 bg-amber-50 px-3 py-2 text-sm">
          <strong>Waiting for the buyer to send again:</strong> {b.requested_documents.map((k) => DOCUMENT_LABELS[k]).join(', ')}
          {b.verification_note ? ` — “${b.verification_note}”` : ''}
        </p>
      ) : null}
      {b.verification === 'rejected' && b.verification_note ? (
        <p className="rounded border border-rose-200 bg-rose-50 px-3 py-2 text-sm">
          <strong>Rejection reason (shown to the buyer):</strong> {b.verification_note}
        </p>
      ) : null}
      <div className="grid gap-3 xl:grid-cols-[minmax(0,3fr)_minmax(24rem,2fr)]">
        <div className="flex flex-col gap-3">
          <Panel title="Documents">
            <DocumentViewer key={b.version} businessId={b.id} documents={b.documents} />
          </Panel>
          <UsersPanel b={b} />
        </div>
        <div className="flex flex-col gap-3">
          <FlagsPanel b={b} />
          {deciding ? (
            <Panel title="Decision">
              <div className="flex flex-col gap-4">
                {b.verification !== 'approved' ? (
                  <ApproveForm terms={b.terms} busy={approve.isPending} error={approve.error} onSubmit={(terms) => approve.mutate({ version: b.version, terms })} />
                ) : null}
                <hr className="border-slate-200" />
                <RequestDocumentsForm busy={ask.isPending} error={ask.error} onSubmit={(v) => ask.mutate({ version: b.version, ...v })} />
                {b.verification !== 'rejected' ? (
                  <>
                    <hr className="border-slate-200" />
                    <div>
                      <button
                        type="button"
                        className={btn.danger}
                        onClick={() => {
                          reject.reset();
                          setRejecting(true);
                        }}
                      >
                        Reject…
                      </button>
                    </div>
                  </>
                ) : null}
              </div>
            </Panel>
          ) : null}
          <Panel title="Terms and status">
            <BusinessForm business={b} canWrite={canWrite} busy={update.isPending} error={update.error} onSave={(input) => update.mutate(input)} />
          </Panel>
        </div>
      </div>
      <DeskDialog open={rejecting} onOpenChange={setRejecting} title={`Reject ${b.name}`} description="The buyer reads this reason on Account Information. The business stays on Cash.">
        <RejectForm busy={reject.isPending} error={reject.error} onSubmit={(reason) => reject.mutate({ version: b.version, reason })} />
      </DeskDialog>
    </div>
  );
}
