/**
 * Whose password a form sets, for the browser's password manager: a hidden username field holding the
 * account's email, so a new password is saved to that account. Chromium reports a password form
 * without one ("[DOM] Password forms should have (optionally hidden) username fields"). Put it in the
 * form, before the password fields.
 */
export function UsernameField({ email }: { email: string }) {
  return <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />;
}
