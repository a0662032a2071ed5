import { resetCodeError } from '@shop/domain/account-rules';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { checkCode, requestCode } from './auth-api.ts';
import { AuthCard, Field, FormError, SubmitButton } from './field.tsx';

export function OtpPage() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  // The welcome mail links here with ?email=; the reset flow brings it in state.
  const email = (useLocation().state as { email?: string } | null)?.email ?? params.get('email') ?? '';
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!email) return <Navigate to="/reset-password" replace />;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setNotice(null);
    const invalid = resetCodeError(code);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await checkCode(email, code);
      navigate('/confirm-password', { state: { email, code } });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  async function resend() {
    setError(null);
    setNotice(null);
    try {
      await requestCode(email);
      setNotice('A new code has been sent to your email.');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <AuthCard title="Verification Code" subtitle={<>Enter the 6-digit code sent to <strong className="break-all">{email}</strong>.</>}>
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field
          label="Code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(v) => setCode(v.replace(/\D/g, '').slice(0, 6))}
          valid={resetCodeError(code) === null}
        />
        <FormError message={error} />
        {notice && <p role="status" className="text-sm font-medium text-green-800">{notice}</p>}
        <SubmitButton busy={busy}>Submit</SubmitButton>
      </form>
      <button type="button" onClick={() => void resend()} className="mt-4 w-full cursor-pointer text-center text-sm font-semibold text-brand underline-offset-2 hover:underline">
        Resend OTP
      </button>
    </AuthCard>
  );
}
