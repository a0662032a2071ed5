import { PASSWORD_MIN } from '@shop/domain/constants';
import { badRequest } from '../../lib/http-error.ts';

/**
 * The password rule for staff: the same as buyers'. Today that is the domain's minimum length; when
 * lib/password-policy.ts (checkPassword(password, context)) lands, this one function calls it instead.
 */
export function checkStaffPassword(password: string, _context: { email: string; name: string }): void {
  if (password.length < PASSWORD_MIN) throw badRequest(`The password must be at least ${PASSWORD_MIN} characters.`);
}
