import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRouter } from './app/router.tsx';
import './index.css';

const root = document.getElementById('root');
if (root) {
  // The first render as a transition: React draws it in small slices and yields between them, so a
  // phone's main thread is never held for the whole shell at once (issue 15, total blocking time).
  const app = createRoot(root);
  startTransition(() =>
    app.render(
      <StrictMode>
        <AppRouter />
      </StrictMode>,
    ),
  );
}

// Issue 15 (14): the service worker (built by vite-plugin-pwa) after the page has loaded, so it never
// competes with the first load. Not in development: Vite serves modules the worker must not keep.
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  });
}
