import type { OrderStatus, PaymentMode } from '@shop/domain/constants';
import { type DeskOrder, STAFF_TRANSITIONS } from '@shop/domain/order-desk';
import { fromPaisa, toPaisa } from '@shop/domain/money';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRows } from '../../db/client.ts';
import { notFound } from '../../lib/http-error.ts';
import { isoTimestamp, money } from '../orders/orders-read.service.ts';
import { toKarachiIso } from '@shop/domain/karachi-time';

interface OrderRow {
  id: number;
  order_number: string;
  created_on: string;
  status: OrderStatus;
  rejection_reason: string | null;
  payment_mode: PaymentMode;
  total_price: string;
  sell_price_total: string;
  tax_total: string;
  address: string;
  contact_no: string;
  updated_at: string;
  run_id: number | null;
  business: DeskOrder['business'];
  orderer: DeskOrder['orderer'];
  lines: DeskOrder['lines'];
  events: DeskOrder['events'];
  notes: DeskOrder['notes'];
  order_reference: string | null;
  requested_delivery_day: string | null;
  confirmed_on: string | null;
  change_requests: DeskOrder['change_requests'];
}

const at = (column: string) => isoTimestamp(sql.raw(column));

/** The orders of `ids` as the order page shows them (one statement, whatever the count). */
export async function readDeskOrders(db: Db, ids: readonly number[]): Promise<DeskOrder[]> {
  if (ids.length === 0) return [];
  const rows = await jsonRows<OrderRow>(
    db,
    sql`select o.id, o.order_number, ${at('o.created_at')} as created_on, o.status, o.rejection_reason, o.payment_mode,
          o.total_price::text, o.sell_price_total::text, o.tax_total::text, o.address, o.contact_no, o.updated_at::text as updated_at,
          (select run_id from delivery_run_orders r where r.order_id = o.id) as run_id,
          o.order_reference, to_char(o.requested_delivery_day, 'YYYY-MM-DD') as requested_delivery_day, ${at('o.confirmed_at')} as confirmed_on,
          (select coalesce(json_agg(json_build_object('id', q.id, 'kind', q.kind, 'reason', q.reason, 'status', q.status,
              'requested_by', q.requested_by_name, 'requested_on', ${at('q.created_at')}, 'answer_note', q.answer_note,
              'answered_on', ${at('q.answered_at')}, 'answered_by', q.answered_by_name) order by q.id), '[]'::json)
            from order_change_requests q where q.order_id = o.id) as change_requests,
          json_build_object('id', b.id, 'name', b.name,
            'city', (select name from cities where id = b.city_id), 'area', (select name from areas where id = b.area_id),
            'payment_mode', b.payment_mode, 'credit_limit', b.credit_limit::text, 'payment_days', b.payment_days,
            'outstanding', (select coalesce(sum(payable), 0)::text from ledgers l where l.business_id = b.id)) as business,
          json_build_object('id', u.id, 'name', u.name, 'type', u.type, 'email', u.email, 'mobile_no', u.mobile_no, 'limit', u.limit::text) as orderer,
          (select coalesce(json_agg(json_build_object('id', d.id, 'product_id', d.product_id, 'product_name', d.product_name,
              'sku', p.sku, 'ordered_quantity', coalesce(d.ordered_quantity, d.quantity), 'quantity', d.quantity,
              'unit_price', d.unit_price::text, 'tax', d.tax::text, 'sell_price', d.sell_price::text, 'total_price', d.total_price::text,
              'change_reason', d.change_reason) order by d.id), '[]'::json)
            from order_details d left join products p on p.id = d.product_id where d.order_id = o.id) as lines,
          (select coalesce(json_agg(json_build_object('at', ${at('e.created_at')}, 'actor', e.actor_kind, 'actor_name', e.actor_name,
              'action', e.action, 'from_status', e.from_status, 'to_status', e.to_status, 'reason', e.reason) order by e.id), '[]'::json)
            from order_events e where e.order_id = o.id) as events,
          (select coalesce(json_agg(json_build_object('id', n.id, 'at', ${at('n.created_at')}, 'staff_name', s.name, 'text', n.text) order by n.id), '[]'::json)
            from order_notes n join staff_users s on s.id = n.staff_id where n.order_id = o.id) as notes
        from orders o
        join businesses b on b.id = o.business_id
        join business_users u on u.id = o.business_user_id
        where o.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)})
        order by o.id`,
  );
  return rows.map((r) => ({
    id: r.id,
    order_number: r.order_number,
    created_on: r.created_on,
    status: r.status,
    next_statuses: [...STAFF_TRANSITIONS[r.status]],
    rejection_reason: r.rejection_reason,
    payment_mode: r.payment_mode,
    total_price: money(r.total_price),
    sell_price_total: money(r.sell_price_total),
    tax_total: money(r.tax_total),
    address: r.address,
    contact_no: r.contact_no,
    lines: r.lines.map((l) => ({ ...l, unit_price: money(l.unit_price), tax: money(l.tax), sell_price: money(l.sell_price), total_price: money(l.total_price) })),
    business: { ...r.business, credit_limit: money(r.business.credit_limit), outstanding: fromPaisa(toPaisa(money(r.business.outstanding))) },
    orderer: { ...r.orderer, limit: money(r.orderer.limit) },
    events: r.events,
    notes: r.notes,
    run_id: r.run_id,
    order_reference: r.order_reference,
    requested_delivery_day: r.requested_delivery_day,
    confirmed_on: r.confirmed_on ? toKarachiIso(r.confirmed_on) : null,
    change_requests: r.change_requests.map((q) => ({
      ...q,
      requested_on: toKarachiIso(q.requested_on),
      answered_on: q.answered_on ? toKarachiIso(q.answered_on) : null,
    })),
    version: r.status,
  }));
}

export async function readDeskOrder(db: Db, id: number): Promise<DeskOrder> {
  const [order] = await readDeskOrders(db, [id]);
  if (!order) throw notFound('Order not found');
  return order;
}
