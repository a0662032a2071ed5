import type { AuditEntry, StaffAccount } from '@shop/domain/staff';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { staffApi, staffUrl } from '../staff-api.ts';
import { ErrorText, Field, PrimaryButton, SecondaryButton } from '../ui.tsx';
import { DataTable, type staffTableFeatures } from './data-table.tsx';

const helper = createColumnHelper<typeof staffTableFeatures, AuditEntry>();

const compact = (value: unknown) => (value == null ? '—' : JSON.stringify(value));

const columns = helper.columns([
  helper.accessor('at', { header: 'When', cell: (c) => <span className="whitespace-nowrap">{new Date(c.getValue()).toLocaleString('en-PK', { dateStyle: 'medium', timeStyle: 'medium' })}</span> }),
  helper.accessor('staffEmail', { header: 'Who', cell: (c) => c.getValue() ?? 'Command line' }),
  helper.accessor('ip', { header: 'Address', cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span> }),
  helper.accessor('action', { header: 'Action', cell: (c) => <span className="font-mono text-xs">{c.getValue()}</span> }),
  helper.display({ id: 'record', header: 'Record', cell: (c) => `${c.row.original.entity} #${c.row.original.entityId}` }),
  helper.display({
    id: 'change',
    header: 'Before → after',
    cell: (c) => (
      <div className="max-w-[48rem] space-y-1 font-mono text-xs">
        <p className="break-all text-slate-500">{compact(c.row.original.before)}</p>
        <p className="break-all">{compact(c.row.original.after)}</p>
      </div>
    ),
  }),
]);

type Filters = { staffId: string; entity: string; entityId: string; action: string; from: string; to: string };
const NO_FILTERS: Filters = { staffId: '', entity: '', entityId: '', action: '', from: '', to: '' };

/** Admin: the audit log, newest first, filtered by person, record, action and date; CSV export of the same. */
export function AuditLogPage() {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [entries, setEntries] = useState<AuditEntry[] | null>(null);
  const [nextBefore, setNextBefore] = useState<number | null>(null);
  const [people, setPeople] = useState<StaffAccount[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const fetchPage = useCallback(async (f: Filters, before: number | null) => {
    setBusy(true);
    setError(null);
    try {
      const page = await staffApi<{ entries: AuditEntry[]; nextBefore: number | null }>('/api/staff/audit', { query: { ...f, before, limit: 50 } });
      setEntries((current) => (before && current ? [...current, ...page.entries] : page.entries));
      setNextBefore(page.nextBefore);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }, []);

  useEffect(() => {
    fetchPage(filters, null);
  }, [filters, fetchPage]);
  useEffect(() => {
    staffApi<StaffAccount[]>('/api/staff/accounts').then(setPeople).catch(() => setPeople([]));
  }, []);

  const set = (key: keyof Filters) => (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [key]: e.target.value }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({ ...draft });
  };

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between">
        <h1 className="text-2xl font-semibold">Audit log</h1>
        <a className="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50" href={staffUrl('/api/staff/audit/export', filters)} download>
          Export CSV
        </a>
      </div>
      <form onSubmit={apply} className="grid grid-cols-6 items-end gap-3 rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200 2xl:grid-cols-8">
        <div>
          <label htmlFor="audit-person" className="block text-sm font-medium text-slate-700">Person</label>
          <select id="audit-person" value={draft.staffId} onChange={set('staffId')} className="mt-1 block w-full rounded-md border border-slate-300 px-2 py-2 text-sm">
            <option value="">Everyone</option>
            {people.map((p) => <option key={p.id} value={p.id}>{p.name} ({p.email})</option>)}
          </select>
        </div>
        <Field label="Record type" placeholder="staff, order…" value={draft.entity} onChange={set('entity')} />
        <Field label="Record id" value={draft.entityId} onChange={set('entityId')} />
        <Field label="Action" placeholder="staff.create" value={draft.action} onChange={set('action')} />
        <Field label="From" type="date" value={draft.from} onChange={set('from')} />
        <Field label="To" type="date" value={draft.to} onChange={set('to')} />
        <div className="col-span-6 flex gap-2 2xl:col-span-2">
          <PrimaryButton type="submit">Apply filters</PrimaryButton>
          <SecondaryButton type="button" onClick={() => { setDraft(NO_FILTERS); setFilters(NO_FILTERS); }}>Clear</SecondaryButton>
        </div>
      </form>
      {error && <ErrorText>{error}</ErrorText>}
      {entries ? <DataTable columns={columns} data={entries} label="Audit entries" empty="No entries match these filters." /> : <p className="text-slate-500">Loading…</p>}
      {nextBefore != null && (
        <SecondaryButton type="button" disabled={busy} onClick={() => fetchPage(filters, nextBefore)}>
          {busy ? 'Loading…' : 'Load older entries'}
        </SecondaryButton>
      )}
    </div>
  );
}
