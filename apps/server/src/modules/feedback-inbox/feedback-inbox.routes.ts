import { AssigneeSchema, FeedbackDetailSchema, FeedbackInboxQuerySchema, FeedbackRowSchema, FeedbackTextSchema, FeedbackUpdateSchema } from '@shop/domain/feedback-inbox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ModuleDeps } from '../../app-deps.ts';
import { requireStaff } from '../staff-auth/staff-auth.guard.ts';
import { addNote, assignees, type InboxActor, listFeedback, readFeedback, reply, updateFeedback } from './feedback-inbox.service.ts';

const IdParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const tags = ['staff: feedback'];
const ok = <T extends z.ZodType>(data: T) => ({ 200: z.object({ data }) });

function actor(request: FastifyRequest): InboxActor {
  const staff = requireStaff(request, 'feedback.write');
  return { staffId: staff.staffId, ip: request.ip };
}

/** Issue 19: the feedback inbox (the Order desk answers the customers). */
export async function feedbackInboxRoutes(app: FastifyInstance, deps: ModuleDeps) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get('', { schema: { tags, summary: 'Feedback messages, newest first, by status and type', querystring: FeedbackInboxQuerySchema, response: ok(z.array(FeedbackRowSchema)) } }, async (request) => {
    actor(request);
    return { data: await listFeedback(db, request.query) };
  });
  r.get('/assignees', { schema: { tags, summary: 'Staff who may be given feedback to answer', response: ok(z.array(AssigneeSchema)) } }, async (request) => {
    actor(request);
    return { data: await assignees(db) };
  });
  r.get('/:id', { schema: { tags, summary: 'A message with its notes and replies', params: IdParams, response: ok(FeedbackDetailSchema) } }, async (request) => {
    actor(request);
    return { data: await readFeedback(db, request.params.id) };
  });
  r.patch('/:id', { schema: { tags, summary: 'Change the status or the assignee (audited)', params: IdParams, body: FeedbackUpdateSchema, response: ok(FeedbackDetailSchema) } }, async (request) => ({
    data: await updateFeedback(db, actor(request), request.params.id, request.body),
  }));
  r.post('/:id/notes', { schema: { tags, summary: 'Add an internal note (audited)', params: IdParams, body: FeedbackTextSchema, response: ok(FeedbackDetailSchema) } }, async (request) => ({
    data: await addNote(db, actor(request), request.params.id, request.body.body),
  }));
  r.post('/:id/reply', { schema: { tags, summary: "Reply by mail to the sender's address; kept with the message (audited)", params: IdParams, body: FeedbackTextSchema, response: ok(FeedbackDetailSchema) } }, async (request) => ({
    data: await reply(db, deps.mailer, actor(request), request.params.id, request.body.body),
  }));
}
