import { DEFAULT_CATEGORY, TOP_CATEGORIES } from '@shop/domain/constants';
import { toSlug } from '@shop/domain/slug';
import { useLocation } from 'react-router';
import { useCategories } from './catalogue-api.ts';
import { ListingView } from './listing-view.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';

type Top = (typeof TOP_CATEGORIES)[number];

/** SPEC 2: category listing; the category name (Food or Non Food) arrives in state, default Food. */
export function CategoriesPage() {
  const state = useLocation().state as { category?: string } | null;
  const name: Top = TOP_CATEGORIES.includes(state?.category as Top) ? (state?.category as Top) : DEFAULT_CATEGORY;
  usePageMeta(`${name} categories | Wholesale Shop`, `Browse ${name} products by category at wholesale prices.`);
  const { data: categories = [] } = useCategories();
  const top = categories.find((c) => c.level === 1 && c.name === name);
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4">
      {/* SPEC 2: the categories page's banner. Its address follows the slug, so it loads with the page, not after the category list. */}
      <section className="relative mb-4 overflow-hidden rounded-xl bg-brand">
        <img
          src={`/storage/art/desktop/${toSlug(name)}.svg`}
          alt=""
          width={1600}
          height={420}
          fetchPriority="high"
          className="aspect-[1600/420] w-full object-cover"
        />
        <div className="absolute bottom-0 left-0 rounded-tr-lg bg-black/55 px-3 py-2 text-white">
          <p className="text-xs">Shop by Categories</p>
          <h1 className="text-lg font-bold md:text-2xl">{name}</h1>
        </div>
      </section>
      <ListingView
        key={name}
        title={<h2 className="text-lg font-semibold">{name} products</h2>}
        path="/api/custom_route/get_products_by_categories"
        scope={{ topCategoryId: top?.id }}
        categories={categories}
        rootId={top?.id ?? -1}
        empty="There is no product found."
      />
    </main>
  );
}
