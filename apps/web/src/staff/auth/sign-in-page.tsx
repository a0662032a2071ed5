import { zodResolver } from '@hookform/resolvers/zod';
import { EmailSchema } from '@shop/domain/auth';
import { SecondFactorCodeSchema, type StaffLoginResult, type StaffMe } from '@shop/domain/staff';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { setCsrfToken, staffApi } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';
import { AuthCard, ErrorText, Field, PrimaryButton } from '../ui.tsx';
import { EnrolPanel } from './enrol-panel.tsx';

const PasswordForm = z.object({ email: EmailSchema, password: z.string().min(1, 'Enter your password') });
const CodeForm = z.object({ code: SecondFactorCodeSchema });

/** Only paths of the back office are followed after sign-in. */
const safeNext = (next: string | null) => (next && /^\/staff(\/[\w\-/?=&%.]*)?$/.test(next) ? next : '/staff');

export function SignInPage() {
  const { me, notice, signedIn } = useStaffSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [step, setStep] = useState<'password' | 'totp' | 'enrol'>('password');
  const [error, setError] = useState<string | null>(null);
  const passwordForm = useForm<z.infer<typeof PasswordForm>>({ resolver: zodResolver(PasswordForm), defaultValues: { email: '', password: '' } });
  const codeForm = useForm<z.infer<typeof CodeForm>>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });
  const next = safeNext(params.get('next'));

  if (me) return <Navigate to={next} replace />;
  const finish = (m: StaffMe) => {
    signedIn(m);
    navigate(next, { replace: true });
  };

  return (
    <AuthCard>
      {step === 'password' && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={passwordForm.handleSubmit(async (values) => {
            setError(null);
            try {
              const result = await staffApi<StaffLoginResult>('/api/staff/auth/login', { body: values, quiet401: true });
              setCsrfToken(result.csrfToken);
              if (result.step === 'done') finish(result.me);
              else setStep(result.step);
            } catch (err) {
              setError((err as Error).message);
            }
          })}
        >
          <h1 className="text-xl font-semibold">Staff sign-in</h1>
          {(error || notice) && <ErrorText>{error ?? notice}</ErrorText>}
          <Field label="Email" type="email" autoComplete="username" error={passwordForm.formState.errors.email?.message} {...passwordForm.register('email')} />
          <Field label="Password" type="password" autoComplete="current-password" error={passwordForm.formState.errors.password?.message} {...passwordForm.register('password')} />
          <PrimaryButton type="submit" className="w-full" disabled={passwordForm.formState.isSubmitting}>Sign in</PrimaryButton>
        </form>
      )}
      {step === 'totp' && (
        <form
          noValidate
          className="space-y-4"
          onSubmit={codeForm.handleSubmit(async ({ code }) => {
            setError(null);
            try {
              const result = await staffApi<StaffLoginResult>('/api/staff/auth/second-factor', { body: { code }, quiet401: true });
              setCsrfToken(result.csrfToken);
              if (result.step === 'done') finish(result.me);
            } catch (err) {
              const e = err as Error & { status?: number };
              if (e.status === 401) {
                setStep('password');
                setError('The sign-in took too long. Please start again.');
              } else setError(e.message);
            }
          })}
        >
          <h1 className="text-xl font-semibold">Two-factor sign-in</h1>
          <p className="text-sm text-slate-600">Type the 6-digit code from your authenticator app, or one of your recovery codes.</p>
          {error && <ErrorText>{error}</ErrorText>}
          <Field label="Authentication code" inputMode="text" autoComplete="one-time-code" autoFocus error={codeForm.formState.errors.code?.message} {...codeForm.register('code')} />
          <PrimaryButton type="submit" className="w-full" disabled={codeForm.formState.isSubmitting}>Verify</PrimaryButton>
        </form>
      )}
      {step === 'enrol' && <EnrolPanel onDone={finish} />}
    </AuthCard>
  );
}
