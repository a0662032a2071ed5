import type { FeedbackDetail, FeedbackRow, FeedbackStatus } from '@shop/domain/feedback-inbox';
import { replySubject } from '@shop/domain/feedback-inbox';
import { toKarachiIso } from '@shop/domain/karachi-time';
import { staffCan, type StaffRole } from '@shop/domain/staff';
import { and, asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { businesses, businessUsers } from '../../db/schema/business.ts';
import { isoTime } from '../../db/schema/common.ts';
import { feedbackEntries } from '../../db/schema/prices-content.ts';
import { staffUsers } from '../../db/schema/staff.ts';
import { feedback } from '../../db/schema/support.ts';
import type { Mailer } from '../../lib/mailer.ts';
import { badRequest, notFound } from '../../lib/http-error.ts';
import { appendAudit } from '../audit/audit.service.ts';

export interface InboxActor {
  staffId: number;
  ip: string;
}
type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

const time = (v: string) => toKarachiIso(isoTime(v));

async function rowsWhere(db: Db | Tx, where: SQL | undefined, limit: number): Promise<FeedbackRow[]> {
  const rows = await db
    .select({
      id: feedback.id,
      created_at: feedback.createdAt,
      type: feedback.type,
      name: feedback.name,
      email: feedback.email,
      mobile_no: feedback.mobileNo,
      subject: feedback.subject,
      message: feedback.message,
      status: feedback.status,
      assignee_staff_id: feedback.assigneeStaffId,
      assignee_name: staffUsers.name,
      business_name: businesses.name,
    })
    .from(feedback)
    .leftJoin(staffUsers, eq(staffUsers.id, feedback.assigneeStaffId))
    .leftJoin(businessUsers, eq(businessUsers.id, feedback.businessUserId))
    .leftJoin(businesses, eq(businesses.id, businessUsers.businessId))
    .where(where)
    .orderBy(desc(feedback.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, created_at: time(r.created_at), status: r.status as FeedbackStatus }));
}

/** Issue 18's dashboard: messages still new (nobody has taken them up). */
export async function countNewFeedback(db: Db): Promise<number> {
  const [row] = await db.select({ n: count() }).from(feedback).where(eq(feedback.status, 'new'));
  return row?.n ?? 0;
}

/** Issue 19: the inbox, newest first (200 at most), by status and type. */
export function listFeedback(db: Db, query: { status?: string; type?: string }): Promise<FeedbackRow[]> {
  const conditions = [query.status ? eq(feedback.status, query.status) : undefined, query.type ? eq(feedback.type, query.type) : undefined].filter(Boolean) as SQL[];
  return rowsWhere(db, conditions.length ? and(...conditions) : undefined, 200);
}

export async function readFeedback(db: Db | Tx, id: number): Promise<FeedbackDetail> {
  const [row] = await rowsWhere(db, eq(feedback.id, id), 1);
  if (!row) throw notFound('Feedback not found');
  const entries = await db
    .select({ id: feedbackEntries.id, kind: feedbackEntries.kind, body: feedbackEntries.body, mailed_to: feedbackEntries.mailedTo, staff_name: staffUsers.name, created_at: feedbackEntries.createdAt })
    .from(feedbackEntries)
    .innerJoin(staffUsers, eq(staffUsers.id, feedbackEntries.staffId))
    .where(eq(feedbackEntries.feedbackId, id))
    .orderBy(asc(feedbackEntries.id));
  return { ...row, entries: entries.map((e) => ({ ...e, kind: e.kind as 'note' | 'reply', created_at: time(e.created_at) })) };
}

/** Staff who may be given feedback to answer (the role that holds feedback.write), active ones. */
export async function assignees(db: Db) {
  const rows = await db.select({ id: staffUsers.id, name: staffUsers.name, roles: staffUsers.roles, disabledAt: staffUsers.disabledAt }).from(staffUsers).orderBy(asc(staffUsers.name));
  return rows.filter((r) => r.disabledAt == null && staffCan(r.roles as StaffRole[], 'feedback.write')).map((r) => ({ id: r.id, name: r.name }));
}

export async function updateFeedback(db: Db, actor: InboxActor, id: number, change: { status?: FeedbackStatus; assignee_staff_id?: number | null }): Promise<FeedbackDetail> {
  if (change.assignee_staff_id != null && !(await assignees(db)).some((a) => a.id === change.assignee_staff_id)) {
    throw badRequest('That person cannot be given feedback (they need the role that answers it).');
  }
  return db.transaction(async (tx) => {
    const before = await readFeedback(tx, id);
    await tx
      .update(feedback)
      .set({ ...(change.status ? { status: change.status } : {}), ...(change.assignee_staff_id !== undefined ? { assigneeStaffId: change.assignee_staff_id } : {}) })
      .where(eq(feedback.id, id));
    const after = await readFeedback(tx, id);
    await appendAudit(tx, {
      ...actor,
      action: 'feedback.update',
      entity: 'feedback',
      entityId: id,
      before: { status: before.status, assignee_staff_id: before.assignee_staff_id },
      after: { status: after.status, assignee_staff_id: after.assignee_staff_id },
    });
    return after;
  });
}

/** An internal note (never shown to the buyer). */
export async function addNote(db: Db, actor: InboxActor, id: number, body: string): Promise<FeedbackDetail> {
  return db.transaction(async (tx) => {
    await readFeedback(tx, id);
    const [entry] = await tx.insert(feedbackEntries).values({ feedbackId: id, staffId: actor.staffId, kind: 'note', body }).returning({ id: feedbackEntries.id });
    await appendAudit(tx, { ...actor, action: 'feedback.note', entity: 'feedback', entityId: id, before: null, after: { entry: entry?.id, body } });
    return readFeedback(tx, id);
  });
}

/**
 * A reply by mail to the sender's address: kept with the message (its text and recipient), mailed
 * through the outbox (lib/mailer.ts) once the entry is committed. A new message moves to in progress.
 */
export async function reply(db: Db, mailer: Mailer, actor: InboxActor, id: number, body: string): Promise<FeedbackDetail> {
  const mail = await db.transaction(async (tx) => {
    const row = await readFeedback(tx, id);
    const [entry] = await tx.insert(feedbackEntries).values({ feedbackId: id, staffId: actor.staffId, kind: 'reply', body, mailedTo: row.email }).returning({ id: feedbackEntries.id });
    if (row.status === 'new') await tx.update(feedback).set({ status: 'in_progress' }).where(eq(feedback.id, id));
    const subject = replySubject(row);
    await appendAudit(tx, { ...actor, action: 'feedback.reply', entity: 'feedback', entityId: id, before: { status: row.status }, after: { entry: entry?.id, to: row.email, subject, body } });
    return { to: row.email, subject, text: `Dear ${row.name},\n\n${body}\n\n— Wholesale Shop customer service\n\nYou wrote (${row.type}${row.subject ? `: ${row.subject}` : ''}):\n${row.message}` };
  });
  await mailer.send(mail);
  return readFeedback(db, id);
}
