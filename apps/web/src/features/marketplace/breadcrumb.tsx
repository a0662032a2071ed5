import { Fragment } from 'react';
import { Link } from 'react-router';

export interface Crumb {
  label: string;
  to?: string;
}

/** SPEC 2 breadcrumb: BMPL > category > subcategory (> product). The last crumb is the current page. */
export function Breadcrumb({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-600">
      <ol className="flex flex-wrap items-center gap-1">
        {crumbs.map((c, i) => (
          <Fragment key={`${c.label}-${i}`}>
            {i > 0 && <li aria-hidden="true">&gt;</li>}
            <li>
              {c.to && i < crumbs.length - 1 ? (
                <Link to={c.to} className="text-brand hover:underline">{c.label}</Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined} className="font-semibold text-slate-800">{c.label}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
