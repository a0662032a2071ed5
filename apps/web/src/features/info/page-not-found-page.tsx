import { Link } from 'react-router';

export function PageNotFoundPage() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p className="mt-4 text-lg text-slate-700">
        Sorry, the page you're looking for may have been moved or is no longer available. Let us help you reach the right place
      </p>
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/home" className="rounded-md bg-brand px-4 py-2 font-semibold text-white">Go to the shop</Link>
        <Link to="/bmpl" className="rounded-md border border-brand px-4 py-2 font-semibold text-brand">Buy More Pay Less</Link>
      </div>
    </main>
  );
}
