import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfirmPasswordPage } from './confirm-password-page.tsx';

// As Change Password (features/account/change-password-form.test.tsx): the form says whose password it sets, in
// a hidden username field, for the browser's password manager.
const usernameOf = (container: HTMLElement) => container.querySelector<HTMLInputElement>('form input[autocomplete="username"]');

describe('Reset Password names its account for password managers', () => {
  afterEach(cleanup);

  it('Reset Password (/confirm-password) holds the email the code was sent to', () => {
    const { container } = render(
      <MemoryRouter initialEntries={[{ pathname: '/confirm-password', state: { email: 'approver@demo.pk', code: '123456' } }]}>
        <ConfirmPasswordPage />
      </MemoryRouter>,
    );
    const username = usernameOf(container);
    expect(username?.value).toBe('approver@demo.pk');
    expect(username?.hidden).toBe(true);
  });
});
