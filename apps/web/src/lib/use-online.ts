import { useSyncExternalStore } from 'react';

/** Whether the browser believes it has a network (navigator.onLine, kept up by online/offline events). */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (cb) => {
      window.addEventListener('online', cb);
      window.addEventListener('offline', cb);
      return () => {
        window.removeEventListener('online', cb);
        window.removeEventListener('offline', cb);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** The runtime caches the service worker keeps API answers in (vite.config.ts, workbox runtimeCaching). */
export const API_CACHES = ['catalogue-api'];

/**
 * Forgets the API answers kept for offline reading: called when the session changes, so a phone
 * shared by two buyers never shows one the other's prices offline.
 */
export function forgetOfflineAnswers(): void {
  if (typeof caches === 'undefined') return;
  for (const name of API_CACHES) void caches.delete(name).catch(() => undefined);
}
