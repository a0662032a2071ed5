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
