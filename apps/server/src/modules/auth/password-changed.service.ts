import type { Mail } from '../../lib/mailer.ts';

const karachiTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', dateStyle: 'medium', timeStyle: 'short' });

/**
 * Issue 14: after a password change or reset the account's own address is told, so an owner whose
 * password someone else changed learns it at once and knows what to do.
 */
export function passwordChangedMail(to: string, at = new Date()): Mail {
  return {
    to,
    subject: 'Your password was changed',
    text:
      `The password of your shop account ${to} was changed on ${karachiTime.format(at)} (Pakistan time). ` +
      'Every other device signed in to this account has been signed out.\n\n' +
      'If you did this, nothing more needs doing.\n\n' +
      'If you did not, someone else may know your password: open Forgot Password on the Sign In page now, ' +
      'choose a new password with the code we send you, and call us on the help number in your account.',
  };
}
