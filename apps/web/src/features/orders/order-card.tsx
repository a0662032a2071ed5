import { helpDigits } from '@shop/domain/account';
import { formatRupees } from '@shop/domain/money';
import { trackStepOf } from '@shop/domain/order-desk';
import { canTrack, orderDate } from '@shop/domain/order-rules';
import type { Order } from '@shop/domain/orders';
import { useState } from 'react';
import { OrderLines } from '../../components/ui/order-lines.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { OrderFacts } from './order-facts.tsx';
import { ReorderDialog } from './reorder-dialog.tsx';
import { SaveListDialog } from './save-list-dialog.tsx';
import { TrackOrderDialog } from './track-order-dialog.tsx';

const DEFAULT_HELP_NO = '923000000000';
const STATUS_STYLE: Record<string, string> = {
  'In Process': 'bg-blue-100 text-blue-900',
  Arrange: 'bg-indigo-100 text-indigo-900',
  Shipping: 'bg-violet-100 text-violet-900',
  Pending: 'bg-amber-100 text-amber-900',
  Delivered: 'bg-green-100 text-green-900',
  Rejected: 'bg-red-100 text-red-900',
};

/**
 * One order of Order History: number, date part of created_on, status, lines; Track Order while the
 * order is on its way (opening at its real step) and Cancel when In Process; a rejection's reason.
 */
export function OrderCard({ order, helpNo, canKeepLists = false }: { order: Order; helpNo: string; canKeepLists?: boolean }) {
  const [isOpen, setOpen] = useState(false);
  const [isReordering, setReordering] = useState(false);
  const [isSavingList, setSavingList] = useState(false);
  const [isTracking, setTracking] = useState(false);
  const [isContact, setContact] = useState(false);
  const digits = helpDigits(helpNo) || DEFAULT_HELP_NO;
  const chat = `https://wa.me/${digits}?text=${encodeURIComponent(`I would like to cancel my order ${order.order_number}.`)}`;
  const detailsId = `order-${order.id}-details`;
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-3" aria-label={`Order ${order.order_number}`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold">{order.order_number}</p>
          <p className="text-sm text-slate-600">{orderDate(order.created_on)}</p>
        </div>
        <span className={`rounded px-2 py-0.5 text-xs font-semibold ${STATUS_STYLE[order.status] ?? ''}`}>{order.status}</span>
        <span className="font-bold">{formatRupees(order.total_price)}</span>
      </div>
      <div className="mt-2 flex flex-wrap gap-2 text-sm">
        <button type="button" aria-expanded={isOpen} aria-controls={detailsId} onClick={() => setOpen((o) => !o)} className="rounded border border-slate-300 px-3 py-1.5">
          {isOpen ? 'Hide Details' : 'View Details'}
        </button>
        {canTrack(order.status) && (
          <button type="button" onClick={() => setTracking(true)} className="rounded bg-brand px-3 py-1.5 font-semibold text-white">
            Track Order
          </button>
        )}
        {/* Issue 21: the same things again, at today's prices. */}
        <button
          type="button"
          onClick={() => setReordering(true)}
          aria-label={`Reorder ${order.order_number}`}
          className="rounded border border-brand px-3 py-1.5 font-semibold text-brand hover:bg-brand hover:text-white"
        >
          Reorder
        </button>
        {canKeepLists && (
          <button
            type="button"
            onClick={() => setSavingList(true)}
            aria-label={`Save ${order.order_number} as order list`}
            className="rounded border border-slate-300 px-3 py-1.5"
          >
            Save as list
          </button>
        )}
        {/* SPEC 5: Cancel is offered only for In Process orders. */}
        {order.status === 'In Process' && (
          <button type="button" onClick={() => setContact(true)} className="rounded border border-red-300 px-3 py-1.5 font-semibold text-red-700">
            Cancel
          </button>
        )}
      </div>
      <OrderFacts order={order} />
      {order.status === 'Rejected' && order.rejection_reason && (
        <p className="mt-2 rounded bg-red-50 px-3 py-2 text-sm text-red-900">
          <span className="font-semibold">Reason: </span>
          {order.rejection_reason}
        </p>
      )}
      {isOpen && (
        <div id={detailsId} className="mt-3">
          <OrderLines order={order} />
        </div>
      )}
      {isReordering && <ReorderDialog order={order} open onClose={() => setReordering(false)} />}
      {isSavingList && <SaveListDialog order={order} open onClose={() => setSavingList(false)} />}
      {isTracking && <TrackOrderDialog orderNumber={order.order_number} initialStep={trackStepOf(order.status) ?? 0} open onClose={() => setTracking(false)} />}
      {/* SPEC 2/5: Cancel opens the Contact dialog; it does not cancel anything (issue 36: within two hours it also sends a request). */}
      {isContact && <CancelDialog order={order} chatUrl={chat} open onClose={() => setContact(false)} />}
    </li>
  );
}
