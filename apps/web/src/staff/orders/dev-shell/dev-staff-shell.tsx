// TEMPORARY (issue 16, branch desk-web): a bare staff entry so the order desk can be used and tested
// before the real staff shell (branch staff-base) is merged. The integrator replaces this folder.
import { QueryClient, QueryClientProvider, useQuery, useQueryClient } from '@tanstack/react-query';
import { STAFF_CSRF_HEADER, type StaffLoginResult } from '@shop/domain/staff';
import { type FormEvent, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { DeskError, getMe, resetDeskSession } from '../desk-client.ts';
import { deskPaths } from '../desk-paths.ts';
import { btn, ErrorLine, field } from '../desk-ui.tsx';

const client = new QueryClient({ defaultOptions: { queries: { staleTime: 15_000, refetchOnWindowFocus: false, retry: (n, e) => !(e instanceof DeskError && e.status < 500) && n < 2 } } });

export function DevStaffShell() {
  return (
    <QueryClientProvider client={client}>
      <Gate />
    </QueryClientProvider>
  );
}

function Gate() {
  const me = useQuery({ queryKey: ['staff', 'me'], queryFn: getMe, retry: false, staleTime: Number.POSITIVE_INFINITY });
  if (me.isPending) return <p className="p-6">Loading…</p>;
  if (!me.data) return <SignIn />;
  return (
    <div className="min-h-screen bg-slate-50">
      <header className="flex items-center gap-4 bg-slate-900 px-4 py-2 text-sm text-white print:hidden">
        <strong>Back office</strong>
        <Link className="underline-offset-2 hover:underline" to={deskPaths.queue}>
          Orders
        </Link>
        <Link className="underline-offset-2 hover:underline" to={deskPaths.runs}>
          Delivery runs
        </Link>
        <span className="ml-auto">
          {me.data.name} · {me.data.roles.join(', ')}
        </span>
      </header>
      <main>
        <Outlet />
      </main>
    </div>
  );
}

async function post(path: string, body: unknown, csrf?: string): Promise<StaffLoginResult> {
  const res = await fetch(path, {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'application/json', ...(csrf ? { [STAFF_CSRF_HEADER]: csrf } : {}) },
    body: JSON.stringify(body),
  });
  const payload = (await res.json().catch(() => null)) as { data?: StaffLoginResult; error?: string } | null;
  if (!res.ok || !payload?.data) throw new Error(payload?.error ?? `Sign-in failed (${res.status})`);
  return payload.data;
}

function SignIn() {
  const queryClient = useQueryClient();
  const [step, setStep] = useState<{ csrf: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const finish = (result: StaffLoginResult) => {
    if (result.step === 'done') {
      resetDeskSession(result.csrfToken);
      queryClient.setQueryData(['staff', 'me'], result.me);
    } else if (result.step === 'totp') setStep({ csrf: result.csrfToken });
    else setError(new Error('Set up the second factor first (the staff shell does this).'));
  };
  const submit = (run: (form: FormData) => Promise<StaffLoginResult>) => async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      finish(await run(new FormData(e.currentTarget)));
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="mx-auto mt-16 max-w-sm rounded border border-slate-200 bg-white p-6">
      <h1 className="mb-4 text-xl font-semibold">Staff sign-in</h1>
      {step ? (
        <form className="flex flex-col gap-3" onSubmit={submit((f) => post('/api/staff/auth/second-factor', { code: String(f.get('code')) }, step.csrf))}>
          <label className="flex flex-col gap-1 text-sm">
            Code from your authenticator app
            <input name="code" className={field} inputMode="numeric" autoComplete="one-time-code" required maxLength={11} />
          </label>
          <button type="submit" className={btn.primary} disabled={busy}>
            Verify
          </button>
          <ErrorLine error={error} />
        </form>
      ) : (
        <form className="flex flex-col gap-3" onSubmit={submit((f) => post('/api/staff/auth/login', { email: String(f.get('email')), password: String(f.get('password')) }))}>
          <label className="flex flex-col gap-1 text-sm">
            Email
            <input name="email" type="email" className={field} autoComplete="username" required />
          </label>
          <label className="flex flex-col gap-1 text-sm">
            Password
            <input name="password" type="password" className={field} autoComplete="current-password" required />
          </label>
          <button type="submit" className={btn.primary} disabled={busy}>
            Sign in
          </button>
          <ErrorLine error={error} />
        </form>
      )}
    </main>
  );
}
