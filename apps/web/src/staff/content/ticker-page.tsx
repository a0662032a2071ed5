import type { StaffTicker } from '@shop/domain/content';
import { formatKarachiDateTime } from '@shop/domain/karachi-time';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { staffApi } from '../staff-api.ts';
import { useCityNames } from '../../lib/city.ts';

/** Issue 19: the closing-soon ticker per city (in order, with times) and the help number (role Catalogue). */
export function TickerPage() {
  const client = useQueryClient();
  const list = useQuery({ queryKey: ['staff', 'ticker'], queryFn: () => staffApi<StaffTicker[]>('/api/staff/content/ticker') });
  const end = useMutation({
    mutationFn: (id: number) => staffApi<StaffTicker>(`/api/staff/content/ticker/${id}/end`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'ticker'] }),
  });
  const [v, setV] = useState({ text: '', city: '', sort_order: '1', starts_at: '', ends_at: '' });
  const cityNames = useCityNames();
  const set = (k: keyof typeof v) => (e: { target: { value: string } }) => setV((o) => ({ ...o, [k]: e.target.value }));
  const add = useMutation({
    mutationFn: () =>
      staffApi<StaffTicker>('/api/staff/content/ticker', {
        body: { text: v.text, city: v.city || null, sort_order: Number(v.sort_order) || 0, starts_at: v.starts_at || null, ends_at: v.ends_at || null },
      }),
    onSuccess: () => {
      setV((o) => ({ ...o, text: '' }));
      return client.invalidateQueries({ queryKey: ['staff', 'ticker'] });
    },
  });
  const now = Date.now();
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Ticker and help number</h1>
      <ErrorLine error={list.error ?? end.error} />
      <div className="overflow-x-auto rounded border border-slate-200 bg-white">
        <table className="w-full border-collapse text-sm" aria-label="Ticker messages">
          <thead className="bg-slate-100 text-left text-xs uppercase tracking-wide text-slate-600">
            <tr>
              <th scope="col" className="px-2 py-2">Message</th>
              <th scope="col" className="px-2 py-2">City</th>
              <th scope="col" className="px-2 py-2 text-right">Order</th>
              <th scope="col" className="px-2 py-2">From</th>
              <th scope="col" className="px-2 py-2">Until</th>
              <th scope="col" className="px-2 py-2"><span className="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            {(list.data ?? []).map((m) => {
              const ended = m.ends_at != null && Date.parse(m.ends_at) <= now;
              return (
                <tr key={m.id} className={`border-t border-slate-100 ${ended ? 'text-slate-400' : ''}`}>
                  <td className="px-2 py-1.5">{m.text}</td>
                  <td className="px-2 py-1.5">{m.city ?? 'Every city'}</td>
                  <td className="px-2 py-1.5 text-right tabular-nums">{m.sort_order}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap">{m.starts_at ? formatKarachiDateTime(m.starts_at) : '—'}</td>
                  <td className="px-2 py-1.5 whitespace-nowrap">{m.ends_at ? formatKarachiDateTime(m.ends_at) : '—'}</td>
                  <td className="px-2 py-1.5 text-right">
                    {ended ? null : (
                      <button type="button" className={btn.secondary} aria-label={`End message: ${m.text}`} disabled={end.isPending} onClick={() => end.mutate(m.id)}>
                        End now
                      </button>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {list.isSuccess && list.data.length === 0 ? <p className="p-4 text-sm text-slate-500">No messages: the storefront's notice bar says only what is true of the shop (that it is being set up, or that prices are guide prices).</p> : null}
      </div>
      <Panel title="Add a ticker message">
        <form
          aria-label="Add a ticker message"
          noValidate
          className="flex flex-wrap items-end gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            add.mutate();
          }}
        >
          <label className="flex flex-col gap-1 text-sm font-medium">
            Message
            <input className={`${field} w-96`} value={v.text} maxLength={300} onChange={set('text')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            City
            <select className={field} value={v.city} onChange={set('city')}>
              <option value="">Every city</option>
              {cityNames.map((c) => (
                <option key={c}>{c}</option>
              ))}
            </select>
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Order
            <input className={`${field} w-20`} inputMode="numeric" value={v.sort_order} onChange={set('sort_order')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Shows from (Pakistan time)
            <input type="datetime-local" className={field} value={v.starts_at} onChange={set('starts_at')} />
          </label>
          <label className="flex flex-col gap-1 text-sm font-medium">
            Shows until
            <input type="datetime-local" className={field} value={v.ends_at} onChange={set('ends_at')} />
          </label>
          <button type="submit" className={btn.primary} disabled={add.isPending}>
            Add message
          </button>
          <div className="w-full">
            <ErrorLine error={add.error} />
          </div>
        </form>
      </Panel>
      <HelpNumberForm />
    </div>
  );
}

function HelpNumberForm() {
  const [value, setValue] = useState('');
  const save = useMutation({ mutationFn: () => staffApi<{ help_no: string }>('/api/staff/content/help-number', { method: 'PUT', body: { help_no: value } }) });
  return (
    <Panel title="Help number">
      <form
        aria-label="Help number"
        noValidate
        className="flex flex-wrap items-end gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <label className="flex flex-col gap-1 text-sm font-medium">
          Help number (the chat widget of users without their own)
          <input className={`${field} w-64`} value={value} maxLength={20} placeholder="+92 300 1234567" onChange={(e) => setValue(e.target.value)} />
        </label>
        <button type="submit" className={btn.primary} disabled={save.isPending}>
          Save help number
        </button>
        <div className="w-full">
          <ErrorLine error={save.error} />
          {save.isSuccess ? (
            <p role="status" className="text-sm text-emerald-800">
              Saved: {save.data.help_no}
            </p>
          ) : null}
        </div>
      </form>
    </Panel>
  );
}
