// Issue 19: the staff inbox of feedback messages (SPEC 2 feedback form), with status, assignee, notes and replies.
import { z } from 'zod';
import { FEEDBACK_TYPES } from './constants.ts';

export const FEEDBACK_STATUSES = ['new', 'in_progress', 'done'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];
export const FEEDBACK_STATUS_LABELS: Readonly<Record<FeedbackStatus, string>> = { new: 'New', in_progress: 'In progress', done: 'Done' };

export const FeedbackInboxQuerySchema = z.object({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  type: z.enum(FEEDBACK_TYPES).optional(),
});

export const FeedbackRowSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  type: z.string(),
  name: z.string(),
  email: z.string(),
  mobile_no: z.string(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(FEEDBACK_STATUSES),
  assignee_staff_id: z.number().int().nullable(),
  assignee_name: z.string().nullable(),
  /** The buyer's business, when the sender was signed in. */
  business_name: z.string().nullable(),
});
export type FeedbackRow = z.infer<typeof FeedbackRowSchema>;

export const FeedbackEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(['note', 'reply']),
  body: z.string(),
  mailed_to: z.string().nullable(),
  staff_name: z.string(),
  created_at: z.string(),
});
export type FeedbackEntry = z.infer<typeof FeedbackEntrySchema>;

export const FeedbackDetailSchema = FeedbackRowSchema.extend({ entries: z.array(FeedbackEntrySchema) });
export type FeedbackDetail = z.infer<typeof FeedbackDetailSchema>;

export const FeedbackUpdateSchema = z
  .strictObject({
    status: z.enum(FEEDBACK_STATUSES).optional(),
    /** Null: nobody. */
    assignee_staff_id: z.number().int().positive().max(2_147_483_647).nullable().optional(),
  })
  .refine((v) => v.status !== undefined || v.assignee_staff_id !== undefined, 'must change the status or the assignee');

export const FeedbackTextSchema = z.strictObject({ body: z.string().trim().min(1, 'must not be empty').max(5000, 'must be at most 5000 characters') });

export const AssigneeSchema = z.object({ id: z.number().int(), name: z.string() });

/** The subject of a reply mail: the buyer's own subject when there was one. */
export const replySubject = (row: { type: string; subject: string }) => `Re: ${row.subject.trim() || `Your ${row.type.toLowerCase()}`}`;
