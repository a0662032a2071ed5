import type { FeedbackDetail, FeedbackRow } from '@shop/domain/feedback-inbox';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guestHeaders } from '../../../test/factories.ts';
import { type SignedInStaff, signInStaff } from '../../../test/staff.ts';
import { body, createTestApp, type TestApp } from '../../../test/test-app.ts';
import { auditLog } from '../../db/schema/staff.ts';
import { outbox } from '../../db/schema/support.ts';

let t: TestApp;
let desk: SignedInStaff;
let catalogue: SignedInStaff;
beforeAll(async () => {
  t = await createTestApp();
  desk = await signInStaff(t, { email: 'inbox-desk@staff.pk', roles: ['Order desk'], name: 'Desk Person' });
  catalogue = await signInStaff(t, { email: 'inbox-catalogue@staff.pk', roles: ['Catalogue'] });
});
afterAll(async () => t.close());

async function sendFeedback(email: string, type = 'Complaint') {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/public_route/app_feedback',
    headers: await guestHeaders(t.app),
    payload: { name: 'Asif Mehmood', email, mobile_no: '03001234567', type, subject: 'Late delivery', message: 'My order came a day late.' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('feedback inbox (issue 19)', () => {
  it('lists every message with its type; assign, note, reply by mail (kept with the message and in the outbox), done; audited', async () => {
    await sendFeedback('asif@buyer.pk');
    const list = body<{ data: FeedbackRow[] }>(await desk.inject({ method: 'GET', url: '/api/staff/feedback?status=new' })).data;
    const row = list.find((r) => r.email === 'asif@buyer.pk');
    expect(row && [row.type, row.status, row.subject]).toEqual(['Complaint', 'new', 'Late delivery']);
    const id = row!.id;
    const assigned = await desk.inject({ method: 'PATCH', url: `/api/staff/feedback/${id}`, payload: { assignee_staff_id: desk.staffId } });
    expect(body<{ data: FeedbackDetail }>(assigned).data.assignee_name).toBe('Desk Person');
    // Only someone whose role answers feedback may be given it.
    expect((await desk.inject({ method: 'PATCH', url: `/api/staff/feedback/${id}`, payload: { assignee_staff_id: catalogue.staffId } })).statusCode).toBe(400);
    await desk.inject({ method: 'POST', url: `/api/staff/feedback/${id}/notes`, payload: { body: 'Checked: the van broke down.' } });
    const replied = body<{ data: FeedbackDetail }>(
      await desk.inject({ method: 'POST', url: `/api/staff/feedback/${id}/reply`, payload: { body: 'We are sorry; your next delivery is free.' } }),
    ).data;
    expect(replied.status).toBe('in_progress');
    expect(replied.entries.map((e) => [e.kind, e.body, e.mailed_to])).toEqual([
      ['note', 'Checked: the van broke down.', null],
      ['reply', 'We are sorry; your next delivery is free.', 'asif@buyer.pk'],
    ]);
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.recipient, 'asif@buyer.pk')).orderBy(desc(outbox.id)).limit(1);
    expect(mail?.subject).toBe('Re: Late delivery');
    expect(mail?.body).toContain('We are sorry; your next delivery is free.');
    const done = await desk.inject({ method: 'PATCH', url: `/api/staff/feedback/${id}`, payload: { status: 'done' } });
    expect(body<{ data: FeedbackDetail }>(done).data.status).toBe('done');
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entity, 'feedback'));
    expect(audits.filter((a) => a.entityId === String(id)).map((a) => a.action)).toEqual(['feedback.update', 'feedback.note', 'feedback.reply', 'feedback.update']);
    // Notes and replies are a record: the database refuses to change them.
    await expect(t.database.db.execute("update feedback_entries set body = 'changed'")).rejects.toThrow();
  });

  it('refuses an empty reply, an unknown message, and roles that do not answer feedback', async () => {
    await sendFeedback('other@buyer.pk', 'Suggestion');
    const [row] = body<{ data: FeedbackRow[] }>(await desk.inject({ method: 'GET', url: '/api/staff/feedback?type=Suggestion' })).data;
    expect((await desk.inject({ method: 'POST', url: `/api/staff/feedback/${row!.id}/reply`, payload: { body: '  ' } })).statusCode).toBe(400);
    expect((await desk.inject({ method: 'GET', url: '/api/staff/feedback/999999' })).statusCode).toBe(404);
    expect((await catalogue.inject({ method: 'GET', url: '/api/staff/feedback' })).statusCode).toBe(403);
  });
});
