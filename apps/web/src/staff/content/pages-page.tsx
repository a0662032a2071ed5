import { type InfoPage, type InfoPageSlug, INFO_PAGE_TITLES, INFO_PAGES, pageBlocks } from '@shop/domain/content';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { btn, ErrorLine, field, Panel } from '../orders/desk-ui.tsx';
import { staffApi } from '../staff-api.ts';

/** Issue 19: the information pages (FAQ, terms, privacy), edited with a preview read as the storefront reads it. */
export function PagesPage() {
  const client = useQueryClient();
  const pages = useQuery({ queryKey: ['staff', 'pages'], queryFn: () => staffApi<InfoPage[]>('/api/staff/content/pages') });
  const [slug, setSlug] = useState<InfoPageSlug>('faqs');
  const page = pages.data?.find((p) => p.slug === slug);
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [preview, setPreview] = useState(false);
  useEffect(() => {
    if (page) {
      setTitle(page.title);
      setBody(page.body);
    }
  }, [page]);
  const save = useMutation({
    mutationFn: () => staffApi<InfoPage>(`/api/staff/content/pages/${slug}`, { method: 'PUT', body: { title, body, version: page?.version ?? 0 } }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['staff', 'pages'] }),
  });
  return (
    <div className="flex flex-col gap-3 p-4">
      <h1 className="text-xl font-semibold">Information pages</h1>
      <ErrorLine error={pages.error} />
      <label className="flex w-72 flex-col gap-1 text-sm font-medium">
        Page
        <select className={field} value={slug} onChange={(e) => setSlug(e.target.value as InfoPageSlug)}>
          {INFO_PAGES.map((s) => (
            <option key={s} value={s}>
              {INFO_PAGE_TITLES[s]}
            </option>
          ))}
        </select>
      </label>
      {page && page.version === 0 ? <p className="text-sm text-slate-600">Not written yet: the storefront shows its built-in text until you save one.</p> : null}
      <div className="grid grid-cols-1 gap-3 xl:grid-cols-2">
        <Panel title="Text">
          <form
            aria-label="Edit the page"
            noValidate
            className="flex flex-col gap-2"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate();
            }}
          >
            <label className="flex flex-col gap-1 text-sm font-medium">
              Title
              <input className={field} value={title} maxLength={120} onChange={(e) => setTitle(e.target.value)} />
            </label>
            <label className="flex flex-col gap-1 text-sm font-medium">
              Text (an empty line between blocks; “## ” starts a heading, “- ” a list item)
              <textarea className={`${field} h-96 font-mono`} value={body} onChange={(e) => setBody(e.target.value)} />
            </label>
            <div className="flex gap-2">
              <button type="button" className={btn.secondary} onClick={() => setPreview((p) => !p)} aria-pressed={preview}>
                Preview
              </button>
              <button type="submit" className={btn.primary} disabled={save.isPending}>
                Save page
              </button>
            </div>
            <ErrorLine error={save.error} />
            {save.isSuccess ? (
              <p role="status" className="text-sm text-emerald-800">
                Saved. The storefront shows it within 2 seconds.
              </p>
            ) : null}
          </form>
        </Panel>
        {preview ? (
          <Panel title="Preview">
            <article aria-label="Preview" className="leading-relaxed [&_h2]:mt-4 [&_h2]:text-lg [&_h2]:font-bold [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2">
              <h1 className="text-2xl font-bold">{title}</h1>
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
            </article>
          </Panel>
        ) : null}
      </div>
    </div>
  );
}
