import { zodResolver } from '@hookform/resolvers/zod';
import { type StaffMe, TotpCodeSchema } from '@shop/domain/staff';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { staffApi } from '../staff-api.ts';
import { ErrorText, Field, PrimaryButton } from '../ui.tsx';

const CodeForm = z.object({ code: TotpCodeSchema });
type Enrolment = { secret: string; otpauthUrl: string; qrSvg: string };

/** Sets up the second factor: QR code (and the secret to type), one code to confirm, ten recovery codes. */
export function EnrolPanel({ onDone }: { onDone(me: StaffMe): void }) {
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<{ codes: string[]; me: StaffMe } | null>(null);
  const form = useForm<z.infer<typeof CodeForm>>({ resolver: zodResolver(CodeForm), defaultValues: { code: '' } });

  useEffect(() => {
    staffApi<Enrolment>('/api/staff/auth/totp/start', { method: 'POST' })
      .then(setEnrolment)
      .catch((err: Error) => setError(err.message));
  }, []);

  if (done) {
    return (
      <div>
        <h2 className="text-lg font-semibold">Save your recovery codes</h2>
        <p className="mt-1 text-sm text-slate-600">Each code signs you in once if you lose your phone. Print them or keep them somewhere safe: they are not shown again.</p>
        <ol aria-label="Recovery codes" className="mt-4 grid grid-cols-2 gap-2 rounded-md bg-slate-50 p-4 font-mono text-base">
          {done.codes.map((c) => <li key={c}>{c}</li>)}
        </ol>
        <PrimaryButton type="button" className="mt-6" onClick={() => onDone(done.me)}>I have saved my recovery codes</PrimaryButton>
      </div>
    );
  }

  return (
    <div>
      <h2 className="text-lg font-semibold">Set up two-factor sign-in</h2>
      <p className="mt-1 text-sm text-slate-600">Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, Authy), then type the 6-digit code it shows.</p>
      {error && <ErrorText>{error}</ErrorText>}
      {enrolment ? (
        <>
          <img className="mx-auto my-4 h-48 w-48" alt="QR code for your authenticator app" src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`} />
          <p className="text-center text-xs text-slate-600">Cannot scan? Type this key: <code className="select-all break-all font-mono text-sm">{enrolment.secret}</code></p>
          <form
            className="mt-4 space-y-4"
            onSubmit={form.handleSubmit(async ({ code }) => {
              setError(null);
              try {
                const result = await staffApi<{ recoveryCodes: string[]; me: StaffMe }>('/api/staff/auth/totp/confirm', { body: { code } });
                setDone({ codes: result.recoveryCodes, me: result.me });
              } catch (err) {
                setError((err as Error).message);
              }
            })}
          >
            <Field label="Code from the app" error={form.formState.errors.code?.message} inputMode="numeric" autoComplete="one-time-code" {...form.register('code')} />
            <PrimaryButton type="submit" disabled={form.formState.isSubmitting}>Turn on two-factor sign-in</PrimaryButton>
          </form>
        </>
      ) : (
        !error && <p className="my-8 text-center text-slate-500">Preparing your QR code…</p>
      )}
    </div>
  );
}
