import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ChangePasswordForm } from './change-password-form.tsx';

// A form that sets a password says whose it is, in a (hidden) username field, so the browser's
// password manager saves the new password to that account: Chromium reports a password form without
// one ("[DOM] Password forms should have (optionally hidden) username fields").
const usernameOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('form input[autocomplete="username"]');

describe('Change Password names its account for password managers', () => {
  afterEach(cleanup);

  it('Change Password (/userInfo) holds the account email as its username', () => {
    const { container } = render(<ChangePasswordForm email="orderer@demo.pk" businessName="Demo Kiryana Traders" />);
    const username = usernameOf(container);
    expect(username?.value).toBe('orderer@demo.pk');
    expect(username?.hidden).toBe(true);
    expect(username?.closest('form')?.querySelector('input[autocomplete="new-password"]')).not.toBeNull();
  });

});
