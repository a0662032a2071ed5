import { formatKarachiDayTime } from '@shop/domain/karachi-time';
import type { Order } from '@shop/domain/orders';
import { CHANGE_REQUEST_KIND_LABEL, CHANGE_REQUEST_STATUS_LABEL, formatDeliveryDay } from '@shop/domain/policy-facts';

const ANSWER_STYLE = { open: 'bg-amber-50 text-amber-950', accepted: 'bg-emerald-50 text-emerald-950', declined: 'bg-red-50 text-red-950' } as const;

/** Issue 36: the buyer's reference, the delivery day asked for, and their requests with the desk's answers. */
export function OrderFacts({ order }: { order: Order }) {
  const facts = [
    order.order_reference ? ['Your reference', order.order_reference] : null,
    order.requested_delivery_day ? ['Delivery day asked', formatDeliveryDay(order.requested_delivery_day)] : null,
  ].filter((f): f is [string, string] => f !== null);
  if (facts.length === 0 && order.change_requests.length === 0) return null;
  return (
    <div className="mt-2 space-y-2 text-sm">
      {facts.length > 0 ? (
        <dl className="flex flex-wrap gap-x-4 gap-y-1">
          {facts.map(([k, v]) => (
            <div key={k} className="flex gap-1">
              <dt className="text-slate-600">{k}:</dt>
              <dd className="font-medium">{v}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {order.change_requests.length > 0 ? (
        <ul className="space-y-1" aria-label={`Requests about ${order.order_number}`}>
          {order.change_requests.map((r) => (
            <li key={r.id} className={`rounded px-3 py-2 ${ANSWER_STYLE[r.status]}`}>
              <p>
                <span className="font-semibold">{CHANGE_REQUEST_KIND_LABEL[r.kind]} request</span> ({formatKarachiDayTime(r.requested_on)}): “{r.reason}”
              </p>
              <p>
                <span className="font-semibold">{CHANGE_REQUEST_STATUS_LABEL[r.status]}</span>
                {r.answer_note ? `: ${r.answer_note}` : r.status === 'open' ? '.' : ''}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
