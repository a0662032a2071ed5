import { formatKarachiDate } from '@shop/domain/karachi-time';
import type { OrderList } from '@shop/domain/reorder';
import { ORDER_LIST_NAME_MAX, orderListRights } from '@shop/domain/reorder-rules';
import { useQueryClient } from '@tanstack/react-query';
import { ChevronRight } from 'lucide-react';
import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { api } from '../../lib/api.ts';
import { useSession } from '../../lib/session.tsx';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useOrderLists } from './reorder-api.ts';
import { SignInFirst } from './sign-in-first.tsx';

/**
 * Issue 21: the business's named lists of what it orders again and again. Everyone in the business
 * orders from them; an Owner or Approver keeps them.
 */
export function OrderListsPage() {
  usePageMeta('Order lists', "Your business's lists of usual products and quantities.");
  const { user, isGuest } = useSession();
  const registered = user != null && !isGuest;
  const lists = useOrderLists(registered);
  if (!registered) return <SignInFirst title="Order lists" />;
  const canEdit = orderListRights(user.type).canEdit;
  return (
    <main className="mx-auto max-w-4xl px-3 py-6 md:px-4">
      <h1 className="text-2xl font-bold">Order lists</h1>
      <p className="mt-1 text-sm text-slate-700">
        {canEdit
          ? 'Lists of what your business orders again and again, at their usual quantities. Everyone in your business can order from them.'
          : 'Lists your business keeps of what it orders again and again. Open one to put all or part of it in your cart.'}
      </p>
      {canEdit && <NewListForm />}
      {lists.isLoading ? (
        <p role="status" className="mt-4 text-sm text-slate-600">Loading lists…</p>
      ) : lists.error ? (
        <LoadError what="The order lists" error={lists.error} onRetry={() => lists.refetch()} />
      ) : (lists.data ?? []).length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">
          There are no order lists yet.
          {canEdit && ' Make one above, or from a past order in Order History (Save as list).'}
        </p>
      ) : (
        <ul aria-label="Order lists" className="mt-4 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {(lists.data ?? []).map((l) => (
            <li key={l.id}>
              <Link to={`/order-lists/${l.id}`} className="flex items-center justify-between gap-3 px-4 py-4 hover:bg-slate-50">
                <span className="min-w-0">
                  <span className="block font-semibold">{l.name}</span>
                  <span className="block text-sm text-slate-600">
                    {l.item_count} {l.item_count === 1 ? 'product' : 'products'} · changed by {l.updated_by} on {formatKarachiDate(l.updated_at)}
                  </span>
                </span>
                <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </main>
  );
}

function NewListForm() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const id = useId();
  return (
    <form
      className="mt-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-3 sm:flex-row sm:items-end"
      onSubmit={async (e) => {
        e.preventDefault();
        if (!name.trim()) return setError('Give the list a name');
        setSaving(true);
        try {
          const list = await api<OrderList>('/api/order-lists', { body: { name: name.trim() } });
          void queryClient.invalidateQueries({ queryKey: ['order-lists'] });
          navigate(`/order-lists/${list.id}`, { state: { edit: true } });
        } catch (err) {
          setError(err instanceof Error ? err.message : 'Something went wrong.');
        } finally {
          setSaving(false);
        }
      }}
    >
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="block text-sm font-semibold">
          New list
        </label>
        <input
          id={id}
          value={name}
          maxLength={ORDER_LIST_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          placeholder="Weekly order"
          aria-invalid={error != null || undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <button type="submit" disabled={isSaving} className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        Create list
      </button>
    </form>
  );
}
