import { MESSAGES } from '@shop/domain/account-rules';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';
import { register } from './auth-api.ts';

/**
 * SPEC 4 "Registration": posts the registration, keeps the session and goes to /home; on failure
 * the server's text, or 'User Signup Failed' when it gives none (SPEC 8).
 */
export function useRegistration(onError: (message: string | null) => void) {
  const [busy, setBusy] = useState(false);
  const { signIn } = useSession();
  const navigate = useNavigate();
  async function submitRegistration(payload: unknown) {
    setBusy(true);
    onError(null);
    try {
      const result = await register(payload);
      signIn(result);
      notify.success(result.message);
      navigate('/home');
    } catch (err) {
      onError(err instanceof ApiError && err.status > 0 ? err.message : MESSAGES.signUpFailed);
    } finally {
      setBusy(false);
    }
  }
  return { busy, submitRegistration };
}
