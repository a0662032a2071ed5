import { FEEDBACK_TYPES } from '@shop/domain/constants';
import { type FeedbackDetail, type FeedbackRow, FEEDBACK_STATUS_LABELS, FEEDBACK_STATUSES, type FeedbackStatus } from '@shop/domain/feedback-inbox';
import { formatKarachiDateTime } from '@shop/domain/karachi-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { staffApi, staffUrl } from '../staff-api.ts';

const inbox = {
  list: (status: string, type: string) => staffApi<FeedbackRow[]>(staffUrl('/api/staff/feedback', { status, type })),
  one: (id: number) => staffApi<FeedbackDetail>(`/api/staff/feedback/${id}`),
  assignees: () => staffApi<{ id: number; name: string }[]>('/api/staff/feedback/assignees'),
  update: (id: number, body: { status?: FeedbackStatus; assignee_staff_id?: number | null }) => staffApi<FeedbackDetail>(`/api/staff/feedback/${id}`, { method: 'PATCH', body }),
  note: (id: number, body: string) => staffApi<FeedbackDetail>(`/api/staff/feedback/${id}/notes`, { body: { body } }),
  reply: (id: number, body: string) => staffApi<FeedbackDetail>(`/api/staff/feedback/${id}/reply`, { body: { body } }),
};

/** Issue 19: every feedback message with its type; status, assignee, internal notes and replies by mail. */
export function FeedbackInboxPage() {
  // The filters live in the address (the dashboard's "Unread feedback" links to ?status=new).
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const type = params.get('type') ?? '';
  const setFilter = (name: 'status' | 'type', value: string) =>
    setParams(
      (p) => {
        if (value) p.set(name, value);
        else p.delete(name);
        return p;
      },
      { replace: true },
    );
  const setStatus = (value: string) => setFilter('status', value);
  const setType = (value: string) => setFilter('type', value);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useQuery({ queryKey: ['staff', 'feedback', status, type], queryFn: () => inbox.list(status, type) });
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Feedback inbox</h1>
      <div className="flex flex-wrap gap-3">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Status
          <select className={field} value={status} onChange={(e) => setStatus(e.target.value)}>
            <option value="">All</option>
            {FEEDBACK_STATUSES.map((s) => (
              <option key={s} value={s}>
                {FEEDBACK_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="flex flex-col gap-1 text-sm font-medium">
          Type
          <select className={field} value={type} onChange={(e) => setType(e.target.value)}>
            <option value="">All</option>
            {FEEDBACK_TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </label>
      </div>
      <ErrorLine error={list.error} />
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <div className="overflow-x-auto rounded border border-slate-200 bg-white">
          <table className="w-full border-collapse text-sm" aria-label="Feedback messages">
            <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="px-2 py-2">Received</th>
                <th scope="col" className="px-2 py-2">Type</th>
                <th scope="col" className="px-2 py-2">From</th>
                <th scope="col" className="px-2 py-2">Subject</th>
                <th scope="col" className="px-2 py-2">Status</th>
                <th scope="col" className="px-2 py-2">Assignee</th>
              </tr>
            </thead>
            <tbody>
              {(list.data ?? []).map((f) => (
                <tr key={f.id} className={`border-t border-slate-100 ${openId === f.id ? 'bg-sky-50' : ''}`}>
                  <td className="px-2 py-1.5 whitespace-nowrap">{formatKarachiDateTime(f.created_at)}</td>
                  <td className="px-2 py-1.5">{f.type}</td>
                  <td className="px-2 py-1.5">
                    <button type="button" className={btn.link} onClick={() => setOpenId(f.id)} aria-label={`Open feedback from ${f.name}: ${f.subject || f.type}`}>
                      {f.name}
                    </button>
                    {f.business_name ? <span className="ml-1 text-xs text-slate-500">{f.business_name}</span> : null}
                  </td>
                  <td className="px-2 py-1.5">{f.subject || '—'}</td>
                  <td className="px-2 py-1.5">{FEEDBACK_STATUS_LABELS[f.status]}</td>
                  <td className="px-2 py-1.5">{f.assignee_name ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {list.isSuccess && list.data.length === 0 ? <p className="p-6 text-center text-sm text-slate-500">No feedback here.</p> : null}
        </div>
        {openId != null ? <FeedbackPanel id={openId} /> : <p className="text-sm text-slate-500">Open a message to answer it.</p>}
      </div>
    </div>
  );
}

function FeedbackPanel({ id }: { id: number }) {
  const client = useQueryClient();
  const one = useQuery({ queryKey: ['staff', 'feedback', 'one', id], queryFn: () => inbox.one(id) });
  const people = useQuery({ queryKey: ['staff', 'feedback', 'assignees'], queryFn: inbox.assignees });
  const [note, setNote] = useState('');
  const [replyText, setReplyText] = useState('');
  const done = (data: FeedbackDetail) => {
    client.setQueryData(['staff', 'feedback', 'one', id], data);
    return client.invalidateQueries({ queryKey: ['staff', 'feedback'], exact: false, predicate: (q) => q.queryKey[2] !== 'one' });
  };
  const update = useMutation({ mutationFn: (change: { status?: FeedbackStatus; assignee_staff_id?: number | null }) => inbox.update(id, change), onSuccess: done });
  const addNote = useMutation({
    mutationFn: () => inbox.note(id, note),
    onSuccess: (d) => {
      setNote('');
      return done(d);
    },
  });
  const sendReply = useMutation({
    mutationFn: () => inbox.reply(id, replyText),
    onSuccess: (d) => {
      setReplyText('');
      return done(d);
    },
  });
  const f = one.data;
  if (!f) return <ErrorLine error={one.error} />;
  return (
    <Panel title={`${f.type} from ${f.name}`}>
      <div className="flex flex-col gap-3 text-sm">
        <p>
          <a className={btn.link} href={`mailto:${f.email}`}>
            {f.email}
          </a>{' '}
          · {f.mobile_no} · {formatKarachiDateTime(f.created_at)}
        </p>
        {f.subject ? <p className="font-semibold">{f.subject}</p> : null}
        <p className="whitespace-pre-wrap rounded bg-slate-50 p-2">{f.message || '(no message)'}</p>
        <div className="flex flex-wrap gap-3">
          <label className="flex flex-col gap-1 font-medium">
            Status
            <select className={field} value={f.status} disabled={update.isPending} onChange={(e) => update.mutate({ status: e.target.value as FeedbackStatus })}>
              {FEEDBACK_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {FEEDBACK_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 font-medium">
            Assignee
            <select
              className={field}
              value={f.assignee_staff_id ?? ''}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ assignee_staff_id: e.target.value ? Number(e.target.value) : null })}
            >
              <option value="">Nobody</option>
              {(people.data ?? []).map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        </div>
        <ErrorLine error={update.error} />
        <ol aria-label="Notes and replies" className="flex flex-col gap-2">
          {f.entries.map((e) => (
            <li key={e.id} className={`rounded border p-2 ${e.kind === 'reply' ? 'border-emerald-300 bg-emerald-50' : 'border-amber-300 bg-amber-50'}`}>
              <p className="text-xs text-slate-600">
                {e.kind === 'reply' ? `Reply mailed to ${e.mailed_to}` : 'Internal note'} · {e.staff_name} · {formatKarachiDateTime(e.created_at)}
              </p>
              <p className="whitespace-pre-wrap">{e.body}</p>
            </li>
          ))}
        </ol>
        <form
          aria-label="Internal note"
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            addNote.mutate();
          }}
        >
          <label className="flex flex-col gap-1 font-medium">
            Internal note (never shown to the customer)
            <textarea className={`${field} h-16`} value={note} maxLength={5000} onChange={(e) => setNote(e.target.value)} />
          </label>
          <button type="submit" className={`${btn.secondary} self-start`} disabled={addNote.isPending}>
            Add note
          </button>
          <ErrorLine error={addNote.error} />
        </form>
        <form
          aria-label="Reply by mail"
          className="flex flex-col gap-1"
          onSubmit={(e) => {
            e.preventDefault();
            sendReply.mutate();
          }}
        >
          <label className="flex flex-col gap-1 font-medium">
            Reply to {f.email}
            <textarea className={`${field} h-24`} value={replyText} maxLength={5000} onChange={(e) => setReplyText(e.target.value)} />
          </label>
          <button type="submit" className={`${btn.primary} self-start`} disabled={sendReply.isPending}>
            Send reply
          </button>
          <ErrorLine error={sendReply.error} />
        </form>
      </div>
    </Panel>
  );
}
