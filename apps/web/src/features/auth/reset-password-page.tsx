import { isValidEmail } from '@shop/domain/account';
import { forgotPasswordError } from '@shop/domain/account-rules';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { requestCode } from './auth-api.ts';
import { AuthCard, Field, FormError, SubmitButton } from './field.tsx';

export function ResetPasswordPage() {
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = forgotPasswordError(email);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      await requestCode(email);
      navigate('/otp', { state: { email: email.trim() } });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Forgot Password" subtitle="Enter the email of your account and we will send you a 6-digit code.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} valid={isValidEmail(email)} />
        <FormError message={error} />
        <SubmitButton busy={busy}>Send</SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm">
        <Link to="/sign-in" className="font-semibold text-brand underline-offset-2 hover:underline">
          Back to Sign In
        </Link>
      </p>
    </AuthCard>
  );
}
