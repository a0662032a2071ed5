import { assertPassword } from '../../lib/password-policy.ts';

/**
 * The password rule for staff is the buyers' (issue 16: "Staff passwords follow the same policy as
 * buyers'"): NIST SP 800-63B length, the common and breached list, and not the email's name. A staff
 * person has no business name to keep out of it.
 */
export async function checkStaffPassword(password: string, context: { email: string; name: string }): Promise<void> {
  await assertPassword(password, { email: context.email });
}
