import { formatKarachiDate } from '@shop/domain/karachi-time';
import { formatRupees, fromPaisa, toPaisa } from '@shop/domain/money';
import { decideOrderStatus, lineTotal } from '@shop/domain/order-rules';
import type { OrderList, Proposal, ProposedLine } from '@shop/domain/reorder';
import { orderListRights, parseRowQuantity, QUANTITY_RULE } from '@shop/domain/reorder-rules';
import { useState } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { LoadError } from '../../components/ui/load-error.tsx';
import { LineProblem, lineDomId, lineKey, ProposalTotal } from '../../components/ui/proposed-lines.tsx';
import { api, ApiError } from '../../lib/api.ts';
import { addCartLines } from '../../lib/cart-store.ts';
import { useSession } from '../../lib/session.tsx';
import { notify } from '../../lib/toast.ts';
import { usePageMeta } from '../../lib/use-page-meta.ts';
import { useOrderList } from './reorder-api.ts';
import { ListEditor } from './order-list-editor.tsx';
import { SignInFirst } from './sign-in-first.tsx';

/**
 * Issue 21: one order list. Everyone in the business puts the whole list, or the products they tick
 * at this week's quantities, in the cart at today's prices (problems named per product); an Owner
 * or Approver also renames it, changes its usual quantities, adds and removes products, or deletes it.
 */
export function OrderListPage() {
  const { id } = useParams();
  const listId = Number(id);
  const { user, isGuest } = useSession();
  const registered = user != null && !isGuest;
  const list = useOrderList(listId, registered);
  const location = useLocation();
  const [isEditing, setEditing] = useState((location.state as { edit?: boolean } | null)?.edit === true);
  usePageMeta(list.data?.name ?? 'Order list', 'An order list of your business.');
  if (!registered) return <SignInFirst title="Order list" />;
  const canEdit = orderListRights(user.type).canEdit;
  return (
    <main className="mx-auto max-w-4xl px-3 py-6 md:px-4">
      <p className="text-sm">
        <Link to="/order-lists" className="text-brand underline">
          Order lists
        </Link>
      </p>
      {list.isLoading ? (
        <p role="status" className="mt-4 text-sm text-slate-600">Loading the list…</p>
      ) : list.error ? (
        list.error instanceof ApiError && list.error.status === 404 ? (
          <>
            <h1 className="mt-1 text-2xl font-bold">Order list</h1>
            <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">There is no such list in your business.</p>
          </>
        ) : (
          <LoadError what="The list" error={list.error} onRetry={() => list.refetch()} />
        )
      ) : list.data ? (
        isEditing && canEdit ? (
          <ListEditor key={list.data.version} list={list.data} onDone={() => setEditing(false)} />
        ) : (
          <ListOrder key={list.data.version} list={list.data} canEdit={canEdit} onEdit={() => setEditing(true)} />
        )
      ) : null}
    </main>
  );
}

function ListHeading({ list }: { list: OrderList }) {
  return (
    <>
      <h1 className="mt-1 text-2xl font-bold break-words">{list.name}</h1>
      <p className="text-sm text-slate-600">
        {list.item_count} {list.item_count === 1 ? 'product' : 'products'} · changed by {list.updated_by} on {formatKarachiDate(list.updated_at)}
      </p>
    </>
  );
}

interface Choice {
  checked: boolean;
  quantity: string;
}

/** Ordering from the list: tick products, set this week's quantities, put them in the cart. */
function ListOrder({ list, canEdit, onEdit }: { list: OrderList; canEdit: boolean; onEdit: () => void }) {
  const navigate = useNavigate();
  const [choices, setChoices] = useState<Map<string, Choice>>(
    () => new Map(list.items.map((l) => [lineKey(l), { checked: l.cart_line != null, quantity: String(l.wanted) }])),
  );
  const [isAdding, setAdding] = useState(false);
  const choiceOf = (l: ProposedLine) => choices.get(lineKey(l)) ?? { checked: false, quantity: String(l.wanted) };
  const set = (l: ProposedLine, change: Partial<Choice>) => setChoices((m) => new Map(m).set(lineKey(l), { ...choiceOf(l), ...change }));

  const chosen = list.items.filter((l) => l.cart_line && l.product_id != null && choiceOf(l).checked);
  const invalid = chosen.filter((l) => parseRowQuantity(choiceOf(l).quantity) === null);
  // This week's total as the server will price it (the stock caps a quantity, and names it).
  const total = chosen.reduce((sum, l) => {
    const q = Math.min(parseRowQuantity(choiceOf(l).quantity) ?? 0, l.stock);
    return sum + toPaisa(lineTotal(l.unit_price ?? '0.00', q));
  }, 0);
  const overLimit = list.limit != null && decideOrderStatus({ userType: 'Orderer', paymentMode: 'Cash', limit: list.limit, total }) === 'Pending';
  const everything = chosen.length === list.items.filter((l) => l.cart_line).length && chosen.every((l) => choiceOf(l).quantity === String(l.wanted));

  async function addToCart() {
    if (chosen.length === 0 || invalid.length > 0) return;
    setAdding(true);
    try {
      const body = everything ? {} : { items: chosen.map((l) => ({ product_id: l.product_id as number, quantity: parseRowQuantity(choiceOf(l).quantity) as number })) };
      const priced = await api<Proposal>(`/api/order-lists/${list.id}/cart`, { body });
      const added = addCartLines(priced.lines.flatMap((l) => (l.cart_line ? [l.cart_line] : [])));
      notify.success(`${added} ${added === 1 ? 'product' : 'products'} from "${list.name}" added to your cart`);
      const named = priced.lines.filter((l) => l.problem);
      if (named.length) notify.error(named.map((l) => l.problem?.text).join(' '));
      navigate('/cart');
    } catch (err) {
      notify.error(err instanceof Error ? err.message : 'Something went wrong.');
    } finally {
      setAdding(false);
    }
  }

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <ListHeading list={list} />
        </div>
        {canEdit && (
          <button type="button" onClick={onEdit} className="rounded-md border border-slate-300 bg-white px-4 py-2 font-semibold">
            Edit list
          </button>
        )}
      </div>
      {list.items.length === 0 ? (
        <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">
          This list has no products yet.{canEdit ? ' Edit the list to add some.' : ''}
        </p>
      ) : (
        <>
        <p className="mt-4 flex justify-between px-3 text-xs font-semibold text-slate-600 uppercase" aria-hidden="true">
          <span>Product</span>
          <span>Quantity this time</span>
        </p>
        <ul aria-label={`Products of ${list.name}`} className="mt-1 divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {list.items.map((l) => {
            const c = choiceOf(l);
            const canAdd = l.cart_line != null && l.product_id != null;
            const bad = c.checked && canAdd && parseRowQuantity(c.quantity) === null;
            return (
              <li key={lineKey(l)} aria-label={l.product_name} className="flex gap-3 p-3">
                <input
                  id={lineDomId('choose', lineKey(l))}
                  type="checkbox"
                  className="mt-0.5 h-6 w-6 shrink-0 accent-brand"
                  aria-label={`Choose ${l.product_name}`}
                  checked={canAdd && c.checked}
                  disabled={!canAdd}
                  onChange={(e) => set(l, { checked: e.target.checked })}
                />
                <div className="min-w-0 flex-1">
                  <label htmlFor={lineDomId('choose', lineKey(l))} className="block font-semibold">
                    {l.product_name}
                  </label>
                  <p className="text-xs text-slate-600">
                    {l.sku && `${l.sku} · `}usually {l.wanted}
                    {l.unit_price && ` · ${formatRupees(l.unit_price)} each`}
                  </p>
                  <LineProblem line={l} />
                  {bad && <p className="mt-1 text-sm font-semibold text-red-700">{QUANTITY_RULE}</p>}
                </div>
                {canAdd && (
                  <input
                    aria-label={`Quantity this time of ${l.product_name}`}
                    inputMode="numeric"
                    value={c.quantity}
                    onChange={(e) => set(l, { quantity: e.target.value.slice(0, 5), checked: true })}
                    className={`h-10 w-16 shrink-0 rounded-md border px-2 text-right ${bad ? 'border-red-500' : 'border-slate-300'}`}
                  />
                )}
              </li>
            );
          })}
        </ul>
        </>
      )}
      <div className="mt-4 rounded-lg border border-slate-200 bg-white p-3">
        <ProposalTotal total={fromPaisa(total)} limit={list.limit} overLimit={overLimit} />
        <div className="mt-3 flex flex-col gap-2 sm:flex-row sm:justify-end">
          <button
            type="button"
            onClick={() => void addToCart()}
            disabled={chosen.length === 0 || invalid.length > 0 || isAdding}
            className="rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {isAdding ? 'Adding…' : everything ? 'Add the whole list to cart' : `Add ${chosen.length} ${chosen.length === 1 ? 'product' : 'products'} to cart`}
          </button>
        </div>
      </div>
    </>
  );
}
