import { zodResolver } from '@hookform/resolvers/zod';
import { PasswordSchema } from '@shop/domain/auth';
import type { StaffLoginResult, StaffMe } from '@shop/domain/staff';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { UsernameField } from '../../components/ui/username-field.tsx';
import { setCsrfToken, staffApi } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';
import { AuthCard, ErrorText, Field, PrimaryButton } from '../ui.tsx';
import { EnrolPanel } from './enrol-panel.tsx';

const SetupForm = z
  .object({ password: PasswordSchema, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { path: ['confirm'], message: 'The two passwords are not the same' });

/** The one-time link of a new person (or of a reset): choose a password, then the second factor if the roles require it. */
export function SetupPage() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const { signedIn } = useStaffSession();
  const [info, setInfo] = useState<{ email: string; name: string; totpRequired: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [enrol, setEnrol] = useState(false);
  const form = useForm<z.infer<typeof SetupForm>>({ resolver: zodResolver(SetupForm), defaultValues: { password: '', confirm: '' } });

  useEffect(() => {
    staffApi<{ email: string; name: string; totpRequired: boolean }>('/api/staff/auth/setup', { query: { token }, quiet401: true })
      .then(setInfo)
      .catch((err: Error) => setError(err.message));
  }, [token]);

  const finish = (me: StaffMe) => {
    signedIn(me);
    navigate('/staff', { replace: true });
  };

  return (
    <AuthCard>
      {enrol ? (
        <EnrolPanel onDone={finish} />
      ) : (
        <form
          noValidate
          className="space-y-4"
          onSubmit={form.handleSubmit(async ({ password }) => {
            setError(null);
            try {
              const result = await staffApi<StaffLoginResult>('/api/staff/auth/setup', { body: { token, password }, quiet401: true });
              setCsrfToken(result.csrfToken);
              if (result.step === 'done') finish(result.me);
              else if (result.step === 'enrol') setEnrol(true);
              else navigate('/staff/sign-in', { replace: true });
            } catch (err) {
              setError((err as Error).message);
            }
          })}
        >
          <h1 className="text-xl font-semibold">Choose your password</h1>
          {info && (
            <p className="text-sm text-slate-600">
              For <strong>{info.name}</strong> ({info.email}).{info.totpRequired ? ' Next you will set up two-factor sign-in with an authenticator app.' : ''}
            </p>
          )}
          {error && <ErrorText>{error}</ErrorText>}
          {info && (
            <>
              <UsernameField email={info.email} />
              <Field label="New password" type="password" autoComplete="new-password" error={form.formState.errors.password?.message} {...form.register('password')} />
              <Field label="Confirm password" type="password" autoComplete="new-password" error={form.formState.errors.confirm?.message} {...form.register('confirm')} />
              <PrimaryButton type="submit" className="w-full" disabled={form.formState.isSubmitting}>Save password</PrimaryButton>
            </>
          )}
        </form>
      )}
    </AuthCard>
  );
}
