import { useEffect } from 'react';

const SITE_DESCRIPTION = 'Wholesale ordering for shops, hotels, restaurants, caterers and offices in Pakistan.';

/**
 * Issue 15 (13): each page's own title and description. The server writes them into the HTML of
 * /bmpl product and category URLs for crawlers; this keeps them right as the buyer moves in the app.
 */
export function usePageMeta(title: string | null, description?: string | null): void {
  useEffect(() => {
    if (!title) return;
    document.title = title;
    let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = (description ?? SITE_DESCRIPTION).replace(/\s+/g, ' ').trim().slice(0, 160);
  }, [title, description]);
}
