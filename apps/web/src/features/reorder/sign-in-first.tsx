import { Link } from 'react-router';

/** Reorder, quick order and order lists are a registered business's (a guest has no orders or lists). */
export function SignInFirst({ title }: { title: string }) {
  return (
    <main className="mx-auto max-w-6xl px-4 py-6">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">
        Please{' '}
        <Link to="/sign-in" className="font-semibold text-brand underline">
          sign in
        </Link>{' '}
        to order for your business.
      </p>
    </main>
  );
}
