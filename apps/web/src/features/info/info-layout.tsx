import type { InfoPageSlug } from '@shop/domain/content';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { PageText, useInfoPage } from './page-text.tsx';

const PAGES = [
  { to: '/privacypolicy', label: 'Privacy Policy' },
  { to: '/termsAndConditions', label: 'Terms and Conditions' },
  { to: '/faqs', label: 'FAQs' },
];

/** SPEC 2: the information pages with a sidebar linking the three. */
export function InfoLayout({ slug, title, updated, children }: { slug: InfoPageSlug; title: string; updated?: string; children: ReactNode }) {
  // Issue 19: staff's own text replaces the built-in one once written.
  const written = useInfoPage(slug).data;
  return (
    <main className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 md:flex-row md:items-start">
      <aside className="md:sticky md:top-4 md:w-60 md:shrink-0">
        <nav aria-label="Information pages" className="rounded-xl bg-white p-2 shadow-sm ring-1 ring-slate-200">
          <ul className="flex flex-wrap gap-1 md:flex-col">
            {PAGES.map((p) => (
              <li key={p.to} className="shrink-0">
                <NavLink
                  to={p.to}
                  className={({ isActive }) => `block whitespace-nowrap rounded-md px-3 py-2 text-sm font-medium ${isActive ? 'bg-brand text-white' : 'text-slate-800 hover:bg-slate-100'}`}
                >
                  {p.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      </aside>
      <article className="min-w-0 flex-1 rounded-xl bg-white p-5 leading-relaxed text-slate-800 shadow-sm ring-1 ring-slate-200 sm:p-8 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-bold [&_h2]:text-slate-900 [&_li]:ml-5 [&_li]:list-disc [&_p]:mt-2 [&_ul]:mt-2">
        <h1 className="text-2xl font-bold text-brand">{written?.title ?? title}</h1>
        {written ? <p className="text-sm text-slate-600">Last updated: {written.updated_at.slice(0, 10)}</p> : updated && <p className="text-sm text-slate-600">Last updated: {updated}</p>}
        {written ? <PageText body={written.body} /> : children}
      </article>
    </main>
  );
}
