import type { Product } from '@shop/domain/catalogue';
import { LoadError } from '../../components/ui/load-error.tsx';
import { ProductCard } from '../../components/ui/product-card.tsx';
import { useProgressive } from '../../lib/use-progressive.ts';

/** Two rows of four on a wide screen, more than a phone shows: drawn with the data, the rest just after. */
const FIRST_CARDS = 8;

/** A grid of product cards with its empty text and a "more" button while the server has more. */
export function ProductGrid({
  items,
  isLoading,
  empty,
  moreLabel,
  hasMore,
  isFetchingMore,
  onMore,
  eagerCount = 0,
  error,
  onRetry,
}: {
  items: Product[];
  isLoading: boolean;
  empty: string;
  /** The "more" button, while the server has more (a list without pages, such as related products, has none). */
  moreLabel?: string;
  hasMore?: boolean;
  isFetchingMore?: boolean;
  onMore?: () => void;
  eagerCount?: number;
  /** The failed first load: shown with a Retry instead of the empty text. */
  error?: unknown;
  onRetry?: () => void;
}) {
  const shown = useProgressive(items, Math.max(FIRST_CARDS, eagerCount));
  if (isLoading) {
    return (
      <div className="flex justify-center py-10" role="status" aria-label="Loading products">
        <span className="h-8 w-8 animate-spin rounded-full border-4 border-slate-300 border-t-brand" />
      </div>
    );
  }
  if (items.length === 0 && error && onRetry) return <LoadError what="The products" error={error} onRetry={onRetry} />;
  if (items.length === 0) return <p className="py-10 text-center text-slate-700">{empty}</p>;
  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        {shown.map((p, i) => (
          <li key={p.id}>
            <ProductCard product={p} eager={i < eagerCount} />
          </li>
        ))}
      </ul>
      {hasMore && onMore && (
        <div className="mt-4 flex justify-center">
          <button
            type="button"
            onClick={onMore}
            disabled={isFetchingMore}
            className="rounded-md border border-brand px-6 py-2 font-semibold text-brand hover:bg-brand hover:text-white disabled:opacity-60"
          >
            {isFetchingMore ? 'Loading…' : moreLabel}
          </button>
        </div>
      )}
    </>
  );
}
