import { type InfoPage, type InfoPageSlug, pageBlocks } from '@shop/domain/content';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../lib/api.ts';

/** Issue 19: the page as staff wrote it (null: not written; the built-in text stands). */
export function useInfoPage(slug: InfoPageSlug) {
  return useQuery({ queryKey: ['content', 'page', slug], queryFn: () => api<InfoPage | null>(`/api/content/pages/${slug}`), staleTime: 0 });
}

/** The blocks of a page's text (packages/domain content.ts pageBlocks), as plain text elements. */
export function PageText({ body }: { body: string }) {
  return (
    <>
      {pageBlocks(body).map((b, i) =>
        b.kind === 'heading' ? (
          <h2 key={i}>{b.text}</h2>
        ) : b.kind === 'list' ? (
          <ul key={i}>
            {b.items.map((item, j) => (
              <li key={j}>{item}</li>
            ))}
          </ul>
        ) : (
          <p key={i}>{b.text}</p>
        ),
      )}
    </>
  );
}
