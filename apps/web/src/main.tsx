import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter, preloadPage } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // The first render as a transition: React draws it in small slices and yields between them, so a
  // phone's main thread is never held for the whole shell at once (issue 15, total blocking time).
  // The page's chunk first (the server's HTML has it preloaded on the landing pages), so the first
  // render draws the shell and the page together, as the data router's first render did (issue 41).
  void preloadPage(window.location).then(() => {
    const app = createRoot(root);
    startTransition(() =>
      app.render(
        <StrictMode>
          <AppRouter />
        </StrictMode>,
      ),
    );
  });
}

// Issue 15 (14): the service worker (built by vite-plugin-pwa), registered once the first load has
// settled: 5 s after the page's load event, when the browser is idle. Its install downloads every page's
// chunk for offline use; started at the load event it competed with the page's own data, images and
// renders on a slow phone (Lighthouse: /home 68-81 with it at load, 89-97 without it, total blocking
// time 577-1,314 ms against 81-301 ms). Not in development: Vite serves modules the worker must not keep.
const SERVICE_WORKER_AFTER_LOAD_MS = 5_000;
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    setTimeout(() => {
      const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 10_000 });
      else register();
    }, SERVICE_WORKER_AFTER_LOAD_MS);
  });
}
