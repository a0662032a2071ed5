import { GO_LIVE_INFO, type GoLive, type GoLiveItem } from '@shop/domain/go-live';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { staffApi } from '../staff-api.ts';

/**
 * Issue 35: the Admin's first-run checklist, ticked by the server from the database (and the mail
 * configuration). Each item says whose screen fixes it: Admin does not imply the other roles.
 */
export function GoLiveChecklist() {
  const list = useQuery({ queryKey: ['staff', 'go-live'], queryFn: () => staffApi<GoLive>('/api/staff/go-live'), refetchInterval: 60_000 });
  const d = list.data;
  if (!d) return list.isError ? <p role="alert" className="mt-6 text-sm text-red-800">The go-live checklist could not be read.</p> : null;
  const left = d.items.filter((i) => !i.done && !GO_LIVE_INFO[i.key].optional).length;
  return (
    <section aria-labelledby="go-live-title" className="mt-6 rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
      <h2 id="go-live-title" className="text-lg font-semibold text-slate-900">Go live checklist</h2>
      <p className="mt-1 text-sm text-slate-600">
        {d.ready ? 'Everything buyers need is in place: they can register and order.' : `${left} of ${d.items.filter((i) => !GO_LIVE_INFO[i.key].optional).length} still to do before buyers can register and order.`}
      </p>
      <ul className="mt-4 grid grid-cols-2 gap-x-6 gap-y-3 2xl:grid-cols-4">
        {d.items.map((item) => (
          <ChecklistItem key={item.key} item={item} />
        ))}
      </ul>
    </section>
  );
}

function ChecklistItem({ item }: { item: GoLiveItem }) {
  const info = GO_LIVE_INFO[item.key];
  return (
    <li aria-label={`${info.title}: ${item.done ? 'done' : 'to do'}`} className="flex gap-3">
      <span aria-hidden="true" className={`mt-0.5 grid size-6 shrink-0 place-items-center rounded-full text-sm font-bold ${item.done ? 'bg-emerald-600 text-white' : 'border-2 border-slate-300 text-transparent'}`}>
        ✓
      </span>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {info.title}
          {info.optional ? <span className="ms-1 text-xs font-normal text-slate-500">(optional)</span> : null}
        </p>
        <p className="text-sm text-slate-600">{item.detail}</p>
        {!item.done ? <p className="text-sm text-slate-500">{info.why}</p> : null}
        <p className="mt-0.5 text-sm">
          <span className="text-slate-500">{info.by === 'Operator' ? 'Server configuration (docs/operations.md)' : `${info.by} role`}</span>
          {info.links.map((l) => (
            <Link key={l.path} to={l.path} className="ms-2 font-medium text-brand underline">
              {l.label}
            </Link>
          ))}
        </p>
      </div>
    </li>
  );
}
