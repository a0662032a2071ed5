import { changePasswordError } from '@shop/domain/account-rules';
import { passwordProblem } from '@shop/domain/password-policy';
import { type FormEvent, useId, useState } from 'react';
import { UsernameField } from '../../components/ui/username-field.tsx';
import { api, ApiError } from '../../lib/api.ts';

function PasswordInput({ label, value, onChange, border, autoComplete, onFocusChange }: { label: string; value: string; onChange(v: string): void; border?: string; autoComplete: string; onFocusChange?(f: boolean): void }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onFocus={() => onFocusChange?.(true)}
        onBlur={() => onFocusChange?.(false)}
        className={`w-full rounded-md border-2 bg-white px-3 py-2 text-base focus:outline-2 ${border ?? 'border-slate-300 focus:outline-brand'}`}
      />
    </div>
  );
}

/** SPEC 5/7: Change Password through the sign-in call, step ChangePassword. */
export function ChangePasswordForm({ email, businessName }: { email: string; businessName?: string }) {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [confirmFocused, setConfirmFocused] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    // SPEC 5's checks in their order, then the shared password rules (issue 14 point 5).
    const invalid = changePasswordError(current, next, confirm) ?? passwordProblem(next, { email, businessName });
    if (invalid) return setResult({ ok: false, text: invalid });
    setBusy(true);
    try {
      const { message } = await api<{ message: string }>('/api/auth/login', { body: { step: 'ChangePassword', email, password: current, newPassword: next } });
      setResult({ ok: true, text: message });
      setCurrent('');
      setNext('');
      setConfirm('');
    } catch (err) {
      // SPEC 8: the server's response message.
      setResult({ ok: false, text: err instanceof ApiError ? err.message : 'Something went wrong. Please try again.' });
    } finally {
      setBusy(false);
    }
  }

  // SPEC 5: the confirm border is red while focused and not matching.
  const confirmBorder = confirmFocused && confirm !== next ? 'border-red-600 focus:outline-red-600' : confirm && confirm === next ? 'border-green-600 focus:outline-green-600' : undefined;
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-labelledby="change-password-title">
      <h2 id="change-password-title" className="text-lg font-bold">
        Change Password
      </h2>
      <UsernameField email={email} />
      <PasswordInput label="Current Password" autoComplete="current-password" value={current} onChange={setCurrent} />
      <PasswordInput label="New Password" autoComplete="new-password" value={next} onChange={setNext} />
      <PasswordInput label="Confirm Password" autoComplete="new-password" value={confirm} onChange={setConfirm} border={confirmBorder} onFocusChange={setConfirmFocused} />
      <p role="alert" className={result && !result.ok ? 'rounded-md bg-red-50 px-3 py-2 text-sm font-medium text-red-800' : 'sr-only'}>
        {result && !result.ok ? result.text : ''}
      </p>
      {result?.ok && (
        <p role="status" className="rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {result.text}
        </p>
      )}
      <button type="submit" disabled={busy} aria-busy={busy} className="cursor-pointer self-start rounded-md bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-70">
        Change Password
      </button>
    </form>
  );
}
