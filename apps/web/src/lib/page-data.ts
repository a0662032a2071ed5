import type { LoaderFunctionArgs } from 'react-router';

/** How long the first page waits for its data before it draws without it (its skeletons and spinners). */
const FIRST_PAGE_WAIT_MS = 1000;

let isAppShown = false;

/** Called once the app has drawn its first page (layouts/shell.tsx). */
export function markAppShown() {
  isAppShown = true;
}

/**
 * A route loader that starts a page's queries as soon as its route matches, not after the page has
 * rendered once. On the first load of the app it also waits for them (at most FIRST_PAGE_WAIT_MS), so the
 * first paint shows the page with its data in one render. Issue 15: the shell painted first and each
 * answer then re-rendered the page, and those renders were the long tasks Lighthouse counted as blocking
 * on a phone. Later navigations do not wait: the page draws at once, its queries already under way.
 * A failed query is left to the page, which shows it with a Retry.
 */
export function pageData(prefetch: (args: LoaderFunctionArgs) => Array<Promise<unknown>>) {
  return async (args: LoaderFunctionArgs): Promise<null> => {
    const started = Promise.all(prefetch(args).map((p) => p.catch(() => undefined)));
    if (!isAppShown) await Promise.race([started, new Promise((resolve) => setTimeout(resolve, FIRST_PAGE_WAIT_MS))]);
    return null;
  };
}
