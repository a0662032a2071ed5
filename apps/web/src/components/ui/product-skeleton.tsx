/**
 * Issue 15 (10): the product page's shape while it loads (breadcrumb line, square image box, title
 * and price lines), so nothing moves when the product arrives (a small spinner gave CLS 0.53).
 */
export function ProductSkeleton({ label = 'Loading product', breadcrumb = false }: { label?: string; breadcrumb?: boolean }) {
  return (
    <main className="mx-auto max-w-6xl px-3 py-4 md:px-4" role="status" aria-label={label}>
      {breadcrumb && <div className="mb-2 h-10 w-2/3 rounded bg-slate-100 md:h-5" />}
      <div className="grid gap-6 md:grid-cols-2">
        <div className="rounded-lg border border-slate-200 bg-white p-3">
          <div className="aspect-square w-full animate-pulse rounded bg-slate-100" />
        </div>
        <div className="space-y-3">
          <div className="h-4 w-24 rounded bg-slate-100" />
          <div className="h-8 w-4/5 rounded bg-slate-100" />
          <div className="h-7 w-32 rounded bg-slate-100" />
          <div className="h-24 w-full rounded bg-slate-100" />
        </div>
      </div>
    </main>
  );
}
