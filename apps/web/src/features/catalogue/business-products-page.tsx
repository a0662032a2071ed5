import { Link, Navigate, useLocation } from 'react-router';
import { useCategories } from './catalogue-api.ts';
import { ListingView } from './listing-view.tsx';

interface BusinessState {
  businessId?: number;
  businessName?: string;
  businessNameArray?: string[];
}

/** SPEC 2: products of a business type; state has businessId, businessName and the breadcrumb array. */
export function BusinessProductsPage() {
  const state = (useLocation().state ?? {}) as BusinessState;
  const { data: categories = [] } = useCategories();
  if (typeof state.businessId !== 'number') return <Navigate to="/business" replace />;
  const trail = state.businessNameArray?.length ? state.businessNameArray : ['Business', state.businessName ?? ''];
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      <nav aria-label="Breadcrumb" className="mb-2 text-sm text-slate-700">
        <ol className="flex flex-wrap gap-1">
          {trail.map((name, i) => (
            <li key={`${name}-${i}`} className={i ? "before:mx-1 before:content-['/']" : ''}>
              {i === 0 ? <Link to="/business" className="text-brand hover:underline">{name}</Link> : i === trail.length - 1 ? <span aria-current="page">{name}</span> : name}
            </li>
          ))}
        </ol>
      </nav>
      <ListingView
        key={state.businessId}
        title={<h1 className="text-2xl font-bold">{state.businessName}</h1>}
        path="/api/custom_route/get_products_by_business"
        scope={{ businessTypeId: state.businessId }}
        categories={categories}
        rootId={null}
        empty="There is no product in the selected business."
      />
    </main>
  );
}
