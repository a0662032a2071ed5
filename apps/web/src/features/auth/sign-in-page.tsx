import { isValidEmail } from '@shop/domain/account';
import { isValidPassword, signInError } from '@shop/domain/account-rules';
import { Eye, EyeOff } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { login } from './auth-api.ts';
import { AuthCard, Field, FormError, SubmitButton } from './field.tsx';

export function SignInPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { message?: string } | null)?.message ?? null;
  const { signIn } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    const invalid = signInError(email, password);
    setError(invalid);
    if (invalid) return;
    setBusy(true);
    try {
      signIn(await login(email, password));
      navigate('/home');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Sign in failed. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Sign In" subtitle="Welcome back! Sign in to order for your business.">
      {notice && (
        <p role="status" className="mb-4 rounded-md bg-green-50 px-3 py-2 text-sm font-medium text-green-800">
          {notice}
        </p>
      )}
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <Field label="Email" type="email" autoComplete="email" value={email} onChange={setEmail} valid={isValidEmail(email)} />
        <Field
          label="Password"
          type={shown ? 'text' : 'password'}
          autoComplete="current-password"
          value={password}
          onChange={setPassword}
          valid={isValidPassword(password)}
          end={
            <button
              type="button"
              onClick={() => setShown((s) => !s)}
              aria-label={shown ? 'Hide password' : 'Show password'}
              aria-pressed={shown}
              className="cursor-pointer rounded p-2 text-slate-600 hover:text-slate-900"
            >
              {shown ? <EyeOff aria-hidden="true" className="h-5 w-5" /> : <Eye aria-hidden="true" className="h-5 w-5" />}
            </button>
          }
        />
        <div className="text-right">
          <Link to="/reset-password" className="text-sm font-medium text-brand underline-offset-2 hover:underline">
            Forgot Password?
          </Link>
        </div>
        <FormError message={error} />
        <SubmitButton busy={busy}>Sign In</SubmitButton>
      </form>
      <p className="mt-5 text-center text-sm text-slate-700">
        Don't have an account?{' '}
        <Link to="/sign-up" className="font-semibold text-brand underline-offset-2 hover:underline">
          Create Account
        </Link>
      </p>
      <button
        type="button"
        onClick={() => navigate('/sign-up', { state: { guestEntry: true } })}
        className="mt-4 w-full cursor-pointer rounded-md border-2 border-brand px-4 py-2 font-semibold text-brand hover:bg-brand/5"
      >
        View Assortment as a Guest
      </button>
    </AuthCard>
  );
}
