import type { StaffCapability, StaffMe } from '@shop/domain/staff';
import { staffCan } from '@shop/domain/staff';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { setCsrfToken, setSignedOutHandler, StaffApiError, staffApi } from './staff-api.ts';

interface StaffSession {
  /** undefined while the first /me is on its way; null when signed out. */
  me: StaffMe | null | undefined;
  /** Why the person was sent back to sign in, shown there. */
  notice: string | null;
  signedIn(me: StaffMe): void;
  signOut(): Promise<void>;
  can(capability: StaffCapability): boolean;
}

const Context = createContext<StaffSession | null>(null);

export function StaffSessionProvider({ children }: { children: ReactNode }) {
  const [me, setMe] = useState<StaffMe | null | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);

  useEffect(() => {
    setSignedOutHandler(() => {
      setCsrfToken(null);
      setMe((current) => {
        if (current) setNotice('Your session has ended. Please sign in again.');
        return null;
      });
    });
    staffApi<StaffMe | null>('/api/staff/auth/session', { quiet401: true })
      .then((m) => {
        setCsrfToken(m?.csrfToken ?? null);
        setMe(m);
      })
      .catch((err: unknown) => {
        if (!(err instanceof StaffApiError) || err.status !== 401) setNotice(err instanceof Error ? err.message : String(err));
        setMe(null);
      });
    return () => setSignedOutHandler(null);
  }, []);

  const signedIn = useCallback((m: StaffMe) => {
    setCsrfToken(m.csrfToken);
    setNotice(null);
    setMe(m);
  }, []);

  const signOut = useCallback(async () => {
    await staffApi('/api/staff/auth/logout', { method: 'POST', quiet401: true }).catch(() => undefined);
    setCsrfToken(null);
    setMe(null);
  }, []);

  const value = useMemo<StaffSession>(
    () => ({ me, notice, signedIn, signOut, can: (c) => (me ? staffCan(me.roles, c) : false) }),
    [me, notice, signedIn, signOut],
  );
  return <Context.Provider value={value}>{children}</Context.Provider>;
}

export function useStaffSession(): StaffSession {
  const value = useContext(Context);
  if (!value) throw new Error('useStaffSession outside StaffSessionProvider');
  return value;
}
