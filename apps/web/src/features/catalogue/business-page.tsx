import type { BusinessType } from '@shop/domain/catalogue';
import { uploadedImageSources } from '@shop/domain/product-images';
import { Link, Navigate, useParams } from 'react-router';
import { useBusinessTypes } from './catalogue-api.ts';

/** The chain of types from the root down to `id` (for the breadcrumb). */
function ancestry(types: readonly BusinessType[], id: number | null): BusinessType[] {
  const chain: BusinessType[] = [];
  let current = types.find((t) => t.id === id);
  while (current && chain.length < 10) {
    chain.unshift(current);
    const parent = current.parentId;
    current = types.find((t) => t.id === parent);
  }
  return chain;
}

/** SPEC 2: business-type browser; a type without children redirects to its products. */
export function BusinessPage() {
  const params = useParams();
  const id = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : null;
  const { data: types, isPending } = useBusinessTypes();
  if (params.id !== undefined && id === null) return <Navigate to="/pageNotFound" replace />;
  if (isPending || !types) {
    return (
      <main className="mx-auto max-w-6xl px-4 py-6">
        <div className="flex justify-center py-16" role="status" aria-label="Loading">
          <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand" />
        </div>
      </main>
    );
  }
  const current = id === null ? null : types.find((t) => t.id === id);
  if (id !== null && !current) return <Navigate to="/pageNotFound" replace />;
  const chain = ancestry(types, id);
  const children = types.filter((t) => t.parentId === id);
  if (current && children.length === 0) {
    return (
      <Navigate
        to="/businessProducts"
        replace
        state={{ businessId: current.id, businessName: current.name, businessNameArray: ['Business', ...chain.map((t) => t.name)] }}
      />
    );
  }
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-700">
        <ol className="flex flex-wrap gap-1">
          <li>{chain.length ? <Link to="/business" className="text-brand hover:underline">Business</Link> : 'Business'}</li>
          {chain.map((t, i) => (
            <li key={t.id} className="before:mx-1 before:content-['/']">
              {i < chain.length - 1 ? <Link to={`/business/${t.id}`} className="text-brand hover:underline">{t.name}</Link> : <span aria-current="page">{t.name}</span>}
            </li>
          ))}
        </ol>
      </nav>
      <h1 className="mt-2 mb-4 text-2xl font-bold">{current ? current.name : 'Business'} Types</h1>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {children.map((t) => (
          <li key={t.id}>
            <Link to={`/business/${t.id}`} className="group block overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
              {t.image && <img src={t.image} srcSet={uploadedImageSources(t.image)?.webp} sizes="(min-width: 768px) 560px, 50vw" alt="" width={400} height={200} loading="lazy" className="aspect-[2/1] w-full object-cover" />}
              <span className="block p-3 text-center font-semibold group-hover:underline">{t.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </main>
  );
}
