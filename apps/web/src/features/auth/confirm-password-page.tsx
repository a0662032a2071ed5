import { isValidPassword, newPasswordError } from '@shop/domain/account-rules';
import { passwordProblem } from '@shop/domain/password-policy';
import { type FormEvent, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { UsernameField } from '../../components/ui/username-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { resetPassword } from './auth-api.ts';
import { AuthCard, Field, FormError, SubmitButton } from './field.tsx';

export function ConfirmPasswordPage() {
  const navigate = useNavigate();
  const state = useLocation().state as { email?: string; code?: string } | null;
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!state?.email || !state.code) return <Navigate to="/reset-password" replace />;
  const { email, code } = state;

  async function submit(e: FormEvent) {
    e.preventDefault();
    // SPEC 5's checks first, then the shared password rules (issue 14 point 5); the server also checks
    // the list of common passwords and the business name, and its message is shown as it comes.
    const invalid = newPasswordError(password, confirm) ?? passwordProblem(password, { email });
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      const { message } = await resetPassword(email, code, password);
      navigate('/sign-in', { replace: true, state: { message } });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Reset Password" subtitle="Choose a new password of at least 8 characters.">
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <UsernameField email={email} />
        <Field label="New Password" type="password" autoComplete="new-password" value={password} onChange={setPassword} valid={isValidPassword(password)} />
        <Field
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={confirm}
          onChange={setConfirm}
          valid={isValidPassword(confirm) && confirm === password}
        />
        <FormError message={error} />
        <SubmitButton busy={busy}>Reset Password</SubmitButton>
      </form>
    </AuthCard>
  );
}
