import type { QueueFilters } from '@shop/domain/order-desk';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { deskApi } from './desk-client.ts';
import { btn, ErrorLine, field } from './desk-ui.tsx';

/** The person's own saved views of the queue: apply one, save the current filters, delete. */
export function SavedViews({ filters, onApply }: { filters: QueueFilters; onApply: (filters: QueueFilters) => void }) {
  const client = useQueryClient();
  const views = useQuery({ queryKey: ['staff', 'views'], queryFn: deskApi.views });
  const [name, setName] = useState('');
  const refresh = () => client.invalidateQueries({ queryKey: ['staff', 'views'] });
  const save = useMutation({ mutationFn: () => deskApi.saveView(name.trim(), filters), onSuccess: () => {
      setName('');
      void refresh();
    },
  });
  const remove = useMutation({ mutationFn: deskApi.deleteView, onSuccess: refresh });

  return (
    <section aria-label="Saved views" className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-600">Saved views:</span>
      {(views.data ?? []).length === 0 ? <span className="text-slate-500">none yet</span> : null}
      {(views.data ?? []).map((v) => (
        <span key={v.id} className="inline-flex items-center rounded-full border border-slate-300 bg-white">
          <button type="button" className="rounded-l-full px-2 py-0.5 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-sky-600" onClick={() => onApply(v.filters)}>
            {v.name}
          </button>
          <button
            type="button"
            aria-label={`Delete view ${v.name}`}
            className="rounded-r-full px-1.5 py-0.5 text-slate-500 hover:bg-rose-50 hover:text-rose-800 focus-visible:outline-2 focus-visible:outline-sky-600"
            onClick={() => remove.mutate(v.id)}
          >
            ×
          </button>
        </span>
      ))}
      <form
        className="ml-auto flex items-center gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim()) save.mutate();
        }}
      >
        <label htmlFor="view-name" className="sr-only">
          View name
        </label>
        <input id="view-name" className={`${field} w-44`} placeholder="Name these filters" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} />
        <button type="submit" className={btn.secondary} disabled={!name.trim() || save.isPending}>
          Save view
        </button>
      </form>
      <ErrorLine error={save.error ?? remove.error ?? views.error} />
    </section>
  );
}
