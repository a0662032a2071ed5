import { ApiError } from '../../lib/api.ts';

/** Why a load failed, in words a buyer can act on (the server's `error` text is safe to show). */
export function loadErrorReason(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  if (typeof navigator !== 'undefined' && !navigator.onLine) return 'No connection. Please check your internet and try again.';
  return 'Something went wrong. Please try again.';
}

/**
 * Issue 15 (11): a failed API call says what failed and offers a Retry, instead of a blank or a
 * misleading "not found". `what` names the thing that failed ("The product").
 */
export function LoadError({ what, error, onRetry, retrying = false }: { what: string; error: unknown; onRetry: () => void; retrying?: boolean }) {
  return (
    <div role="alert" className="mx-auto my-8 max-w-md rounded-lg border border-red-200 bg-red-50 p-4 text-center text-slate-900">
      <p className="font-semibold">{what} could not be loaded.</p>
      <p className="mt-1 text-sm text-slate-700">{loadErrorReason(error)}</p>
      <button
        type="button"
        onClick={onRetry}
        disabled={retrying}
        className="mt-3 min-h-11 rounded-md bg-brand px-5 font-semibold text-white disabled:opacity-60"
      >
        {retrying ? 'Retrying…' : 'Retry'}
      </button>
    </div>
  );
}
