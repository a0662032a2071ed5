import { GUEST_USER } from '@shop/domain/guest-user';
import type { Session, SessionUser } from '@shop/domain/auth';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { api, setUnauthorizedHandler } from './api.ts';
import { forgetOfflineAnswers } from './use-online.ts';
import { getToken, readJson, STORAGE_KEYS, setToken, writeJson } from './storage.ts';

interface SessionState {
  user: SessionUser | null;
  /** True once a token (guest or registered) is stored. */
  isReady: boolean;
  isGuest: boolean;
  signIn(session: Session): void;
  /** SPEC 4: ends the session on the server, clears local storage (the cart too unless Guest) and opens a new guest session. */
  signOut(): void;
  updateUser(user: SessionUser): void;
}

const SessionContext = createContext<SessionState | null>(null);

async function openGuestSession(): Promise<Session> {
  return api<Session>('/api/auth/login', { body: { step: 'Guest' } });
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(() => (getToken() ? readJson<SessionUser>(STORAGE_KEYS.user) : null));
  const [isReady, setReady] = useState(() => getToken() != null);

  const store = useCallback((session: Session) => {
    // Prices depend on who is signed in: answers kept for offline reading belong to the last session.
    if (session.token !== getToken()) forgetOfflineAnswers();
    setToken(session.token);
    writeJson(STORAGE_KEYS.user, session.user);
    setUser(session.user);
    setReady(true);
  }, []);

  const startGuest = useCallback(() => {
    localStorage.removeItem(STORAGE_KEYS.token);
    localStorage.removeItem(STORAGE_KEYS.user);
    setReady(false);
    // SPEC 4: if the guest call fails, the loader stops (the page shows without a session).
    openGuestSession()
      .then(store)
      .catch(() => setReady(true));
  }, [store]);

  useEffect(() => {
    // SPEC 1: on first arrival without a stored token, silently open a guest session.
    if (!getToken()) startGuest();
    else if (!readJson(STORAGE_KEYS.user)) setUser(GUEST_USER);
    setUnauthorizedHandler(startGuest);
  }, [startGuest]);

  const signOut = useCallback(() => {
    const wasGuest = (user?.type ?? 'Guest') === 'Guest';
    // Issue 14: the server ends the session, so a copy of the token stops working too. The call
    // takes the token now; local storage is cleared at once, so the user is signed out here even
    // when the call fails (no connection).
    if (!wasGuest) api('/api/auth/logout', { method: 'POST', keepalive: true }).catch(() => {});
    const cart = localStorage.getItem(STORAGE_KEYS.cart);
    const city = localStorage.getItem(STORAGE_KEYS.city);
    localStorage.clear();
    if (wasGuest && cart) localStorage.setItem(STORAGE_KEYS.cart, cart);
    if (city) localStorage.setItem(STORAGE_KEYS.city, city);
    window.dispatchEvent(new Event('cart-storage'));
    setUser(null);
    startGuest();
  }, [user, startGuest]);

  const value = useMemo<SessionState>(
    () => ({
      user,
      isReady,
      isGuest: (user?.type ?? 'Guest') === 'Guest',
      signIn: store,
      signOut,
      updateUser: (u) => {
        writeJson(STORAGE_KEYS.user, u);
        setUser(u);
      },
    }),
    [user, isReady, store, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionState {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession outside SessionProvider');
  return ctx;
}
