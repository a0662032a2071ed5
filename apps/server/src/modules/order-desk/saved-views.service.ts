import { QueueFiltersSchema, type SavedView } from '@shop/domain/order-desk';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { savedViews } from '../../db/schema/order-desk.ts';
import { conflict, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';
import type { StaffActor } from './order-moves.service.ts';

export const SAVED_VIEWS_MAX = 30;

/** A person's saved queue views (only their own). */
export async function listViews(db: Db, staffId: number): Promise<SavedView[]> {
  const rows = await db.select({ id: savedViews.id, name: savedViews.name, filters: savedViews.filters }).from(savedViews).where(eq(savedViews.staffId, staffId)).orderBy(asc(savedViews.name));
  // Filters saved by an older version are read through today's schema; what no longer parses is dropped.
  return rows.map((r) => ({ id: r.id, name: r.name, filters: QueueFiltersSchema.catch({}).parse(r.filters) }));
}

export async function saveView(db: Db, actor: StaffActor, view: Omit<SavedView, 'id'>): Promise<SavedView> {
  return db.transaction(async (tx) => {
    const mine = await tx.select({ id: savedViews.id, name: savedViews.name }).from(savedViews).where(eq(savedViews.staffId, actor.staffId));
    if (mine.some((v) => v.name.toLowerCase() === view.name.toLowerCase())) throw conflict(`You already have a view named ${view.name}.`);
    if (mine.length >= SAVED_VIEWS_MAX) throw conflict(`You can keep at most ${SAVED_VIEWS_MAX} views: delete one first.`);
    const [row] = await tx.insert(savedViews).values({ staffId: actor.staffId, name: view.name, filters: view.filters }).returning({ id: savedViews.id });
    const id = row?.id as number;
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'view.create', entity: 'saved_view', entityId: id, before: null, after: view });
    return { id, ...view };
  });
}

export async function deleteView(db: Db, actor: StaffActor, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [gone] = await tx.delete(savedViews).where(and(eq(savedViews.id, id), eq(savedViews.staffId, actor.staffId))).returning({ name: savedViews.name, filters: savedViews.filters });
    if (!gone) throw notFound('View not found');
    await appendAudit(tx, { staffId: actor.staffId, ip: actor.ip, action: 'view.delete', entity: 'saved_view', entityId: id, before: gone, after: null });
  });
}
