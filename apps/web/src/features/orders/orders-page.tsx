import { groupOrders } from '@shop/domain/order-rules';
import { orderListRights } from '@shop/domain/reorder-rules';
import { AccountSideNav } from '../../components/ui/account-side-nav.tsx';
import { useOrders } from '../../lib/orders-query.ts';
import { useSession } from '../../lib/session.tsx';
import { OrderCard } from './order-card.tsx';

/** SPEC 2 Order History: In Process, then Pending (awaiting an Approver), Delivered, Rejected. */
export function OrdersPage() {
  const { user } = useSession();
  const orders = useOrders(user);
  const groups = groupOrders(orders.data ?? []);
  return (
    <main className="mx-auto flex max-w-6xl gap-6 px-4 py-6">
      <AccountSideNav />
      <div className="min-w-0 flex-1">
        <h1 className="text-2xl font-bold">Order History</h1>
        {orders.isLoading ? (
          <p role="status" className="mt-4 text-sm text-slate-600">Loading orders…</p>
        ) : groups.length === 0 ? (
          <p className="mt-4 rounded-lg border border-slate-200 bg-white p-6 text-center">There is no Order History!</p>
        ) : (
          groups.map((g) => (
            <section key={g.status} className="mt-5" aria-labelledby={`group-${g.status}`}>
              <h2 id={`group-${g.status}`} className="mb-2 text-lg font-bold">
                {g.status} <span className="text-sm font-normal text-slate-600">({g.orders.length})</span>
              </h2>
              <ul className="space-y-3">
                {g.orders.map((o) => (
                  <OrderCard key={o.id} order={o} helpNo={user?.help_no ?? ''} canKeepLists={orderListRights(user?.type).canEdit} />
                ))}
              </ul>
            </section>
          ))
        )}
      </div>
    </main>
  );
}
