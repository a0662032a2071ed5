import { zodResolver } from '@hookform/resolvers/zod';
import { CreateStaffInputSchema, STAFF_ROLES, type StaffAccount, type StaffRole } from '@shop/domain/staff';
import { createColumnHelper } from '@tanstack/react-table';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { staffApi } from '../staff-api.ts';
import { useStaffSession } from '../staff-session.tsx';
import { ErrorText, Field, PrimaryButton, SecondaryButton } from '../ui.tsx';
import { DataTable, type staffTableFeatures } from './data-table.tsx';

const helper = createColumnHelper<typeof staffTableFeatures, StaffAccount>();
type CreateForm = z.infer<typeof CreateStaffInputSchema>;
type Link = { account: StaffAccount; setupUrl: string; expiresAt: string };

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'short' }) : 'Never');

function RoleBoxes({ value, onChange, legend }: { value: StaffRole[]; onChange(v: StaffRole[]): void; legend: string }) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-700">{legend}</legend>
      <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
        {STAFF_ROLES.map((role) => (
          <label key={role} className="flex items-center gap-1.5 text-sm">
            <input type="checkbox" checked={value.includes(role)} onChange={(e) => onChange(e.target.checked ? [...value, role] : value.filter((r) => r !== role))} />
            {role}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Admin: every staff person, adding people with roles, changing roles, disabling, resetting the second factor. */
export function StaffAccountsPage() {
  const { me } = useStaffSession();
  const [accounts, setAccounts] = useState<StaffAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [link, setLink] = useState<Link | null>(null);
  const [editing, setEditing] = useState<{ id: number; roles: StaffRole[] } | null>(null);
  const form = useForm<CreateForm>({ resolver: zodResolver(CreateStaffInputSchema), defaultValues: { email: '', name: '', roles: ['Order desk'] } });

  const load = useCallback(() => {
    staffApi<StaffAccount[]>('/api/staff/accounts').then(setAccounts).catch((err: Error) => setError(err.message));
  }, []);
  useEffect(load, [load]);

  const act = useCallback(
    async (run: () => Promise<unknown>, confirmText?: string) => {
      if (confirmText && !window.confirm(confirmText)) return;
      setError(null);
      try {
        await run();
        load();
      } catch (err) {
        setError((err as Error).message);
      }
    },
    [load],
  );

  const columns = useMemo(
    () =>
      helper.columns([
        helper.accessor('name', { header: 'Name', cell: (c) => <span className="font-medium">{c.getValue()}</span> }),
        helper.accessor('email', { header: 'Email' }),
        helper.accessor('roles', {
          header: 'Roles',
          cell: (c) =>
            editing?.id === c.row.original.id ? (
              <div className="space-y-2">
                <RoleBoxes legend={`Roles of ${c.row.original.name}`} value={editing.roles} onChange={(roles) => setEditing({ id: c.row.original.id, roles })} />
                <div className="flex gap-2">
                  <PrimaryButton type="button" onClick={() => act(async () => { await staffApi(`/api/staff/accounts/${c.row.original.id}`, { method: 'PATCH', body: { roles: editing.roles } }); setEditing(null); })}>Save roles</PrimaryButton>
                  <SecondaryButton type="button" onClick={() => setEditing(null)}>Cancel</SecondaryButton>
                </div>
              </div>
            ) : (
              c.getValue().join(', ')
            ),
        }),
        helper.display({
          id: 'status',
          header: 'Status',
          cell: (c) => {
            const a = c.row.original;
            const status = a.disabled ? 'Disabled' : a.invited ? 'Invited' : 'Active';
            const tone = a.disabled ? 'bg-slate-200 text-slate-700' : a.invited ? 'bg-amber-100 text-amber-900' : 'bg-emerald-100 text-emerald-900';
            return (
              <span className="flex flex-col gap-1">
                <span className={`w-fit rounded px-2 py-0.5 text-xs font-semibold ${tone}`}>{status}</span>
                {a.locked && (
                  <span className="w-fit rounded bg-red-100 px-2 py-0.5 text-xs font-semibold text-red-900">
                    {a.locked === 'all' ? 'Locked on every browser' : 'Locked on new browsers'}
                  </span>
                )}
                <span className="text-xs text-slate-500">{a.totpEnabled ? 'Two-factor on' : 'Two-factor off'}</span>
                {a.failedSignIns > 0 && <span className="text-xs text-slate-500">{a.failedSignIns} failed sign-in {a.failedSignIns === 1 ? 'attempt' : 'attempts'} in a row</span>}
              </span>
            );
          },
        }),
        helper.accessor('lastSignInAt', { header: 'Last sign-in', cell: (c) => when(c.getValue()) }),
        helper.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const a = c.row.original;
            const self = a.id === me?.id;
            return (
              <div className="flex flex-wrap gap-2">
                <SecondaryButton type="button" onClick={() => setEditing({ id: a.id, roles: a.roles })}>Change roles</SecondaryButton>
                {a.disabled ? (
                  <SecondaryButton type="button" onClick={() => act(() => staffApi(`/api/staff/accounts/${a.id}/enable`, { method: 'POST' }))}>Enable</SecondaryButton>
                ) : (
                  !self && <SecondaryButton type="button" onClick={() => act(() => staffApi(`/api/staff/accounts/${a.id}/disable`, { method: 'POST' }), `Disable ${a.name}? They are signed out at once.`)}>Disable</SecondaryButton>
                )}
                {a.locked && (
                  <SecondaryButton type="button" onClick={() => act(() => staffApi(`/api/staff/accounts/${a.id}/unlock`, { method: 'POST' }), `Unlock ${a.name}? Make sure the failed attempts were theirs, or send them a new password link.`)}>Unlock</SecondaryButton>
                )}
                {a.totpEnabled && (
                  <SecondaryButton type="button" onClick={() => act(() => staffApi(`/api/staff/accounts/${a.id}/reset-second-factor`, { method: 'POST' }), `Reset two-factor sign-in of ${a.name}? They are signed out and set it up again at the next sign-in.`)}>Reset two-factor</SecondaryButton>
                )}
                {!a.disabled && (
                  <SecondaryButton type="button" onClick={() => act(async () => setLink(await staffApi<Link>(`/api/staff/accounts/${a.id}/setup-link`, { method: 'POST' })))}>Password link</SecondaryButton>
                )}
              </div>
            );
          },
        }),
      ]),
    [editing, me?.id, act],
  );

  const roles = form.watch('roles');
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-semibold">Staff accounts</h1>
      {error && <ErrorText>{error}</ErrorText>}
      {link && (
        <div role="status" className="rounded-lg border border-emerald-300 bg-emerald-50 p-4 text-sm">
          <p className="font-medium">One-time link for {link.account.email} (valid until {when(link.expiresAt)}). Give it to them in person or by a channel you trust:</p>
          <code className="mt-2 block select-all break-all rounded bg-white p-2 font-mono">{`${window.location.origin}${link.setupUrl}`}</code>
        </div>
      )}
      <section className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
        <h2 className="text-lg font-semibold">Add a staff person</h2>
        <form
          noValidate
          className="mt-3 grid grid-cols-[1fr_1fr_auto] items-start gap-4"
          onSubmit={form.handleSubmit((values) =>
            act(async () => {
              setLink(await staffApi<Link>('/api/staff/accounts', { body: values }));
              form.reset({ email: '', name: '', roles: ['Order desk'] });
            }),
          )}
        >
          <Field label="Full name" error={form.formState.errors.name?.message} {...form.register('name')} />
          <Field label="Work email" type="email" error={form.formState.errors.email?.message} {...form.register('email')} />
          <PrimaryButton type="submit" className="mt-6" disabled={form.formState.isSubmitting}>Add person</PrimaryButton>
          <div className="col-span-3">
            <RoleBoxes legend="Roles" value={roles} onChange={(v) => form.setValue('roles', v, { shouldValidate: true })} />
            {form.formState.errors.roles && <p className="mt-1 text-sm text-red-700">Roles {form.formState.errors.roles.message}</p>}
          </div>
        </form>
      </section>
      {accounts ? <DataTable columns={columns} data={accounts} label="Staff accounts" empty="No staff yet." /> : <p className="text-slate-500">Loading…</p>}
    </div>
  );
}
