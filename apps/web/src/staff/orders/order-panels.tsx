import { type DeskOrder, NOTE_MAX } from '@shop/domain/order-desk';
import { formatDeliveryDay } from '@shop/domain/policy-facts';
import { useState } from 'react';
import { karachiDateTime, rupees } from './desk-format.ts';
import { btn, ErrorLine, field, Panel } from './desk-ui.tsx';

function Facts({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="text-slate-500">{k}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}

export function BusinessPanel({ order }: { order: DeskOrder }) {
  const b = order.business;
  return (
    <Panel title="Business">
      <Facts
        rows={[
          ['Name', <strong key="n">{b.name}</strong>],
          ['City / area', [b.city, b.area].filter(Boolean).join(' · ') || '—'],
          ['Payment mode', b.payment_mode],
          ['Credit limit', rupees(b.credit_limit)],
          ['Payment days', String(b.payment_days)],
          ['Outstanding', <span key="o" data-testid="business-outstanding">{rupees(b.outstanding)}</span>],
        ]}
      />
    </Panel>
  );
}

export function OrdererPanel({ order }: { order: DeskOrder }) {
  const o = order.orderer;
  return (
    <Panel title="Orderer and delivery">
      <Facts
        rows={[
          ['Ordered by', `${o.name} (${o.type})`],
          ['Email', o.email],
          ['Mobile', o.mobile_no],
          ['Order limit', rupees(o.limit)],
          ['Address', order.address],
          ['Phone', order.contact_no],
          ['Order payment', order.payment_mode],
          ['Delivery day', order.requested_delivery_day ? `${formatDeliveryDay(order.requested_delivery_day)} (asked)` : 'Next delivery day'],
          ["Buyer's reference", order.order_reference ?? '—'],
          ['Run', order.run_id ? `#${order.run_id}` : 'Not on a run'],
        ]}
      />
    </Panel>
  );
}

export function HistoryPanel({ order }: { order: DeskOrder }) {
  return (
    <Panel title="History">
      {order.events.length === 0 ? <p className="text-sm text-slate-500">No events yet.</p> : null}
      <ol className="flex flex-col gap-1.5 text-sm">
        {order.events.map((e, i) => (
          <li key={`${e.at}-${i}`} className="border-l-2 border-slate-200 pl-2">
            <div className="text-xs text-slate-500">
              {karachiDateTime(e.at)} · {e.actor_name} ({e.actor})
            </div>
            <div>
              {e.action}
              {e.from_status && e.to_status ? ` ${e.from_status} → ${e.to_status}` : e.to_status ? ` → ${e.to_status}` : ''}
            </div>
            {e.reason ? <div className="text-slate-700">“{e.reason}”</div> : null}
          </li>
        ))}
      </ol>
    </Panel>
  );
}

export function NotesPanel({ order, canWrite, onAdd, error, busy }: { order: DeskOrder; canWrite: boolean; onAdd: (text: string) => Promise<unknown>; error: unknown; busy: boolean }) {
  const [text, setText] = useState('');
  return (
    <Panel title="Staff notes">
      <ul className="mb-2 flex flex-col gap-1.5 text-sm">
        {order.notes.map((n) => (
          <li key={n.id} className="rounded bg-amber-50 px-2 py-1">
            <div className="text-xs text-slate-500">
              {karachiDateTime(n.at)} · {n.staff_name}
            </div>
            <div className="whitespace-pre-wrap">{n.text}</div>
          </li>
        ))}
      </ul>
      {canWrite ? (
      <form
        className="flex flex-col gap-1"
        onSubmit={(e) => {
          e.preventDefault();
          if (text.trim()) void onAdd(text.trim()).then(() => setText(''), () => undefined);
        }}
      >
        <label htmlFor="note-text" className="text-xs text-slate-600">
          New note (staff only; the buyer never sees it)
        </label>
        <textarea id="note-text" className={field} rows={2} maxLength={NOTE_MAX} value={text} onChange={(e) => setText(e.target.value)} />
        <ErrorLine error={error} />
        <button type="submit" className={`${btn.secondary} self-start`} disabled={busy || !text.trim()}>
          Add note
        </button>
      </form>
      ) : null}
    </Panel>
  );
}
