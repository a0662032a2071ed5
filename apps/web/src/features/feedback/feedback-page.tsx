import { feedbackError, feedbackSuccess } from '@shop/domain/account-rules';
import { FEEDBACK_TYPES } from '@shop/domain/constants';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';

const inputClass = 'w-full rounded-md border-2 border-slate-300 bg-white px-3 py-2 text-base focus:outline-2 focus:outline-brand';

function Labelled({ label, children }: { label: string; children(id: string): ReactNode }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function FeedbackPage() {
  const { user, isGuest } = useSession();
  // SPEC 2: name and email prefilled from a signed-in user's data.
  const [name, setName] = useState(isGuest ? '' : (user?.name ?? ''));
  const [email, setEmail] = useState(isGuest ? '' : (user?.email ?? ''));
  const [phone, setPhone] = useState('');
  const [type, setType] = useState('');
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // SPEC 5: checks in order, stopping at the first, as an error toast (5000 ms, bottom right).
    const error = feedbackError({ name, email, mobile_no: phone, type });
    if (error) return notify.error(error);
    setBusy(true);
    try {
      await api('/api/public_route/app_feedback', { body: { mobile_no: phone.trim(), name: name.trim(), email: email.trim(), message, type, subject } });
      notify.success(feedbackSuccess(type));
      setPhone('');
      setType('');
      setSubject('');
      setMessage('');
    } catch {
      // SPEC 8: on failure the spinner stops and no message is displayed.
    } finally {
      setBusy(false);
    }
  }

  return (
    <main className="mx-auto w-full max-w-2xl px-4 py-6">
      <div className="rounded-xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="text-2xl font-bold text-brand">Feedback</h1>
        <p className="mt-1 text-slate-700">Tell us how we are doing. Fields marked * are required.</p>
        <form onSubmit={submit} noValidate className="mt-6 grid grid-cols-1 gap-4 sm:grid-cols-2">
          <Labelled label="Full Name*">{(id) => <input id={id} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} className={inputClass} />}</Labelled>
          <Labelled label="Contact Number">
            {(id) => <input id={id} type="tel" inputMode="tel" autoComplete="tel" value={phone} onChange={(e) => setPhone(e.target.value)} className={inputClass} />}
          </Labelled>
          <Labelled label="Email*">{(id) => <input id={id} type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} className={inputClass} />}</Labelled>
          <Labelled label="Type of Feedback">
            {(id) => (
              <select id={id} value={type} onChange={(e) => setType(e.target.value)} className={inputClass}>
                <option value="">Select Type of Feedback</option>
                {FEEDBACK_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {t}
                  </option>
                ))}
              </select>
            )}
          </Labelled>
          <div className="sm:col-span-2">
            <Labelled label="Subject (optional)">{(id) => <input id={id} value={subject} onChange={(e) => setSubject(e.target.value)} className={inputClass} />}</Labelled>
          </div>
          <div className="sm:col-span-2">
            <Labelled label="Message (optional)">
              {(id) => <textarea id={id} rows={5} value={message} onChange={(e) => setMessage(e.target.value)} className={inputClass} />}
            </Labelled>
          </div>
          <div className="sm:col-span-2">
            <button
              type="submit"
              disabled={busy}
              aria-busy={busy}
              className="inline-flex w-full cursor-pointer items-center justify-center gap-2 rounded-md bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-70 sm:w-auto"
            >
              {busy && <span aria-hidden="true" className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white" />}
              Submit
            </button>
          </div>
        </form>
      </div>
    </main>
  );
}
