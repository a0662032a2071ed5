import { Component, type ComponentType, type ReactNode, use, useEffect, useState } from 'react';
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
export function RouteError({ error }: { error: unknown }) {
  if (isChunkLoadError(error) && reloadOnce()) {
    return (
      <p role="status" className="py-12 text-center text-slate-700">
        Updating to the latest version…
      </p>
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
 * What a route's errorElement was under React Router's data router (issue 41: the app uses its
 * declarative router, about 17 KB gzip lighter on every first load): an error thrown while a page (or
 * the shell, for the outer one) renders shows RouteError in its place, until the next navigation.
 */
export class RouteErrorBoundary extends Component<{ locationKey: string; children: ReactNode }, { error: unknown; failed: boolean; locationKey: string }> {
  state = { error: null as unknown, failed: false, locationKey: this.props.locationKey };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: { locationKey: string }, state: { locationKey: string }) {
    return props.locationKey === state.locationKey ? null : { error: null, failed: false, locationKey: props.locationKey };
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
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

/** A route's page, loaded with its chunk on first use; preload() fetches it ahead (the first page, before the first render). */
export interface LazyPage {
  preload: () => Promise<unknown>;
  loaded?: ComponentType;
}

/**
 * A route's lazy page, with the deploy case handled where it happens: a missing chunk shows
 * PageChunkMissing, which reloads once. Drawn by PageView.
 */
export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let loading: Promise<unknown> | undefined;
  const page: LazyPage = {
    preload: () => {
      loading ??= load().then(
        (loaded) => {
          page.loaded = loaded;
        },
        (err: unknown) => {
          if (!isChunkLoadError(err)) throw err;
          page.loaded = PageChunkMissing;
        },
      );
      return loading;
    },
  };
  return page;
}

/**
 * A lazy page: until its chunk has loaded it suspends. The router's navigations are transitions, so
 * the page shown stays until the next one is ready (as the data router's lazy routes did); the first
 * page is preloaded before the first render (main.tsx).
 */
export function PageView({ page }: { page: LazyPage }) {
  if (!page.loaded) use(page.preload());
  const Loaded = page.loaded as ComponentType;
  return <Loaded />;
}
