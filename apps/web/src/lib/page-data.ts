import type { LoaderFunctionArgs } from 'react-router';

/**
 * A route loader that starts a page's queries as soon as its route matches, in parallel with the
 * page's chunk, instead of after the page has rendered once (issue 15: on a phone the first render
 * took a few hundred milliseconds before any request left). It does not wait for them: the page draws
 * at once with its skeletons and its data follows. Waiting would delay the first paint by a round trip,
 * which Lighthouse counts against the largest contentful paint of pages whose headline needs no data.
 * A failed query is left to the page, which shows it with a Retry.
 */
export function pageData(prefetch: (args: LoaderFunctionArgs) => Array<Promise<unknown>>) {
  return (args: LoaderFunctionArgs): null => {
    for (const started of prefetch(args)) started.catch(() => undefined);
    return null;
  };
}
