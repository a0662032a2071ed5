import type { OrderStatus } from '@shop/domain/constants';
import { type CreateRunInput, isRunnableStatus, type PickingList, type Run, STALE_ORDER } from '@shop/domain/order-desk';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { jsonRows } from '../../db/client.ts';
import { deliveryRunOrders, deliveryRuns } from '../../db/schema/order-desk.ts';
import { conflict, notFound, unprocessable } from '../../lib/http-error.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { appendAudit } from '../audit/audit.service.ts';
import { money } from '../orders/orders-read.service.ts';
import { moveOrder, type StaffActor } from './order-moves.service.ts';

const idList = (ids: readonly number[]) => sql.join(ids.map((id) => sql`${id}`), sql`, `);

/**
 * Issue 16: a delivery run, one vehicle's orders of one day in one city, ordered by area (then
 * business) so the run sheet follows the route. An order is on one run at most (unique index).
 */
/** Delivery runs name their city in words: a renamed city keeps its runs (issue 35, in the caller's transaction). */
export async function renameRunsCity(tx: Pick<Db, 'update'>, from: string, to: string): Promise<void> {
  await tx.update(deliveryRuns).set({ city: to }).where(eq(deliveryRuns.city, from));
}

export async function createRun(db: Db, actor: StaffActor, input: CreateRunInput): Promise<Run> {
  const ids = [...new Set(input.order_ids)];
  const runId = await db.transaction(async (tx) => {
    await tx.execute(sql`select id from orders where id in (${idList(ids)}) order by id for update`);
    const found = await jsonRows<{ id: number; status: OrderStatus; city: string | null; area: string | null; business_name: string; on_run: boolean }>(
      tx as unknown as Db,
      sql`select o.id, o.status, (select name from cities where id = b.city_id) as city, (select name from areas where id = b.area_id) as area,
            o.business_name, exists (select 1 from delivery_run_orders r where r.order_id = o.id) as on_run
          from orders o join businesses b on b.id = o.business_id where o.id in (${idList(ids)})`,
    );
    if (found.length !== ids.length) throw notFound('Order not found');
    for (const o of found) {
      if (o.on_run) throw conflict(`Order ${o.id} is already on a delivery run.`);
      // Orders that may go on a run: those the warehouse has not yet shipped (order-desk.ts RUNNABLE_STATUSES), not yet on another run.
      if (!isRunnableStatus(o.status)) throw conflict(`Order ${o.id} is ${o.status}: only orders In Process or in Arrange go on a run.`);
      if (o.city !== input.city) throw unprocessable(`Order ${o.id} is for ${o.city ?? 'no city'}, not ${input.city}.`);
    }
    found.sort((a, b) => (a.area ?? '').localeCompare(b.area ?? '') || a.business_name.localeCompare(b.business_name) || a.id - b.id);
    const [run] = await tx
      .insert(deliveryRuns)
      .values({ runDate: input.run_date, city: input.city, vehicle: input.vehicle, driver: input.driver ?? null, createdBy: actor.staffId })
      .returning({ id: deliveryRuns.id });
    const id = run?.id as number;
    await tx.insert(deliveryRunOrders).values(found.map((o, i) => ({ runId: id, orderId: o.id, position: i + 1 })));
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'run.create', entity: 'delivery_run', entityId: id, before: null, after: { ...input, order_ids: found.map((o) => o.id) } });
    return id;
  });
  return readRun(db, runId);
}

export async function readRun(db: Db, id: number): Promise<Run> {
  const [run] = await jsonRows<Run>(
    db,
    sql`select r.id, r.run_date::text as run_date, r.city, r.vehicle, r.driver, r.status,
          (select coalesce(json_agg(json_build_object('id', o.id, 'order_number', o.order_number, 'status', o.status,
              'business_name', o.business_name, 'area', (select name from areas where id = b.area_id), 'address', o.address,
              'contact_no', o.contact_no, 'total_price', o.total_price::text, 'payment_mode', o.payment_mode) order by ro.position), '[]'::json)
            from delivery_run_orders ro join orders o on o.id = ro.order_id join businesses b on b.id = o.business_id where ro.run_id = r.id) as orders
        from delivery_runs r where r.id = ${id}`,
  );
  if (!run) throw notFound('Delivery run not found');
  return { ...run, orders: run.orders.map((o) => ({ ...o, total_price: money(o.total_price) })) };
}

/** The runs of one day (newest first). */
export async function listRuns(db: Db, runDate: string): Promise<Run[]> {
  const ids = await db.select({ id: deliveryRuns.id }).from(deliveryRuns).where(eq(deliveryRuns.runDate, runDate)).orderBy(sql`${deliveryRuns.id} desc`);
  return Promise.all(ids.map((r) => readRun(db, r.id)));
}

/**
 * Moving a run to Shipping moves its orders: each order still In Process goes through Arrange first
 * (the state machine has no shortcut), each its own audited move. Orders that cannot move are named.
 */
export async function shipRun(db: Db, mailer: Mailer, actor: StaffActor, id: number): Promise<{ run: Run; refused: { id: number; error: string }[] }> {
  const run = await readRun(db, id);
  if (run.status !== 'Planned') throw conflict(`This run is already ${run.status}.`);
  const refused: { id: number; error: string }[] = [];
  for (const o of run.orders) {
    try {
      let status = o.status;
      if (status === 'In Process') {
        await moveOrder(db, mailer, actor, o.id, { to: 'Arrange', expected_status: status });
        status = 'Arrange';
      }
      await moveOrder(db, mailer, actor, o.id, { to: 'Shipping', expected_status: status });
    } catch (err) {
      refused.push({ id: o.id, error: err instanceof Error ? err.message : STALE_ORDER });
    }
  }
  await db.transaction(async (tx) => {
    const moved = await tx.update(deliveryRuns).set({ status: 'Shipping' }).where(sql`${deliveryRuns.id} = ${id} and ${deliveryRuns.status} = 'Planned'`).returning({ id: deliveryRuns.id });
    if (moved.length === 0) throw conflict(`This run is already ${run.status}.`);
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'run.ship', entity: 'delivery_run', entityId: id, before: { status: 'Planned' }, after: { status: 'Shipping', refused } });
  });
  return { run: await readRun(db, id), refused };
}

/** Issue 16: what the warehouse picks for these orders, summed per product (removed lines left out). */
export async function pickingList(db: Db, ids: readonly number[]): Promise<PickingList> {
  const unique = [...new Set(ids)];
  const [list] = await jsonRows<PickingList>(
    db,
    sql`select
          (select coalesce(json_agg(json_build_object('id', o.id, 'order_number', o.order_number, 'business_name', o.business_name) order by o.id), '[]'::json)
            from orders o where o.id in (${idList(unique)})) as orders,
          (select coalesce(json_agg(x order by x.product_name, x.product_id), '[]'::json) from (
            select d.product_id, min(d.product_name) as product_name, min(p.sku) as sku, sum(d.quantity)::int as quantity, count(distinct d.order_id)::int as orders
            from order_details d left join products p on p.id = d.product_id
            where d.order_id in (${idList(unique)}) and d.quantity > 0
            group by d.product_id) x) as lines`,
  );
  return list ?? { orders: [], lines: [] };
}
