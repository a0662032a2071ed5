import { feedbackError, isFeedbackType } from '@shop/domain/account-rules';
import type { FeedbackInput } from '@shop/domain/auth';
import type { Db } from '../../db/client.ts';
import { feedback } from '../../db/schema/support.ts';
import { badRequest } from '../../lib/http-error.ts';

/** SPEC 5: the same checks in the same order as the form; the sender comes from the token. */
export async function saveFeedback(db: Db, businessUserId: number | null, input: FeedbackInput) {
  const error = feedbackError(input);
  if (error) throw badRequest(error);
  if (!isFeedbackType(input.type)) throw badRequest('Feedback Type is invalid');
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
