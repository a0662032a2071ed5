import { feedbackError, isFeedbackType } from '@shop/domain/account-rules';
import type { FeedbackInput } from '@shop/domain/auth';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/support.ts';
import { badRequest, HttpError } from '../../lib/http-error.ts';

export const FEEDBACK_BUSY = 'We are receiving a lot of feedback right now. Please try again in a minute.';
export const FEEDBACK_FULL = 'We cannot take more feedback today. Please try again tomorrow, or call our helpline.';

/**
 * Issue 14 point 7: the table holds at most this many rows. Nothing is pruned (the staff inbox of
 * issue 19 keeps every message with its notes and replies), so at the cap new feedback is refused until the office clears old rows;
 * the daily budget (LIMITS.feedbackShopDay) makes reaching it take at least 200 days.
 */
export const FEEDBACK_TABLE_CAP = 100_000;

/** SPEC 5: the same checks in the same order as the form. */
export function checkFeedback(input: FeedbackInput): void {
  const error = feedbackError(input);
  if (error) throw badRequest(error);
  if (!isFeedbackType(input.type)) throw badRequest('Feedback Type is invalid');
}

/** Stores valid feedback; the sender comes from the token. */
export async function saveFeedback(db: Db, businessUserId: number | null, input: FeedbackInput, cap = FEEDBACK_TABLE_CAP) {
  checkFeedback(input);
  // The cap-th row exists: the table is full (reads at most `cap` index entries, and only here).
  const full = await db.select({ id: feedback.id }).from(feedback).orderBy(feedback.id).offset(cap - 1).limit(1);
  if (full.length > 0) throw new HttpError(503, FEEDBACK_FULL);
  const [row] = await db
    .insert(feedback)
    .values({
      businessUserId,
      name: input.name.trim(),
      email: input.email.trim(),
      mobileNo: input.mobile_no.trim(),
      type: input.type,
      subject: input.subject?.trim() ?? '',
      message: input.message?.trim() ?? '',
    })
    .returning({ id: feedback.id });
  return row?.id ?? 0;
}
