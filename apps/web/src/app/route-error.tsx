import type React from 'react';
import { useEffect, useState } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { LoadError } from '../components/ui/load-error.tsx';

const RELOAD_KEY = 'chunk-reload-at';
const RELOAD_GAP_MS = 30_000;

/** The messages browsers give when a lazy page chunk is gone (a deploy replaced the files). */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error ?? '');
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported|Unable to preload CSS|Failed to load module script/i.test(message);
}

/**
 * Reloads the page once when a page chunk is missing, so the browser fetches the new index.html and
 * its new chunk names. Once per 30 s: if the chunk is still missing after the reload, the error shows
 * instead of a reload loop.
 */
function reloadOnce(): boolean {
  try {
    const last = Number(sessionStorage.getItem(RELOAD_KEY) ?? 0);
    if (Date.now() - last < RELOAD_GAP_MS) return false;
    sessionStorage.setItem(RELOAD_KEY, String(Date.now()));
  } catch {
    return false;
  }
  window.location.reload();
  return true;
}

/** Issue 15 (11): every route's error element; the shell (bars, footer) stays around it. */
export function RouteError() {
  const error = useRouteError();
  if (isChunkLoadError(error) && reloadOnce()) {
    return (
      <p role="status" className="py-12 text-center text-slate-700">
        Updating to the latest version…
      </p>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <main className="py-12 text-center">
        <h1 className="text-xl font-bold">Page not found</h1>
        <Link to="/home" className="mt-3 inline-block font-semibold text-brand underline">Go to the home page</Link>
      </main>
    );
  }
  return (
    <main>
      <h1 className="sr-only">Something went wrong</h1>
      <LoadError
        what="This page"
        error={error}
        onRetry={() => window.location.reload()}
      />
    </main>
  );
}

/**
 * Shown in place of a page whose chunk would not load. Rendered once the navigation has committed, so
 * the reload opens the page the buyer asked for (the new index.html names the new chunks); if it was
 * reloaded for this less than 30 s ago, it says so with a Retry instead of reloading again.
 */
function PageChunkMissing() {
  const [reloading, setReloading] = useState(true);
  useEffect(() => {
    if (!reloadOnce()) setReloading(false);
  }, []);
  if (reloading) {
    return (
      <p role="status" className="py-12 text-center text-slate-700">
        Updating to the latest version…
      </p>
    );
  }
  return (
    <main>
      <h1 className="sr-only">Something went wrong</h1>
      <LoadError what="This page" error={null} onRetry={() => window.location.reload()} />
    </main>
  );
}

/**
 * A route's lazy page, with the deploy case handled where it happens (the router's own handling of a
 * failed lazy load left the page blank): a missing chunk shows PageChunkMissing, which reloads once.
 */
export function lazyPage(load: () => Promise<React.ComponentType>) {
  return async (): Promise<{ Component: React.ComponentType }> => {
    try {
      return { Component: await load() };
    } catch (err) {
      if (!isChunkLoadError(err)) throw err;
      return { Component: PageChunkMissing };
    }
  };
}
